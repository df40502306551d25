/**
 * Reports (their rules: docs/rules/reports.md, the screens: docs/rules/screens.md#reports): everything the
 * server and the web
 * share about them, defined once: kinds, dimension codes, metric keys and their zh/en titles, the default
 * column choices, the date-window rule, the ingest limits, the management actions and the export file names.
 * Their zod schemas are in report-schemas.ts.
 */

import type { Titles } from "./enum-titles.ts";
import { type LangValue, ReportStatus, type ReportStatusValue } from "./enums.ts";
import type { MessageKey } from "./errors.ts";
import { GLOSSARY, type Term } from "./glossary.ts";

// ─── Kinds ───────────────────────────────────────────────────────────────────────────────────────────────

/** online = SDK reports (from `POST /sdk/v1/events`), offline = affiliate reports (`/external_api/affiliate/stats`). */
export const ReportKind = { Online: "online", Offline: "offline" } as const;
export type ReportKindValue = (typeof ReportKind)[keyof typeof ReportKind];
export const REPORT_KINDS: readonly ReportKindValue[] = [ReportKind.Online, ReportKind.Offline];

export const REPORT_KIND_TITLES: Record<ReportKindValue, Titles> = {
  online: { zh: "SDK 报表", en: "SDK Reports" },
  offline: { zh: "联盟报表", en: "Affiliate Reports" },
};

export const REPORT_STATUSES: readonly ReportStatusValue[] = Object.values(ReportStatus);
export const REPORT_STATUS_TITLES: Record<ReportStatusValue, Titles> = {
  pending: { zh: "待计算", en: "Pending" },
  calculating: { zh: "计算中", en: "Calculating" },
  calculated: { zh: "已计算（待发布）", en: "Calculated (not published)" },
  published: { zh: "已发布", en: "Published" },
  error: { zh: "计算失败", en: "Error" },
};
/** A calculated or published day whose raw data changed after its calculation. */
export const REPORT_STALE_TITLE: Titles = { zh: "数据有更新，需重新计算", en: "Data changed, recalculate" };

// ─── Dimensions (docs/rules/reports.md#dimensions) ─────────────────────────────────────────────────────────

/**
 * SDK report dimensions: date 1, app name 2, ad id 3, country 4, ad style 5, and hour 6 (an hour of the day in
 * REPORT_TZ, for a range of one day only: see checkHourRange).
 */
export const OnlineDimension = { Date: 1, AppName: 2, AdId: 3, Country: 4, AdStyle: 5, Hour: 6 } as const;
export type OnlineDimensionCode = (typeof OnlineDimension)[keyof typeof OnlineDimension];
/** Affiliate report dimensions: dt 1, subChannel 2, offerId 3, pkgName 4, country 5. */
export const OfflineDimension = { Date: 1, SubChannel: 2, OfferId: 3, PkgName: 4, Country: 5 } as const;
export type OfflineDimensionCode = (typeof OfflineDimension)[keyof typeof OfflineDimension];

export interface DimensionInfo<Field extends string> {
  code: number;
  /** The row field that carries it. */
  field: Field;
  title: Titles;
}

export type OnlineDimensionField = "dt" | "hour" | "appName" | "adId" | "country" | "adStyle";
export type OfflineDimensionField = "dt" | "subChannel" | "offerId" | "pkgName" | "country";

/** In column order of tables and exports: code order, except the hour, which follows the date. */
export const ONLINE_DIMENSIONS: readonly DimensionInfo<OnlineDimensionField>[] = [
  { code: 1, field: "dt", title: GLOSSARY.date },
  { code: 6, field: "hour", title: GLOSSARY.hour },
  { code: 2, field: "appName", title: GLOSSARY.appName },
  { code: 3, field: "adId", title: GLOSSARY.placementId },
  { code: 4, field: "country", title: GLOSSARY.country },
  { code: 5, field: "adStyle", title: GLOSSARY.adType },
];
export const OFFLINE_DIMENSIONS: readonly DimensionInfo<OfflineDimensionField>[] = [
  { code: 1, field: "dt", title: GLOSSARY.date },
  { code: 2, field: "subChannel", title: GLOSSARY.subChannel },
  { code: 3, field: "offerId", title: GLOSSARY.offerId },
  { code: 4, field: "pkgName", title: GLOSSARY.packageName },
  { code: 5, field: "country", title: GLOSSARY.country },
];

