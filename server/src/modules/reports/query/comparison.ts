/**
 * Period comparison (docs/rules/reports.md#comparison): the same query over the comparison range, its rows
 * matched to the answered rows by their dimensions, the date moved by the range's shift. Both sides count the
 * same days
 *: the days withheld from the reader are left out of both.
 */
import {
  addReportDays,
  comparedSpans,
  compareRangeOf,
  isoToReportDate,
  type ReportCompareRange,
  type ReportKindValue,
  reportDateToIso,
  reportDaysBetween,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { MODELS } from "../model.ts";
import { chunkedIfLarge, type QueryOptions } from "./chunked.ts";
import { dayStatusesFor, isWithheld } from "./day-status.ts";
import { isoDay, metricValues } from "./rows.ts";
import { dimsOf, emptySelection, type ReportQuery, selectionOf, type Viewer } from "./selection.ts";
import { columnOf, type Filter, type Plan, pageQuery, planOf, type ReportSelection } from "./sql.ts";

/** The comparison of a query: its range, how many days it lies before, and what it reads. */
export interface Comparison {
  range: ReportCompareRange;
  shift: number;
  /** The same query over the comparison range (no visible day: it reads nothing). */
  selection: ReportSelection;
  plan: Plan;
}

/** A selection narrowed to a range (yyyyMMdd) less some of its days; null when no day is left. */
function narrowed(
  selection: ReportSelection,
  range: { startDate: string; endDate: string },
  leftOut: readonly string[],
): ReportSelection | null {
  const start = reportDateToIso(range.startDate);
  const end = reportDateToIso(range.endDate);
  if (leftOut.length === 0 && selection.days === null) return { ...selection, start, end };
  const out = new Set(leftOut.map(reportDateToIso));
  const days = (
    selection.days ?? reportDaysBetween(range.startDate, range.endDate).map(reportDateToIso)
  ).filter((day) => day >= start && day <= end && !out.has(day));
  return days.length > 0 ? { ...selection, start, end, days } : null;
}

/**
 * A query's selection and its comparison (null when `compare` is off), each narrowed to the days its side
 * counts; the selection is null when it can have no row.
 */
export async function comparedSelections(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
): Promise<[ReportSelection | null, Comparison | null]> {
  if (query.compare === null) return [await selectionOf(db, kind, viewer, query, timeZone), null];
  const compare = query.compare;
  const companyId = query.companyId ?? viewer.companyId;
  // the widest comparison range: a shortened range lies fewer days before
  const widest = { startDate: compareRangeOf(compare, query).startDate, endDate: query.endDate };
  const [selection, statuses] = await Promise.all([
    selectionOf(db, kind, viewer, query, timeZone),
    dayStatusesFor(db, kind, viewer, companyId, widest, timeZone),
  ]);
  const withheld = new Set(statuses.filter(isWithheld).map((day) => isoToReportDate(day.dt)));
  const spans = comparedSpans(compare, query, withheld);
  const found = await selectionOf(db, kind, viewer, query, timeZone, spans.comparison);
  // nothing to read (no visible day, no app of that name): the same grouping over no day
  const compared = (found && narrowed(found, spans.comparison, spans.compareLeftOut)) ?? {
    ...emptySelection(kind, viewer),
    companyId,
    start: reportDateToIso(spans.comparison.startDate),
    end: reportDateToIso(spans.comparison.endDate),
    dims: dimsOf(MODELS[kind], query),
  };
  const range: ReportCompareRange = {
    compare,
    ...spans.comparison,
    currentStartDate: spans.current.startDate,
    currentEndDate: spans.current.endDate,
    days: spans.days,
    leftOut: spans.leftOut,
    compareLeftOut: spans.compareLeftOut,
  };
  return [
    selection && narrowed(selection, spans.current, spans.leftOut),
    { range, shift: spans.shift, selection: compared, plan: planOf(compared) },
  ];
}

const shiftIso = (iso: string, days: number) => reportDateToIso(addReportDays(isoToReportDate(iso), days));

/** A row's key: its dimensions, the date moved `shift` days later (a comparison row onto its match). */
function rowKey(selection: ReportSelection, row: Record<string, unknown>, shift = 0): string {
  return JSON.stringify(
    selection.dims.map((key) => {
      const value = row[columnOf(selection.model, key)];
      return key === "dt" ? shiftIso(isoDay(value) ?? "", shift) : String(value);
    }),
  );
}

const KEY_TYPES: Record<string, "date" | "int" | "text"> = {
  dt: "date",
  hour: "int",
  app: "int",
  pos: "int",
  style: "int",
};

/**
 * The comparison rows of a page's rows, by the key of the row each matches: the same query over the
 * comparison range restricted to the page's dimension values (so it reads little whatever the page).
 */
export async function comparedRows(
  db: Db,
  selection: ReportSelection,
  comparison: Comparison,
  rows: readonly Record<string, unknown>[],
  options: QueryOptions,
): Promise<Map<string, Record<string, unknown>>> {
  if (rows.length === 0 || comparison.selection.days?.length === 0) return new Map();
  const keyFilters: Filter[] = selection.dims.map((dim) => {
    const column = columnOf(selection.model, dim);
    const type = KEY_TYPES[dim] ?? "text";
    const values = [
      ...new Set(
        rows.map((row) =>
          dim === "dt" ? shiftIso(isoDay(row[column]) ?? "", -comparison.shift) : String(row[column]),
        ),
      ),
    ];
    return { dim, op: "anyOf", type, values: type === "int" ? values.map(Number) : values };
  });
  // filters on the grouped dimensions: the comparison's plan still holds
  const restricted = { ...comparison.selection, filters: [...comparison.selection.filters, ...keyFilters] };
  const page = { limit: REPORT_MAX_COMPARED_ROWS, offset: 0, orderBy: null, order: null };
  const found =
    (await chunkedIfLarge(db, restricted, comparison.plan, options, page))?.rows ??
    (await pageQuery(restricted, comparison.plan, page).execute(db)).rows;
  return new Map(found.map((row) => [rowKey(restricted, row, comparison.shift), row]));
}

/** Most comparison rows read for one page (its dimension values cross: a page of 1000 rows of 3 dimensions). */
const REPORT_MAX_COMPARED_ROWS = 1_000_000;

/** Each answered row with its comparison values (0 where the comparison period has no such row). */
export function withCompared<Row extends object>(
  selection: ReportSelection,
  list: Row[],
  rows: readonly Record<string, unknown>[],
  compared: Map<string, Record<string, unknown>>,
): Row[] {
  return list.map((row, index) => {
    const raw = rows[index] ?? {};
    return { ...row, compare: metricValues(selection.model, compared.get(rowKey(selection, raw)) ?? {}) };
  });
}
