/**
 * Report queries (docs/rules/reports.md#pipeline; docs/rules/reports.md#metrics): a page of the SDK (online)
 * or affiliate (offline) report, its summary (the total row and the status of every day), each with its
 * period comparison when asked; the company an operator's screen opens on; the published days of the report
 * mails.
 */
import {
  type OfflineReportQuery,
  type OnlineReportQuery,
  type ReportCompareRange,
  type ReportKindValue,
  reportDateToIso,
  reportDateWindow,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { reportToday } from "../days.ts";
import { chunkedIfLarge, type QueryOptions } from "./chunked.ts";
import { type Comparison, comparedRows, comparedSelections, withCompared } from "./comparison.ts";
import { dayStatusesFor } from "./day-status.ts";
import { firstCompanyWithPublished, lastPublishedDay, publishedBatchesFrom } from "./repo.ts";
import { metricValues, offlineRows, onlineRows } from "./rows.ts";
import { emptySelection, type ReportQuery, type Viewer } from "./selection.ts";
import {
  countQuery,
  countsByGrouping,
  pageQuery,
  planOf,
  type ReportOrder,
  type ReportSelection,
  TOTAL_COLUMN,
} from "./sql.ts";

export type { QueryOptions } from "./chunked.ts";
export type { Viewer } from "./selection.ts";

async function pageOf(
  db: Db,
  selection: ReportSelection | null,
  query: ReportQuery & ReportOrder,
  options: QueryOptions,
) {
  if (!selection) return { rows: [] as Record<string, unknown>[], total: 0 };
  const plan = planOf(selection);
  const chunked = await chunkedIfLarge(db, selection, plan, options, {
    limit: query.pageSize,
    offset: (query.pageIndex - 1) * query.pageSize,
    orderBy: query.orderBy,
    order: query.order,
  });
  if (chunked) return chunked;
  const page = {
    limit: query.pageSize,
    offset: (query.pageIndex - 1) * query.pageSize,
    orderBy: query.orderBy,
    order: query.order,
  };
  if (countsByGrouping(selection, plan)) {
    // one pass sums the groups and counts them; only a page past the end needs the count on its own
    const { rows } = await pageQuery(selection, plan, page, true).execute(db);
    const first = rows[0];
    if (first) return { rows: rows.map(withoutTotal), total: Number(first[TOTAL_COLUMN]) };
  }
  const { rows: totals } = await countQuery(selection, plan).execute(db);
  const total = Number(totals[0]?.total ?? 0);
  if (page.offset >= total) return { rows: [], total };
  const { rows } = await pageQuery(selection, plan, page).execute(db);
  return { rows, total };
}

const withoutTotal = ({ [TOTAL_COLUMN]: _total, ...row }: Record<string, unknown>) => row;

async function reportPage<Row extends object>(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
  options: QueryOptions,
  answerRows: (selection: ReportSelection, rows: Record<string, unknown>[]) => Promise<Row[]> | Row[],
): Promise<{ list: Row[]; total: number; compareRange?: ReportCompareRange }> {
  const [selection, comparison] = await comparedSelections(db, kind, viewer, query, timeZone);
  const { rows, total } = await pageOf(db, selection, query, options);
  const list = selection ? await answerRows(selection, rows) : [];
  if (!comparison) return { list, total };
  const compared = selection ? await comparedRows(db, selection, comparison, rows, options) : new Map();
  return {
    list: selection ? withCompared(selection, list, rows, compared) : list,
    total,
    compareRange: comparison.range,
  };
}

export async function onlineReport(
  db: Db,
  viewer: Viewer,
  query: OnlineReportQuery,
  timeZone: string,
  options: QueryOptions = {},
) {
  return reportPage(db, "online", viewer, query, timeZone, options, (selection, rows) =>
    onlineRows(db, selection, rows),
  );
}

export async function offlineReport(
  db: Db,
  viewer: Viewer,
  query: OfflineReportQuery,
  timeZone: string,
  options: QueryOptions = {},
) {
  return reportPage(db, "offline", viewer, query, timeZone, options, offlineRows);
}

/** The status of every day of the query's range, and whether the viewer sees its numbers. */
const daysOf = (db: Db, kind: ReportKindValue, viewer: Viewer, query: ReportQuery, timeZone: string) =>
  dayStatusesFor(db, kind, viewer, query.companyId ?? viewer.companyId, query, timeZone);

/**
 * The company an operator's report screen opens on: the first publisher company with a published report
 * of the kind holding rows in the date window (90 days ending yesterday, REPORT_TZ); null when none has.
 */
export async function startCompany(db: Db, kind: ReportKindValue, timeZone: string): Promise<number | null> {
  const window = reportDateWindow(reportToday(timeZone));
  return firstCompanyWithPublished(
    db,
    kind,
    reportDateToIso(window.minDate),
    reportDateToIso(window.maxDate),
  );
}

/** The total row of a query (its dimensions ignored); zeros when it has no row. */
async function totalOf(
  db: Db,
  selection: ReportSelection | null,
  options: QueryOptions,
): Promise<Record<string, unknown>> {
  if (!selection) return {};
  const total = { ...selection, dims: [] };
  const plan = planOf(total);
  const page = { limit: 1, offset: 0, orderBy: null, order: null };
  const chunked = await chunkedIfLarge(db, total, plan, options, page);
  if (chunked) return chunked.rows[0] ?? {};
  const { rows } = await pageQuery(total, plan, page).execute(db);
  return rows[0] ?? {};
}

/** The comparison part of a summary: the total's comparison values and the range, or nothing when off. */
async function comparedTotal(db: Db, comparison: Comparison | null, options: QueryOptions) {
  if (!comparison) return null;
  const total = await totalOf(db, comparison.selection, options);
  return { values: metricValues(comparison.selection.model, total), range: comparison.range };
}

/**
 * The total row of a query with the status of every day, and the compared total when asked. The selection and
 * the days, then the total and the compared total, are each read on their own connection where the database
 * has several (PostgreSQL's pool).
 */
async function reportSummary<Row extends { compare?: unknown }>(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
  options: QueryOptions,
  answerRows: (selection: ReportSelection, rows: Record<string, unknown>[]) => Promise<Row[]> | Row[],
): Promise<{ total: Row; days: Awaited<ReturnType<typeof daysOf>>; compareRange?: ReportCompareRange }> {
  const [[selection, comparison], days] = await Promise.all([
    comparedSelections(db, kind, viewer, query, timeZone),
    daysOf(db, kind, viewer, query, timeZone),
  ]);
  const [total, compared] = await Promise.all([
    totalOf(db, selection, options),
    comparedTotal(db, comparison, options),
  ]);
  const [row] = await answerRows({ ...(selection ?? emptySelection(kind, viewer)), dims: [] }, [total]);
  if (!row) throw new Error("a total row is answered for every summary");
  if (!compared) return { total: row, days };
  return {
    total: { ...row, compare: compared.values as Row["compare"] },
    days,
    compareRange: compared.range,
  };
}

export const onlineSummary = (
  db: Db,
  viewer: Viewer,
  query: OnlineReportQuery,
  timeZone: string,
  options: QueryOptions = {},
) =>
  reportSummary(db, "online", viewer, query, timeZone, options, (selection, rows) =>
    onlineRows(db, selection, rows),
  );

export const offlineSummary = (
  db: Db,
  viewer: Viewer,
  query: OfflineReportQuery,
  timeZone: string,
  options: QueryOptions = {},
) => reportSummary(db, "offline", viewer, query, timeZone, options, offlineRows);

// ─── Published days (the scheduled report mails) ────────────────────────────────────────────────────────

/** Every published batch (company, kind, day yyyy-MM-DD, publish time) of the days from `from` on. */
export const publishedBatches = (db: Db, from: string) => publishedBatchesFrom(db, from);

/** Whether a company's report of a kind and day (yyyy-MM-DD) is published. */
export const isDayPublished = async (db: Db, companyId: number, kind: ReportKindValue, dt: string) =>
  (await lastPublishedDay(db, companyId, kind, dt)) === dt;

/** A company's last published day (yyyy-MM-DD) of a kind up to `to`, or null. */
export const lastPublished = (db: Db, companyId: number, kind: ReportKindValue, to: string) =>
  lastPublishedDay(db, companyId, kind, to);