// ─── Metrics (summed, then rates derived; 0 when the denominator is 0) ────────────────────────

/**
 * How a metric is shown: `count` a whole number; `money` USD (2 decimals on screen, METRIC_DECIMALS in the
 * CSV); `ratio` (eCPM, CPC: money per unit) USD with METRIC_DECIMALS everywhere; `rate` a fraction with 4
 * decimals shown as a percentage with 2 (0.1234 → "12.34%").
 */
export type MetricFormat = "count" | "money" | "ratio" | "rate";

/** What a counter holds: a number of events, or USD (6 decimals in the tables). */
export type CounterUnit = "count" | "money";

/** The counters every SDK report row sums (the rollups' columns), with their units. */
export const ONLINE_COUNTERS = {
  request: "count",
  fill: "count",
  show: "count",
  click: "count",
  revenue: "money",
} as const satisfies Record<string, CounterUnit>;
export type OnlineCounter = keyof typeof ONLINE_COUNTERS;

/** The counters every affiliate report row sums. */
export const OFFLINE_COUNTERS = {
  click: "count",
  conversion: "count",
  refuse: "count",
  settle_amount: "money",
  payout: "money",
} as const satisfies Record<string, CounterUnit>;
export type OfflineCounter = keyof typeof OFFLINE_COUNTERS;

/**
 * A metric's one definition, from the counters summed over the row's records: Σ `of`, minus Σ `less`, divided
 * by Σ `per` (0 when that is 0), times `times`. A quotient and a money value are rounded half away from zero
 * to METRIC_DECIMALS; a count is whole. The server derives both its SQL and its in-process arithmetic from
 * it (server/src/modules/reports/metrics.ts). `of` and `less` have one unit.
 */
export interface MetricFormula<Counter extends string = string> {
  of: Counter;
  less?: Counter;
  per?: Counter;
  times?: number;
}

export interface MetricInfo<Key extends string, Counter extends string = string> {
  key: Key;
  title: Titles;
  format: MetricFormat;
  formula: MetricFormula<Counter>;
}

export const ONLINE_METRIC_KEYS = [
  "requestNum",
  "recallNum",
  "recallRate",
  "showNum",
  "showRate",
  "clickNum",
  "clickRate",
  "settleAmount",
  "settleEcpm",
] as const;
export type OnlineMetricKey = (typeof ONLINE_METRIC_KEYS)[number];

export const OFFLINE_METRIC_KEYS = [
  "clickNum",
  "conversionNum",
  "refuseNum",
  "conversionRate",
  "cpc",
  "settleAmount",
  "payout",
  "profit",
  "profitRate",
] as const;
export type OfflineMetricKey = (typeof OFFLINE_METRIC_KEYS)[number];

/**
 * What a report can be sorted by: a dimension's row field (the app by its name) or a metric.
 * A dimension the query does not group by leaves the default order: date newest first, then the others.
 */
export const ONLINE_SORT_KEYS = [
  "dt",
  "hour",
  "appName",
  "adId",
  "country",
  "adStyle",
  ...ONLINE_METRIC_KEYS,
] as const;
export type OnlineSortKey = (typeof ONLINE_SORT_KEYS)[number];
export const OFFLINE_SORT_KEYS = [
  "dt",
  "subChannel",
  "offerId",
  "pkgName",
  "country",
  ...OFFLINE_METRIC_KEYS,
] as const;
export type OfflineSortKey = (typeof OFFLINE_SORT_KEYS)[number];
export const SORT_ORDERS = ["asc", "desc"] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * A metric's title: its glossary term, with "(USD)" for money and money per unit (the CSV's cells carry no
 * currency sign).
 */
export function metricTitle(term: Term, format: MetricFormat): Titles {
  if (format !== "money" && format !== "ratio") return term;
  return { zh: `${term.zh}（USD）`, en: `${term.en} (USD)` };
}

