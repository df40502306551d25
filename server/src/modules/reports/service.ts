/**
 * Report rules (issue 5; spec §3, §4, §5 Report dates, §7 Reports; DESIGN §5 Reports, Pipeline, §9):
 * ingest (all-or-nothing per batch, retries never double-count, appended only: late data leaves a calculated
 * day stale until it is recalculated),
 * the lifecycle (calculate through the `report_batch` queue, recalculate both kinds unpublished, publish,
 * delete), and the queries (the session's company, published days only for publishers, the date window).
 */
import {
  addReportDays,
  Code,
  checkReportDates,
  compareRangeOf,
  compareShiftDays,
  isoToReportDate,
  type OfflineMetricValues,
  type OfflineReportQuery,
  type OfflineReportRow,
  type OnlineMetricValues,
  type OnlineReportQuery,
  type OnlineReportRow,
  type ReportCompareRange,
  type ReportDayStatus,
  type ReportKindValue,
  ReportStatus,
  reportDateToIso,
  reportDateWindow,
  reportDaysBetween,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { containsPattern } from "../../lib/paging.ts";
import { chunkedPage, isLarge, rowsPerDay } from "./chunked.ts";
import { reportToday } from "./days.ts";
import { type KindModel, MODELS } from "./model.ts";
import {
  columnOf,
  countQuery,
  type Filter,
  type PageRequest,
  pageQuery,
  planOf,
  type ReportOrder,
  type ReportSelection,
} from "./query.ts";
import {
  appIdsNamed,
  appNames,
  dayStatuses,
  daysWithData,
  firstCompanyWithPublished,
  lastPublishedDay,
  placementNames,
  publishedBatchesFrom,
} from "./repo.ts";

// ─── Queries ────────────────────────────────────────────────────────────────────────────────────────────

export interface QueryOptions {
  /** PGlite: large groupings are summed a few days at a time, so no query holds it long. */
  embedded?: boolean;
  /** Rows a chunk may sum (tests make it small). */
  chunkRows?: number;
}

export interface Viewer {
  companyId: number;
  /** Operator admins read any company's reports, in any status. */
  seesAll: boolean;
}

type ReportQuery = OnlineReportQuery | OfflineReportQuery;

const isOnline = (query: ReportQuery): query is OnlineReportQuery => "appName" in query;

/**
 * The selection a query reads, after its rules: the company (the session's unless an operator admin, else
 * 402), the date window, the days the viewer may see. Null when it can have no row.
 */
async function selectionOf(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
  /** Another range (yyyyMMdd) than the query's: its comparison range, derived from checked dates. */
  range: { startDate: string; endDate: string } | null = null,
): Promise<ReportSelection | null> {
  if (query.companyId !== null && query.companyId !== viewer.companyId && !viewer.seesAll) {
    throw new AppError(Code.NoPermission, "companyMismatch", {}, "companyId");
  }
  if (!range) {
    const problem = checkReportDates(query, reportToday(timeZone));
    if (problem) throw new AppError(Code.ParamError, problem.message, {}, problem.field);
  }
  const model = MODELS[kind];
  const companyId = query.companyId ?? viewer.companyId;
  const start = reportDateToIso(range?.startDate ?? query.startDate);
  const end = reportDateToIso(range?.endDate ?? query.endDate);
  let days: string[] | null = null;
  if (!viewer.seesAll) {
    days = (await dayStatuses(db, { companyId, kind, from: start, to: end }, timeZone))
      .filter((day) => day.status === ReportStatus.Published)
      .map((day) => day.dt);
    if (days.length === 0) return null;
  }
  const filters: Filter[] = [];
  if (isOnline(query)) {
    if (query.appName !== null) {
      const ids = await appIdsNamed(db, companyId, containsPattern(query.appName));
      if (ids.length === 0) return null;
      filters.push({ dim: "app", op: "in", values: ids });
    }
    const adId = query.adId ?? query.addId;
    if (adId !== null) filters.push({ dim: "pos", op: "eq", value: adId });
    if (query.adStyle !== null) filters.push({ dim: "style", op: "eq", value: query.adStyle });
    if (query.country !== null) filters.push({ dim: "country", op: "eq", value: query.country });
  } else {
    if (query.subChannel !== null) filters.push({ dim: "sub", op: "contains", value: query.subChannel });
    if (query.offerId !== null) filters.push({ dim: "offer", op: "contains", value: query.offerId });
    if (query.pkgName !== null) filters.push({ dim: "pkg", op: "contains", value: query.pkgName });
    if (query.country !== null) filters.push({ dim: "country", op: "eq", value: query.country });
  }
  return { model, companyId, start, end, days, dims: dimsOf(model, query), filters };
}

/** The dimension keys a query groups by, in code order. */
const dimsOf = (model: KindModel, query: ReportQuery) =>
  model.dimensions.filter((dim) => (query.dimensions as number[]).includes(dim.code)).map((d) => d.key);

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const isoDay = (value: unknown) => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

function metricValues(model: KindModel, row: Record<string, unknown>) {
  return Object.fromEntries(model.metrics.map((metric) => [metric.key, num(row[metric.key])]));
}

async function onlineRows(
  db: Db,
  selection: ReportSelection,
  rows: Record<string, unknown>[],
): Promise<OnlineReportRow[]> {
  const has = (key: string) => selection.dims.includes(key);
  const appIds = has("app") ? [...new Set(rows.map((row) => Number(row.app_id)))] : [];
  const posIds = has("pos") ? [...new Set(rows.map((row) => Number(row.ad_position_id)))] : [];
  const [apps, placements] = await Promise.all([
    appNames(db, selection.companyId, appIds),
    placementNames(db, selection.companyId, posIds),
  ]);
  return rows.map((row) => {
    const appId = has("app") ? Number(row.app_id) : null;
    const adId = has("pos") ? Number(row.ad_position_id) : null;
    return {
      dt: has("dt") ? isoDay(row.dt) : null,
      appId,
      appName: appId === null ? null : (apps.get(appId) ?? `#${appId}`),
      adId,
      addId: adId,
      adName: adId === null ? null : (placements.get(adId) ?? null),
      adStyle: has("style") ? Number(row.ad_style) : null,
      country: has("country") ? text(row.country) : null,
      ...(metricValues(selection.model, row) as Omit<
        OnlineReportRow,
        "dt" | "appId" | "appName" | "adId" | "addId" | "adName" | "adStyle" | "country" | "compare"
      >),
    };
  });
}

function offlineRows(selection: ReportSelection, rows: Record<string, unknown>[]): OfflineReportRow[] {
  const has = (key: string) => selection.dims.includes(key);
  return rows.map((row) => ({
    dt: has("dt") ? isoDay(row.dt) : null,
    subChannel: has("sub") ? text(row.sub_channel) : null,
    subChannelText: has("sub") ? text(row.sub_channel) : null,
    offerId: has("offer") ? text(row.offer_id) : null,
    pkgName: has("pkg") ? text(row.pkg_name) : null,
    country: has("country") ? text(row.country) : null,
    ...(metricValues(selection.model, row) as Omit<
      OfflineReportRow,
      "dt" | "subChannel" | "subChannelText" | "offerId" | "pkgName" | "country" | "compare"
    >),
  }));
}

/** On the embedded database, a large grouping summed a few days at a time (DESIGN §9); else null. */
async function chunkedIfLarge(db: Db, selection: ReportSelection, options: QueryOptions, page: PageRequest) {
  if (!options.embedded || !planOf(selection).grouped) return null;
  const perDay = await rowsPerDay(db, selection);
  if (!isLarge(selection, perDay, options.chunkRows)) return null;
  return chunkedPage(db, selection, perDay, page, options.chunkRows);
}

async function pageOf(
  db: Db,
  selection: ReportSelection | null,
  query: ReportQuery & ReportOrder,
  options: QueryOptions,
) {
  if (!selection) return { rows: [] as Record<string, unknown>[], total: 0 };
  const chunked = await chunkedIfLarge(db, selection, options, {
    limit: query.pageSize,
    offset: (query.pageIndex - 1) * query.pageSize,
    orderBy: query.orderBy,
    order: query.order,
  });
  if (chunked) return chunked;
  const { rows: totals } = await countQuery(selection).execute(db);
  const total = Number(totals[0]?.total ?? 0);
  const offset = (query.pageIndex - 1) * query.pageSize;
  if (offset >= total) return { rows: [], total };
  const { rows } = await pageQuery(selection, {
    limit: query.pageSize,
    offset,
    orderBy: query.orderBy,
    order: query.order,
  }).execute(db);
  return { rows, total };
}

// ─── Period comparison (issue 14 item 1) ────────────────────────────────────────────────────────────────

/** The comparison of a query: its range, how many days it lies before, and what it reads. */
export interface Comparison {
  range: ReportCompareRange;
  shift: number;
  /** The same query over the comparison range (no visible day: it reads nothing). */
  selection: ReportSelection;
}

/** The comparison a query asks for (after its own checks), or null when `compare` is off. */
async function comparisonOf(
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
  return { range: { compare: query.compare, ...range }, shift, selection };
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
async function comparedRows(
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
  const restricted = { ...comparison.selection, filters: [...comparison.selection.filters, ...keyFilters] };
  const page = { limit: REPORT_MAX_COMPARED_ROWS, offset: 0, orderBy: null, order: null };
  const found =
    (await chunkedIfLarge(db, restricted, options, page))?.rows ??
    (await pageQuery(restricted, page).execute(db)).rows;
  return new Map(found.map((row) => [rowKey(restricted, row, comparison.shift), row]));
}

/** Most comparison rows read for one page (its dimension values cross: a page of 1000 rows of 3 dimensions). */
const REPORT_MAX_COMPARED_ROWS = 1_000_000;

/** Each answered row with its comparison values (0 where the comparison period has no such row). */
function withCompared<Row extends object>(
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

async function reportPage<Row extends object>(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
  options: QueryOptions,
  answerRows: (selection: ReportSelection, rows: Record<string, unknown>[]) => Promise<Row[]> | Row[],
): Promise<{ list: Row[]; total: number; compareRange?: ReportCompareRange }> {
  const selection = await selectionOf(db, kind, viewer, query, timeZone);
  const comparison = await comparisonOf(db, kind, viewer, query, timeZone);
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
async function daysOf(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  query: ReportQuery,
  timeZone: string,
): Promise<ReportDayStatus[]> {
  const companyId = query.companyId ?? viewer.companyId;
  const start = reportDateToIso(query.startDate);
  const end = reportDateToIso(query.endDate);
  const range = { companyId, kind, from: start, to: end };
  const [statuses, withData] = await Promise.all([
    dayStatuses(db, range, timeZone),
    daysWithData(db, range, timeZone),
  ]);
  const known = new Map(statuses.map((day) => [day.dt, day] as const));
  return reportDaysBetween(query.startDate, query.endDate).map((ymd) => {
    const dt = reportDateToIso(ymd);
    const day = known.get(dt);
    const status = day?.status ?? ReportStatus.Pending;
    return {
      dt,
      status,
      stale: day?.stale ?? false,
      visible: viewer.seesAll ? (day?.has_report ?? false) : status === ReportStatus.Published,
      hasData: withData.has(dt),
    };
  });
}

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
  const page = { limit: 1, offset: 0, orderBy: null, order: null };
  const chunked = await chunkedIfLarge(db, { ...selection, dims: [] }, options, page);
  if (chunked) return chunked.rows[0] ?? {};
  const { rows } = await pageQuery(
    { ...selection, dims: [] },
    { limit: 1, offset: 0, orderBy: null, order: null },
  ).execute(db);
  return rows[0] ?? {};
}

/** The comparison part of a summary: the total's comparison values and the range, or nothing when off. */
async function comparedTotal(db: Db, comparison: Comparison | null, options: QueryOptions) {
  if (!comparison) return null;
  const total = await totalOf(db, comparison.selection, options);
  return { values: metricValues(comparison.selection.model, total), range: comparison.range };
}

export async function onlineSummary(
  db: Db,
  viewer: Viewer,
  query: OnlineReportQuery,
  timeZone: string,
  options: QueryOptions = {},
) {
  const selection = await selectionOf(db, "online", viewer, query, timeZone);
  const comparison = await comparisonOf(db, "online", viewer, query, timeZone);
  const total = await totalOf(db, selection, options);
  const [row] = await onlineRows(db, { ...(selection ?? emptySelection("online", viewer)), dims: [] }, [
    total,
  ]);
  const days = await daysOf(db, "online", viewer, query, timeZone);
  const compared = await comparedTotal(db, comparison, options);
  if (!compared) return { total: row as OnlineReportRow, days };
  return {
    total: { ...(row as OnlineReportRow), compare: compared.values as OnlineMetricValues },
    days,
    compareRange: compared.range,
  };
}

export async function offlineSummary(
  db: Db,
  viewer: Viewer,
  query: OfflineReportQuery,
  timeZone: string,
  options: QueryOptions = {},
) {
  const selection = await selectionOf(db, "offline", viewer, query, timeZone);
  const comparison = await comparisonOf(db, "offline", viewer, query, timeZone);
  const total = await totalOf(db, selection, options);
  const [row] = offlineRows({ ...(selection ?? emptySelection("offline", viewer)), dims: [] }, [total]);
  const days = await daysOf(db, "offline", viewer, query, timeZone);
  const compared = await comparedTotal(db, comparison, options);
  if (!compared) return { total: row as OfflineReportRow, days };
  return {
    total: { ...(row as OfflineReportRow), compare: compared.values as OfflineMetricValues },
    days,
    compareRange: compared.range,
  };
}

const emptySelection = (kind: ReportKindValue, viewer: Viewer): ReportSelection => ({
  model: MODELS[kind],
  companyId: viewer.companyId,
  start: "1970-01-01",
  end: "1970-01-01",
  days: [],
  dims: [],
  filters: [],
});

export { comparisonOf as reportComparison, selectionOf as reportSelection };

// ─── Published days (the scheduled report mails) ────────────────────────────────────────────────────────

/** Every published batch (company, kind, day yyyy-MM-DD, publish time) of the days from `from` on. */
export const publishedBatches = (db: Db, from: string) => publishedBatchesFrom(db, from);

/** A company's last published day (yyyy-MM-DD) of a kind up to `to`, or null. */
export const lastPublished = (db: Db, companyId: number, kind: ReportKindValue, to: string) =>
  lastPublishedDay(db, companyId, kind, to);
