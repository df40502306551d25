/**
 * Report queries as the screens send them (docs/rules/reports.md#dates,
 * docs/rules/screens.md#shared-behaviours): dates yyyyMMdd inside the contract's 90-day window ending
 * yesterday, empty filters null, the placement ID a number, the chosen dimensions and data columns,
 * pageIndex/pageSize (a new size goes back to page 1). The trend and the export ask the same question in
 * another shape.
 */
import {
  addReportDays,
  DEFAULT_PAGE_SIZE,
  HOURS_PER_DAY,
  type OfflineReportQueryInput,
  type OnlineReportQueryInput,
  REPORT_MAX_PAGE_SIZE,
  type ReportCompareValue,
  type ReportDateWindow,
  type ReportDayStatus,
} from "@pc/contract";
import { normalizeFilters } from "../../../components/listState.ts";
import { DATE_DIMENSION, HOUR_DIMENSION, type ReportColumnChoice } from "../screen/reportDefs.ts";

/** yyyyMMdd */
export interface ReportDates {
  startDate: string;
  endDate: string;
}

export interface ReportPaging {
  pageIndex: number;
  pageSize: number;
}

export const FIRST_REPORT_PAGE: ReportPaging = { pageIndex: 1, pageSize: DEFAULT_PAGE_SIZE };
/** The default range: the last 7 report days, ending yesterday. */
const DEFAULT_RANGE_DAYS = 7;

export function defaultDates(window: ReportDateWindow): ReportDates {
  const start = addReportDays(window.maxDate, 1 - DEFAULT_RANGE_DAYS);
  return { startDate: start < window.minDate ? window.minDate : start, endDate: window.maxDate };
}

/** The paging after the pager changed: a new page size starts again at page 1. */
export function nextReportPaging(current: ReportPaging, page: number, pageSize: number): ReportPaging {
  if (pageSize !== current.pageSize) return { pageIndex: 1, pageSize };
  return { pageIndex: page, pageSize };
}

// ─── Filters ─────────────────────────────────────────────────────────────────────────────────────────────

/** The SDK filter form: the placement ID as typed, the others several values each. */
export interface OnlineFilterValues {
  appName: string[];
  adId: string;
  adStyle: number[];
  country: string[];
}

export interface OfflineFilterValues {
  subChannel: string[];
  offerId: string[];
  pkgName: string[];
  country: string[];
}

export const EMPTY_ONLINE_FILTERS: OnlineFilterValues = {
  appName: [],
  adId: "",
  adStyle: [],
  country: [],
};
export const EMPTY_OFFLINE_FILTERS: OfflineFilterValues = {
  subChannel: [],
  offerId: [],
  pkgName: [],
  country: [],
};

export interface OnlineFilters {
  appName: string[] | null;
  adId: number | null;
  adStyle: number[] | null;
  country: string[] | null;
}
export interface OfflineFilters {
  subChannel: string[] | null;
  offerId: string[] | null;
  pkgName: string[] | null;
  country: string[] | null;
}

/** A filter of several values as sent: texts trimmed, blanks and repeats dropped; none = null (no filter). */
function anyOf<T extends string | number>(values: readonly T[] | T | null | undefined): T[] | null {
  const list = (
    Array.isArray(values) ? values : values === null || values === undefined ? [] : [values]
  ) as T[];
  const kept = list
    .map((value) => (typeof value === "string" ? (value.trim() as T) : value))
    .filter((value) => value !== "");
  return kept.length > 0 ? [...new Set(kept)] : null;
}

/** The SDK filters as sent: the placement ID a number, the others lists (null when empty). */
export function onlineFilters(values: Partial<OnlineFilterValues>): OnlineFilters {
  const adId = normalizeFilters({ adId: values.adId }).adId;
  return {
    appName: anyOf(values.appName),
    adId: adId === null ? null : Number(adId),
    adStyle: anyOf(values.adStyle),
    country: anyOf(values.country),
  };
}

export function offlineFilters(values: Partial<OfflineFilterValues>): OfflineFilters {
  return {
    subChannel: anyOf(values.subChannel),
    offerId: anyOf(values.offerId),
    pkgName: anyOf(values.pkgName),
    country: anyOf(values.country),
  };
}

// ─── Queries ─────────────────────────────────────────────────────────────────────────────────────────────

export interface QueryParts<F> {
  dates: ReportDates;
  filters: F;
  choice: ReportColumnChoice;
  paging: ReportPaging;
  /** The company read (operators only); null = the session's. */
  companyId: number | null;
  /** The period compared with (docs/rules/reports.md#comparison); none = no comparison. */
  compare?: ReportCompareValue | null;
}

function baseQuery<F>(parts: QueryParts<F>) {
  return {
    startDate: parts.dates.startDate,
    endDate: parts.dates.endDate,
    companyId: parts.companyId,
    ...parts.filters,
    dimensions: [...parts.choice.dimensions],
    metrics: [...parts.choice.metrics],
    pageIndex: parts.paging.pageIndex,
    pageSize: parts.paging.pageSize,
    ...(parts.choice.sort ? { orderBy: parts.choice.sort.orderBy, order: parts.choice.sort.order } : {}),
    ...(parts.compare ? { compare: parts.compare } : {}),
  };
}

export const buildOnlineQuery = (parts: QueryParts<OnlineFilters>): OnlineReportQueryInput =>
  baseQuery(parts);
export const buildOfflineQuery = (parts: QueryParts<OfflineFilters>): OfflineReportQueryInput =>
  baseQuery(parts);

interface PagedQuery {
  pageIndex?: unknown;
  pageSize?: unknown;
}

/** The trend's own part of a query: by day, oldest first, every day of the range on one page. */
export const TREND_PARTS = {
  dimensions: [DATE_DIMENSION],
  pageIndex: 1,
  pageSize: REPORT_MAX_PAGE_SIZE,
  orderBy: "dt",
  order: "asc",
} as const;

/** The same question by day (the trend chart). */
export function trendQuery<Q extends object>(query: Q): Q & typeof TREND_PARTS {
  return { ...query, ...TREND_PARTS };
}

/** The trend's part of a question of one day by hour: the day's hours, in order, on one page. */
export const HOUR_TREND_PARTS = {
  dimensions: [HOUR_DIMENSION],
  pageIndex: 1,
  pageSize: HOURS_PER_DAY,
  orderBy: "hour",
  order: "asc",
} as const;

/** The same question of one day by hour (the trend chart of a day). */
export function hourTrendQuery<Q extends object>(query: Q): Q & typeof HOUR_TREND_PARTS {
  return { ...query, ...HOUR_TREND_PARTS };
}

/** Whether a range is one day (the hour dimension's range). */
export const isOneDay = (dates: ReportDates): boolean => dates.startDate === dates.endDate;

/** The query without its page (the summary and the export cover every row). */
export function withoutPaging<Q extends PagedQuery>(query: Q): Omit<Q, "pageIndex" | "pageSize"> {
  const { pageIndex: _page, pageSize: _size, ...rest } = query;
  return rest;
}

/**
 * The days (yyyy-MM-DD) of a range that have data the reader does not see yet (not published for a
 * publisher, not calculated for an operator): only these are "not published yet"; a day without data has
 * nothing to wait for, whatever its status.
 */
export const waitingDays = (days: readonly ReportDayStatus[]): string[] =>
  days.filter((day) => !day.visible && day.hasData).map((day) => day.dt);