const metricOf =
  <Counter extends string>() =>
  <Key extends string>(
    key: Key,
    term: Term,
    format: MetricFormat,
    formula: MetricFormula<Counter>,
  ): MetricInfo<Key, Counter> => ({ key, title: metricTitle(term, format), format, formula });
const online = metricOf<OnlineCounter>();
const offline = metricOf<OfflineCounter>();

export const ONLINE_METRICS: readonly MetricInfo<OnlineMetricKey, OnlineCounter>[] = [
  online("requestNum", GLOSSARY.requests, "count", { of: "request" }),
  online("recallNum", GLOSSARY.fills, "count", { of: "fill" }),
  online("recallRate", GLOSSARY.fillRate, "rate", { of: "fill", per: "request" }),
  online("showNum", GLOSSARY.impressions, "count", { of: "show" }),
  online("showRate", GLOSSARY.showRate, "rate", { of: "show", per: "fill" }),
  online("clickNum", GLOSSARY.clicks, "count", { of: "click" }),
  online("clickRate", GLOSSARY.ctr, "rate", { of: "click", per: "show" }),
  online("settleAmount", GLOSSARY.revenue, "money", { of: "revenue" }),
  online("settleEcpm", GLOSSARY.ecpm, "ratio", { of: "revenue", per: "show", times: 1000 }),
];

export const OFFLINE_METRICS: readonly MetricInfo<OfflineMetricKey, OfflineCounter>[] = [
  offline("clickNum", GLOSSARY.clicks, "count", { of: "click" }),
  offline("conversionNum", GLOSSARY.conversions, "count", { of: "conversion" }),
  offline("refuseNum", GLOSSARY.rejections, "count", { of: "refuse" }),
  offline("conversionRate", GLOSSARY.conversionRate, "rate", { of: "conversion", per: "click" }),
  offline("cpc", GLOSSARY.cpc, "ratio", { of: "settle_amount", per: "click" }),
  offline("settleAmount", GLOSSARY.revenue, "money", { of: "settle_amount" }),
  offline("payout", GLOSSARY.payout, "money", { of: "payout" }),
  offline("profit", GLOSSARY.profit, "money", { of: "settle_amount", less: "payout" }),
  offline("profitRate", GLOSSARY.profitRate, "rate", {
    of: "settle_amount",
    less: "payout",
    per: "settle_amount",
  }),
];

/** The SDK metrics by key (the home page's figures and top apps take their titles and formats from it). */
export const ONLINE_METRIC_BY_KEY = Object.fromEntries(
  ONLINE_METRICS.map((info) => [info.key, info]),
) as Record<OnlineMetricKey, MetricInfo<OnlineMetricKey>>;

/** Decimals of a metric's answered value (money and ratios rounded to 4; rates to 4 as fractions). */
export const METRIC_DECIMALS = 4;

/**
 * How a metric's change against its comparison is written: in the metric's own format, except a rate's,
 * which is in percentage points (20.00% → 25.00%: +5.00 pp, GLOSSARY.percentagePoints); its relative
 * change (+25.0%) is the change in %.
 */
export type ChangeFormat = Exclude<MetricFormat, "rate"> | "points";
export const changeFormatOf = (format: MetricFormat): ChangeFormat => (format === "rate" ? "points" : format);

/**
 * A metric's value (or, in a ChangeFormat, its change) as the CSV export writes it (export-sql.ts writes the
 * same in SQL): count 1234; money and ratio with METRIC_DECIMALS (1.5000); rate 12.34%; points 5.00.
 */
export function formatMetricValue(format: MetricFormat | ChangeFormat, value: number): string {
  switch (format) {
    case "count":
      return String(Math.round(value));
    case "rate":
      return `${(value * 100).toFixed(2)}%`;
    case "points":
      return (value * 100).toFixed(2);
    default:
      return value.toFixed(METRIC_DECIMALS);
  }
}

// ─── Column choices (docs/rules/reports.md#columns; docs/rules/validation.md#column-customisation) ─────────

export interface ColumnChoice<Dim extends number, Metric extends string> {
  dimensions: Dim[];
  metrics: Metric[];
}

