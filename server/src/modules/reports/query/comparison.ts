/**
 * Period comparison (issue 14 item 1): the same query over the comparison range, its rows matched to the
 * answered rows by their dimensions, the date moved by the range's shift.
 */
import {
  addReportDays,
  compareRangeOf,
  compareShiftDays,
  isoToReportDate,
  type ReportCompareRange,
  type ReportKindValue,
  reportDateToIso,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { MODELS } from "../model.ts";
import { chunkedIfLarge, type QueryOptions } from "./chunked.ts";
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

/** The comparison a query asks for (after its own checks), or null when `compare` is off. */
export async function comparisonOf(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
): Promise<Comparison | null> {
  if (query.compare === null) return null;
  const range = compareRangeOf(query.compare, query);
  const shift = compareShiftDays(query.compare, query.startDate, query.endDate);
  const found = await selectionOf(db, kind, viewer, query, timeZone, range);
  const start = reportDateToIso(range.startDate);
  const end = reportDateToIso(range.endDate);
  // nothing to read (no visible day, no app of that name): the same grouping over no day
  const selection = found ?? {
    ...emptySelection(kind, viewer),
    companyId: query.companyId ?? viewer.companyId,
    start,
    end,
    dims: dimsOf(MODELS[kind], query),
  };
  return { range: { compare: query.compare, ...range }, shift, selection, plan: planOf(selection) };
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