/** Default SDK columns: dimensions date, ad id, country, ad style; data request … eCPM (every metric). */
export const DEFAULT_ONLINE_COLUMNS: ColumnChoice<OnlineDimensionCode, OnlineMetricKey> = {
  dimensions: [OnlineDimension.Date, OnlineDimension.AdId, OnlineDimension.Country, OnlineDimension.AdStyle],
  metrics: [...ONLINE_METRIC_KEYS],
};
/** Default affiliate columns: dimensions dt, offerId, pkgName, country; data clickNum, refuseNum, cpc, settleAmount. */
export const DEFAULT_OFFLINE_COLUMNS: ColumnChoice<OfflineDimensionCode, OfflineMetricKey> = {
  dimensions: [
    OfflineDimension.Date,
    OfflineDimension.OfferId,
    OfflineDimension.PkgName,
    OfflineDimension.Country,
  ],
  metrics: ["clickNum", "refuseNum", "cpc", "settleAmount"],
};
/** localStorage keys of the saved column choices, one per report. */
export const REPORT_COLUMNS_STORAGE_KEYS: Record<ReportKindValue, string> = {
  online: "report_columns_sdk",
  offline: "report_columns_affiliate",
};

/** The custom-column dialog's rule: at least one dimension and one data column, each with its message. */
export function checkColumnChoice(choice: {
  dimensions: readonly unknown[];
  metrics: readonly unknown[];
}): MessageKey | null {
  if (choice.dimensions.length === 0) return "reportColumnsDimensionRequired";
  if (choice.metrics.length === 0) return "reportColumnsMetricRequired";
  return null;
}

// ─── Dates (90 days, ending yesterday, in REPORT_TZ; docs/rules/reports.md#dates) ──────────────────────────

/** How far back a report query may start: today − 90 days … yesterday is 90 days. */
export const REPORT_WINDOW_DAYS = 90;
export const REPORT_DATE_PATTERN = /^\d{8}$/;

/** A `yyyyMMdd` text that names a real calendar day. */
export function isReportDate(text: string): boolean {
  if (!REPORT_DATE_PATTERN.test(text)) return false;
  const [y, m, d] = [Number(text.slice(0, 4)), Number(text.slice(4, 6)), Number(text.slice(6, 8))];
  const date = new Date(Date.UTC(y, m - 1, d));
  return y >= 1970 && date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `20240501` → `2024-05-01` (display and SQL form). */
export const reportDateToIso = (ymd: string): string =>
  `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;
/** `2024-05-01` → `20240501`. */
export const isoToReportDate = (iso: string): string => iso.replaceAll("-", "");

/** The day `days` after (or before, when negative) a `yyyyMMdd` day. */
export function addReportDays(ymd: string, days: number): string {
  const date = new Date(
    Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))),
  );
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}

/** Every day from start to end (yyyyMMdd), both included. */
export function reportDaysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end && days.length <= 3660; day = addReportDays(day, 1)) days.push(day);
  return days;
}

/** Today (yyyyMMdd) in a time zone, e.g. the server's REPORT_TZ. */
export function todayInTimeZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}${part("month")}${part("day")}`;
}

export interface ReportDateWindow {
  /** The earliest start date: today − 90 days. */
  minDate: string;
  /** The latest end date: yesterday. */
  maxDate: string;
}

/** The window a report query may cover, given today (yyyyMMdd) in REPORT_TZ. */
export const reportDateWindow = (today: string): ReportDateWindow => ({
  minDate: addReportDays(today, -REPORT_WINDOW_DAYS),
  maxDate: addReportDays(today, -1),
});

export interface DateProblem {
  field: "startDate" | "endDate";
  message: MessageKey;
}

/**
 * The date rule of report queries (docs/rules/validation.md#report-dates): both required, yyyyMMdd, start ≤
 * end, start at most 90 days back, end yesterday at the latest. `today` is yyyyMMdd in REPORT_TZ. Null when
 * the dates are fine.
 */
export function checkReportDates(
  dates: { startDate?: string | null | undefined; endDate?: string | null | undefined },
  today: string,
): DateProblem | null {
  for (const field of ["startDate", "endDate"] as const) {
    const value = dates[field];
    if (value === undefined || value === null || value === "")
      return { field, message: "reportDateRequired" };
    if (!isReportDate(value)) return { field, message: "reportDateInvalid" };
  }
  const start = dates.startDate as string;
  const end = dates.endDate as string;
  if (start > end) return { field: "startDate", message: "reportDateOrder" };
  const window = reportDateWindow(today);
  if (end > window.maxDate) return { field: "endDate", message: "reportDateTooLate" };
  if (start < window.minDate) return { field: "startDate", message: "reportDateTooEarly" };
  return null;
}

/**
 * The report range picker's presets, each a range relative to today: a saved view that keeps one covers the
 * same stretch of days whenever it is reopened (the web resolves them in the window, rangePresets.ts).
 */
export const REPORT_RANGE_PRESETS = [
  "yesterday",
  "last7",
  "last30",
  "thisMonth",
  "lastMonth",
  "last90",
] as const;
export type ReportRangePreset = (typeof REPORT_RANGE_PRESETS)[number];

/** Saved views of the report screens (their schemas: report-views.ts). */
export const REPORT_VIEW_NAME_MAX = 60;
/** Views one user keeps per report. */
export const REPORT_VIEWS_MAX = 50;
/** How a view keeps its dates: a preset of the range picker, or fixed days. */
export const ReportViewRangeType = { Preset: "preset", Fixed: "fixed" } as const;

// ─── Hours (the SDK report's hour dimension) ────────────────────────────────────────────────────────────

/** Hours of a report day, 0–23 in REPORT_TZ (a day with a clock change has one hour fewer or two in one). */
export const HOURS_PER_DAY = 24;

/** An hour as tables, cards and the CSV write it: 0 → "00:00", 13 → "13:00". */
export const hourText = (hour: number): string => `${String(hour).padStart(2, "0")}:00`;

/** Whether a query groups by the hour. */
export const hasHourDimension = (dimensions: readonly number[]): boolean =>
  dimensions.includes(OnlineDimension.Hour);

/**
 * The hour dimension's rule on the range: one day only (its hours are that day's). Which days a reader may see
 * by hour is the server's to tell (publishers: published days). Null when the query may group by hour.
 */
export function checkHourRange(query: {
  dimensions: readonly number[];
  startDate: string;
  endDate: string;
}): { field: "dimensions"; message: MessageKey } | null {
  if (!hasHourDimension(query.dimensions) || query.startDate === query.endDate) return null;
  return { field: "dimensions", message: "reportHourOneDay" };
}

// ─── Period comparison (docs/rules/reports.md#comparison) ──────────────────────────────────────────────────

/**
 * What a report is compared with: the same number of days right before the range, or the range shifted
 * 7 days back. The server derives the comparison range; rows are matched by their dimensions (a date
 * dimension by its offset in the range).
 */
export const ReportCompare = { PreviousPeriod: "previous_period", PreviousWeek: "previous_week" } as const;
export type ReportCompareValue = (typeof ReportCompare)[keyof typeof ReportCompare];
export const REPORT_COMPARES: readonly ReportCompareValue[] = Object.values(ReportCompare);

export const REPORT_COMPARE_TITLES: Record<ReportCompareValue, Titles> = {
  previous_period: { zh: "上一周期", en: "Previous period" },
  previous_week: { zh: "上周同期", en: "Same days last week" },
};

/** How many days the comparison range lies before the range (yyyyMMdd dates, both included). */
export function compareShiftDays(compare: ReportCompareValue, startDate: string, endDate: string): number {
  if (compare === ReportCompare.PreviousWeek) return 7;
  const dayMs = 86_400_000;
  const at = (ymd: string) => Date.parse(`${reportDateToIso(ymd)}T00:00:00Z`);
  return Math.round((at(endDate) - at(startDate)) / dayMs) + 1;
}

/** The comparison range of a range (yyyyMMdd). */
export function compareRangeOf(
  compare: ReportCompareValue,
  range: { startDate: string; endDate: string },
): { startDate: string; endDate: string } {
  const shift = compareShiftDays(compare, range.startDate, range.endDate);
  return { startDate: addReportDays(range.startDate, -shift), endDate: addReportDays(range.endDate, -shift) };
}

/** The days each side of a comparison counts (yyyyMMdd): see `reportCompareRange` in report-schemas.ts. */
export interface ComparedSpans {
  /** The query's range less the days at its ends not to be seen yet (all of it when every day is). */
  current: { startDate: string; endDate: string };
  /** The comparison range, derived from `current`. */
  comparison: { startDate: string; endDate: string };
  /** How many days the comparison lies before. */
  shift: number;
  /** Days counted on each side. */
  days: number;
  /** Days of `current` whose pair cannot be counted on both sides (one of the two is withheld), ascending. */
  leftOut: string[];
  /** Their pairs, `shift` days before. */
  compareLeftOut: string[];
}

/**
 * Both sides of a comparison over the same number of counted days, given the days withheld (with data the
 * reader cannot see yet): a withheld day at an end of the range shortens it before the comparison range is
 * derived; one inside either side leaves its pair (a day and the day `shift` before it) out of both.
 */
export function comparedSpans(
  compare: ReportCompareValue,
  range: { startDate: string; endDate: string },
  withheld: ReadonlySet<string>,
): ComparedSpans {
  const all = reportDaysBetween(range.startDate, range.endDate);
  const first = all.findIndex((day) => !withheld.has(day));
  const last = all.findLastIndex((day) => !withheld.has(day));
  const counted = first === -1 ? all : all.slice(first, last + 1);
  const current = { startDate: counted[0] ?? range.startDate, endDate: counted.at(-1) ?? range.endDate };
  const shift = compareShiftDays(compare, current.startDate, current.endDate);
  const leftOut = counted.filter((day) => withheld.has(day) || withheld.has(addReportDays(day, -shift)));
  return {
    current,
    comparison: {
      startDate: addReportDays(current.startDate, -shift),
      endDate: addReportDays(current.endDate, -shift),
    },
    shift,
    days: counted.length - leftOut.length,
    leftOut,
    compareLeftOut: leftOut.map((day) => addReportDays(day, -shift)),
  };
}

/** A metric's change against its comparison value: absolute, and relative (null when the base is 0). */
export function metricChange(value: number, base: number): { delta: number; ratio: number | null } {
  const delta = value - base;
  return { delta, ratio: base === 0 ? null : delta / Math.abs(base) };
}

/** The days of one side of a comparison (yyyyMMdd), less those left out of it. */
export interface CompareSide {
  startDate: string;
  endDate: string;
  leftOut: readonly string[];
}

/** The two sides of a comparison's answered range. */
export const compareSidesOf = (range: {
  startDate: string;
  endDate: string;
  currentStartDate: string;
  currentEndDate: string;
  leftOut: readonly string[];
  compareLeftOut: readonly string[];
}): { current: CompareSide; comparison: CompareSide } => ({
  current: { startDate: range.currentStartDate, endDate: range.currentEndDate, leftOut: range.leftOut },
  comparison: { startDate: range.startDate, endDate: range.endDate, leftOut: range.compareLeftOut },
});

/** A side's days as written: "2026-11-15 – 2026-11-20", "2026-11-15 – 2026-11-20 without 2026-11-17". */
export function compareSideText(side: CompareSide, lang: LangValue): string {
  const first = reportDateToIso(side.startDate);
  const last = reportDateToIso(side.endDate);
  const span = first === last ? first : lang === "zh" ? `${first} ~ ${last}` : `${first} – ${last}`;
  if (side.leftOut.length === 0) return span;
  const out = side.leftOut.map(reportDateToIso).join(", ");
  return lang === "zh" ? `${span}，不含 ${out}` : `${span} without ${out}`;
}

/**
 * The export's columns of a compared metric, each naming the days it covers: "<metric> (<days>)",
 * "<metric> (comparison: <days>)", "<metric> Δ", "<metric> Δ %"; a rate's Δ is in percentage points and
 * says so ("Fill rate Δ (pp)"), its Δ % is the relative change.
 */
export function compareColumnTitles(
  metric: { title: Titles; format: MetricFormat },
  lang: LangValue,
  sides: { current: CompareSide; comparison: CompareSide },
): [string, string, string, string] {
  const metricTitle = metric.title[lang];
  const current = compareSideText(sides.current, lang);
  const comparison = compareSideText(sides.comparison, lang);
  const [own, compared] =
    lang === "zh"
      ? [`${metricTitle}（${current}）`, `${metricTitle}（${GLOSSARY.comparison.zh}：${comparison}）`]
      : [
          `${metricTitle} (${current})`,
          `${metricTitle} (${GLOSSARY.comparison.en.toLowerCase()}: ${comparison})`,
        ];
  const points = changeFormatOf(metric.format) === "points";
  const unit = !points
    ? ""
    : lang === "zh"
      ? `（${GLOSSARY.percentagePoints.zh}）`
      : ` (${GLOSSARY.percentagePoints.en})`;
  return [own, compared, `${metricTitle} Δ${unit}`, `${metricTitle} Δ %`];
}

/** The report page sizes (docs/rules/screens.md#shared-behaviours); larger pages up to 1000 serve charts. */
export const REPORT_PAGE_SIZES = [10, 20, 30, 40] as const;
export const REPORT_MAX_PAGE_SIZE = 1000;

// ─── Export (docs/rules/reports.md#export) ─────────────────────────────────────────────────────────────────

/** Largest export the web offers before asking for more conditions; the server's limit is EXPORT_MAX_ROWS. */
export const EXPORT_TIMEOUT_MS = 180_000;

/** `<companyId>_<timestamp>.csv` (SDK) or `<companyId>_Affiliate_Reports_Detail_List_<timestamp>.csv`. */
export function exportFileName(kind: ReportKindValue, companyId: number, timestamp: number): string {
  return kind === ReportKind.Online
    ? `${companyId}_${timestamp}.csv`
    : `${companyId}_Affiliate_Reports_Detail_List_${timestamp}.csv`;
}

// ─── Management (operator admins; docs/rules/roles.md#operators; docs/rules/reports.md#pipeline) ───────────

export const ReportAction = { Calculate: "calculate", Publish: "publish", Delete: "delete" } as const;
export type ReportActionValue = (typeof ReportAction)[keyof typeof ReportAction];

/** The confirmation of each management action (none can be undone). */
export const REPORT_ACTION_CONFIRM: Record<ReportActionValue | "recalculate", MessageKey> = {
  calculate: "reportCalculateConfirm",
  recalculate: "reportRecalculateConfirm",
  publish: "reportPublishConfirm",
  delete: "reportDeleteConfirm",
};

// ─── Ingest (docs/rules/reports.md#pipeline; docs/api.md#the-signing-rule) ─────────────────────────────────

export const SDK_EVENTS_PATH = "/sdk/v1/events";
export const AFFILIATE_STATS_PATH = "/external_api/affiliate/stats";
/** Most events in one SDK batch and rows in one affiliate call. */
export const MAX_EVENTS_PER_BATCH = 10_000;
export const MAX_AFFILIATE_ROWS = 10_000;
/** Largest counter and amount accepted in one event or row. */
export const MAX_COUNTER = 1_000_000_000_000;
export const MAX_AMOUNT = 1_000_000_000;

/** `2024-05-01T13:00:00Z` (or `.000Z`, or `+00:00`): a whole UTC hour. */
export const UTC_HOUR_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):00(:00(\.0{1,3})?)?(Z|\+00:00)$/;

/**
 * A whole UTC hour that exists: UTC_HOUR_PATTERN with a year from 1, a day of its month and an hour 0–23.
 * Date.parse is not enough: it rolls 2024-02-30 and 24:00 over to the next day, which the database refuses.
 */
export function isUtcHour(text: string): boolean {
  const match = UTC_HOUR_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day, hour] = [match[1], match[2], match[3], match[4]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const time = new Date(Date.UTC(year, month - 1, day, hour));
  return (
    year >= 1 && time.getUTCMonth() === month - 1 && time.getUTCDate() === day && time.getUTCHours() === hour
  );
}
