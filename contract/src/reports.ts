/**
 * Reports (spec §2 SDK and Affiliate reports, §3 report queries, rows, dimension codes and statuses, §4, §5
 * Report dates, §7 Reports, §9; DESIGN §5 Reports, Pipeline, Export): everything the server and the web
 * share about them, defined once: kinds, dimension codes, metric keys and their zh/en titles, the default
 * column choices, the date-window rule, the query, row and answer schemas, the ingest bodies, the
 * management calls and the export file names.
 */
import { z } from "zod";
import { isCountryKey, SpecialCountry } from "./countries.ts";
import { AdStyle, type AdStyleValue, type LangValue, ReportStatus, type ReportStatusValue } from "./enums.ts";
import type { MessageKey } from "./errors.ts";
import { GLOSSARY } from "./glossary.ts";
import { hasEmoji, ID_MAX } from "./inputs.ts";

type Titles = Record<LangValue, string>;

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

export const AD_STYLE_TITLES: Record<AdStyleValue, Titles> = {
  [AdStyle.Banner]: { zh: "横幅", en: "Banner" },
  [AdStyle.Native]: { zh: "原生", en: "Native" },
  [AdStyle.RewardVideo]: { zh: "激励视频", en: "Reward Video" },
  [AdStyle.Interstitial]: { zh: "插屏", en: "Interstitial" },
};

// ─── Dimensions (spec §3 codes) ──────────────────────────────────────────────────────────────────────────

/** SDK report dimensions: date 1, app name 2, ad id 3, country 4, ad style 5. */
export const OnlineDimension = { Date: 1, AppName: 2, AdId: 3, Country: 4, AdStyle: 5 } as const;
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

export type OnlineDimensionField = "dt" | "appName" | "adId" | "country" | "adStyle";
export type OfflineDimensionField = "dt" | "subChannel" | "offerId" | "pkgName" | "country";

/** In code order; also the column order of tables and exports. */
export const ONLINE_DIMENSIONS: readonly DimensionInfo<OnlineDimensionField>[] = [
  { code: 1, field: "dt", title: GLOSSARY.date },
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

// ─── Metrics (DESIGN §5: summed, then rates derived; 0 when the denominator is 0) ────────────────────────

/**
 * How a metric is shown: `count` a whole number; `money` USD and `ratio` (eCPM, CPC) with 4 decimals;
 * `rate` a fraction with 4 decimals shown as a percentage with 2 (0.1234 → "12.34%").
 */
export type MetricFormat = "count" | "money" | "ratio" | "rate";

export interface MetricInfo<Key extends string> {
  key: Key;
  title: Titles;
  format: MetricFormat;
  /** How it is derived from the summed counters (documentation for both sides). */
  formula: string;
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

export const ONLINE_METRICS: readonly MetricInfo<OnlineMetricKey>[] = [
  { key: "requestNum", title: { zh: "请求数", en: "Request" }, format: "count", formula: "Σ request" },
  { key: "recallNum", title: { zh: "填充数", en: "Fill" }, format: "count", formula: "Σ fill" },
  { key: "recallRate", title: { zh: "填充率", en: "Fill rate" }, format: "rate", formula: "fill / request" },
  { key: "showNum", title: { zh: "展示数", en: "Display" }, format: "count", formula: "Σ show" },
  { key: "showRate", title: { zh: "展示率", en: "Display rate" }, format: "rate", formula: "show / fill" },
  { key: "clickNum", title: { zh: "点击数", en: "Click" }, format: "count", formula: "Σ click" },
  { key: "clickRate", title: { zh: "点击率", en: "Click rate" }, format: "rate", formula: "click / show" },
  {
    key: "settleAmount",
    title: { zh: "结算金额（USD）", en: "Settlement amount (USD)" },
    format: "money",
    formula: "Σ revenue",
  },
  {
    key: "settleEcpm",
    title: { zh: "eCPM（USD）", en: "eCPM (USD)" },
    format: "ratio",
    formula: "revenue / show × 1000",
  },
];

export const OFFLINE_METRICS: readonly MetricInfo<OfflineMetricKey>[] = [
  { key: "clickNum", title: { zh: "点击数", en: "Hits" }, format: "count", formula: "Σ click" },
  {
    key: "conversionNum",
    title: { zh: "转化数", en: "Conversions" },
    format: "count",
    formula: "Σ conversion",
  },
  { key: "refuseNum", title: { zh: "拒绝数", en: "Rejections" }, format: "count", formula: "Σ refuse" },
  {
    key: "conversionRate",
    title: { zh: "转化率", en: "Conversion rate" },
    format: "rate",
    formula: "conversion / click",
  },
  { key: "cpc", title: { zh: "CPC（USD）", en: "CPC (USD)" }, format: "ratio", formula: "settle / click" },
  {
    key: "settleAmount",
    title: { zh: "结算收入（USD）", en: "Settlement income (USD)" },
    format: "money",
    formula: "Σ settle_amount",
  },
  { key: "payout", title: { zh: "支出（USD）", en: "Payout (USD)" }, format: "money", formula: "Σ payout" },
  {
    key: "profit",
    title: { zh: "利润（USD）", en: "Profit (USD)" },
    format: "money",
    formula: "settle − payout",
  },
  {
    key: "profitRate",
    title: { zh: "利润率", en: "Profit rate" },
    format: "rate",
    formula: "profit / settle",
  },
];

/** Decimals of a metric's answered value (money and ratios rounded to 4; rates to 4 as fractions). */
export const METRIC_DECIMALS = 4;

/** A metric's value as the web shows it and the CSV export writes it. */
export function formatMetricValue(format: MetricFormat, value: number): string {
  switch (format) {
    case "count":
      return String(Math.round(value));
    case "rate":
      return `${(value * 100).toFixed(2)}%`;
    default:
      return value.toFixed(METRIC_DECIMALS);
  }
}

// ─── Column choices (spec §4 Column preferences, §5 Column customisation, §9 defaults) ───────────────────

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

// ─── Dates (spec §5 Report dates, §9: 90 days, ending yesterday, in the server's REPORT_TZ) ──────────────

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
 * The date rule of report queries (spec §5): both required, yyyyMMdd, start ≤ end, start at most 90 days
 * back, end yesterday at the latest. `today` is yyyyMMdd in REPORT_TZ. Null when the dates are fine.
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

/** `GET /v1/report/date_window`: the server's report day boundaries, so the web's pickers agree with it. */
export const reportDateWindowAnswer = z.object({
  timeZone: z.string().describe("REPORT_TZ"),
  today: z.string().describe("today in REPORT_TZ, yyyyMMdd"),
  minDate: z.string().describe("earliest start date, yyyyMMdd (today − 90 days)"),
  maxDate: z.string().describe("latest end date, yyyyMMdd (yesterday)"),
});
export type ReportDateWindowAnswer = z.infer<typeof reportDateWindowAnswer>;

// ─── Period comparison (issue 14 item 1) ─────────────────────────────────────────────────────────────────

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

/** A metric's change against its comparison value: absolute, and relative (null when the base is 0). */
export function metricChange(value: number, base: number): { delta: number; ratio: number | null } {
  const delta = value - base;
  return { delta, ratio: base === 0 ? null : delta / Math.abs(base) };
}

/** The export's comparison columns of a metric: "<metric> (comparison)", "<metric> Δ", "<metric> Δ %". */
export function compareColumnTitles(metricTitle: string, lang: LangValue): [string, string, string] {
  const comparison =
    lang === "zh" ? `（${GLOSSARY.comparison.zh}）` : ` (${GLOSSARY.comparison.en.toLowerCase()})`;
  return [`${metricTitle}${comparison}`, `${metricTitle} Δ`, `${metricTitle} Δ %`];
}

// ─── Queries (spec §3 SDK report query, Affiliate query; DESIGN §4 reports) ─────────────────────────────

const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "") ? null : value;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A text filter of a report query: trimmed, emoji and control characters refused, empty = null. */
const reportText = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max)
      .refine((text) => !hasEmoji(text) && !CONTROL.test(text), "illegalCharacters")
      .nullable(),
  );

/** A report date, yyyyMMdd (numbers accepted as written). The window is checked by the server. */
const reportDate = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : blankToNull(value)),
  z
    .string({ error: "reportDateRequired" })
    .refine(isReportDate, "reportDateInvalid")
    .describe("yyyyMMdd, in the server's REPORT_TZ"),
);

const integerText = (value: unknown) =>
  typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value.trim()) : value;

const nullableId = z.preprocess(
  (value) => integerText(blankToNull(value)),
  z.number({ error: "integerRequired" }).int("integerRequired").min(0).max(ID_MAX).nullable(),
);

const adStyleFilter = z.preprocess(
  (value) => integerText(blankToNull(value)),
  z
    .number({ error: "adStyleRequired" })
    .int("adStyleRequired")
    .refine((style) => style >= 1 && style <= 4, "adStyleRequired")
    .nullable(),
);

/** A country key of the list; ALL (every country) and empty mean no filter. */
const countryFilter = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryKey, "reportCountryUnknown")
    .nullable()
    .transform((key) => (key === SpecialCountry.All ? null : key)),
);

/** A list sent in a query string: `1,3` (or a repeated parameter, already a list) is the list [1, 3]. */
const listText = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.split(",").map((item) => item.trim()) : value;

const dimensionList = <Code extends number>(codes: readonly Code[]) =>
  z.preprocess(
    (value) => {
      const list = listText(value);
      return Array.isArray(list) ? list.map(integerText) : blankToNull(list) === null ? [] : list;
    },
    z
      .array(
        z
          .number({ error: "reportDimensionInvalid" })
          .refine((code): code is Code => codes.includes(code as Code), "reportDimensionInvalid"),
      )
      .max(codes.length)
      .transform((list) => [...new Set(list)].sort((a, b) => a - b) as Code[]),
  );

const metricList = <Key extends string>(keys: readonly Key[]) =>
  z.preprocess(
    (value) => blankToNull(listText(value)),
    z
      .array(z.string().refine((key): key is Key => keys.includes(key as Key), "reportMetricInvalid"))
      .max(keys.length)
      .nullable()
      .transform((list) => (list === null || list.length === 0 ? null : ([...new Set(list)] as Key[]))),
  );

/** The report page sizes (spec §2 report pagination); larger pages up to 1000 serve charts. */
export const REPORT_PAGE_SIZES = [10, 20, 30, 40] as const;
export const REPORT_MAX_PAGE_SIZE = 1000;

const paging = {
  pageIndex: z.preprocess(
    (value) => integerText(blankToNull(value) ?? 1),
    z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(1_000_000),
  ),
  pageSize: z.preprocess(
    (value) => integerText(blankToNull(value) ?? 10),
    z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(REPORT_MAX_PAGE_SIZE),
  ),
};

const companyIdField = nullableId.describe(
  "the company whose report is read; must be the session's, except for operator admins (else code 402)",
);
const order = z.preprocess(blankToNull, z.enum(["asc", "desc"]).nullable());

export const onlineReportQuery = z.object({
  startDate: reportDate,
  endDate: reportDate,
  companyId: companyIdField.optional().transform((v) => v ?? null),
  appName: reportText(30)
    .optional()
    .transform((v) => v ?? null)
    .describe("contains, ignoring case"),
  adId: nullableId
    .optional()
    .transform((v) => v ?? null)
    .describe("the placement id (addId is accepted too)"),
  addId: nullableId
    .optional()
    .transform((v) => v ?? null)
    .describe("spelling of adId in one client"),
  adStyle: adStyleFilter.optional().transform((v) => v ?? null),
  country: countryFilter.optional().transform((v) => v ?? null),
  dimensions: dimensionList(ONLINE_DIMENSIONS.map((d) => d.code as OnlineDimensionCode))
    .optional()
    .transform((v) => v ?? [])
    .describe("dimension codes: date 1, app name 2, ad id 3, country 4, ad style 5; none = one total row"),
  ...paging,
  orderBy: z
    .preprocess(blankToNull, z.enum(["dt", ...ONLINE_METRIC_KEYS]).nullable())
    .optional()
    .transform((v) => v ?? null)
    .describe("default: date (newest first) when it is a dimension, then the other dimensions"),
  order: order.optional().transform((v) => v ?? null),
  metrics: metricList(ONLINE_METRIC_KEYS)
    .optional()
    .transform((v) => v ?? null)
    .describe("the data columns of an export, in order; default every metric"),
  compare: z
    .preprocess(blankToNull, z.enum(ReportCompare).nullable())
    .optional()
    .transform((v) => v ?? null)
    .describe("previous_period | previous_week: each row and the total carry the comparison period's values"),
});
export type OnlineReportQueryInput = z.input<typeof onlineReportQuery>;
export type OnlineReportQuery = z.output<typeof onlineReportQuery>;

export const offlineReportQuery = z.object({
  startDate: reportDate,
  endDate: reportDate,
  companyId: companyIdField.optional().transform((v) => v ?? null),
  subChannel: reportText(100)
    .optional()
    .transform((v) => v ?? null)
    .describe("contains, ignoring case"),
  offerId: reportText(100)
    .optional()
    .transform((v) => v ?? null)
    .describe("contains, ignoring case"),
  pkgName: reportText(100)
    .optional()
    .transform((v) => v ?? null)
    .describe("contains, ignoring case"),
  country: countryFilter.optional().transform((v) => v ?? null),
  dimensions: dimensionList(OFFLINE_DIMENSIONS.map((d) => d.code as OfflineDimensionCode))
    .optional()
    .transform((v) => v ?? [])
    .describe("dimension codes: dt 1, subChannel 2, offerId 3, pkgName 4, country 5; none = one total row"),
  ...paging,
  orderBy: z
    .preprocess(blankToNull, z.enum(["dt", ...OFFLINE_METRIC_KEYS]).nullable())
    .optional()
    .transform((v) => v ?? null),
  order: order.optional().transform((v) => v ?? null),
  metrics: metricList(OFFLINE_METRIC_KEYS)
    .optional()
    .transform((v) => v ?? null),
  compare: z
    .preprocess(blankToNull, z.enum(ReportCompare).nullable())
    .optional()
    .transform((v) => v ?? null)
    .describe("previous_period | previous_week: each row and the total carry the comparison period's values"),
});
export type OfflineReportQueryInput = z.input<typeof offlineReportQuery>;
export type OfflineReportQuery = z.output<typeof offlineReportQuery>;

// ─── Rows and answers ────────────────────────────────────────────────────────────────────────────────────

const count = z.number();
const amount = z.number();

/** The metrics of an SDK row alone (a row's comparison values). */
export const onlineMetricValues = z.object(
  Object.fromEntries(ONLINE_METRIC_KEYS.map((key) => [key, amount])) as Record<
    OnlineMetricKey,
    typeof amount
  >,
);
export type OnlineMetricValues = z.infer<typeof onlineMetricValues>;
/** The metrics of an affiliate row alone. */
export const offlineMetricValues = z.object(
  Object.fromEntries(OFFLINE_METRIC_KEYS.map((key) => [key, amount])) as Record<
    OfflineMetricKey,
    typeof amount
  >,
);
export type OfflineMetricValues = z.infer<typeof offlineMetricValues>;

/** A row of the SDK report; a dimension not asked for is null. */
export const onlineReportRow = z.object({
  dt: z.string().nullable().describe("yyyy-MM-DD"),
  appId: z.number().int().nullable(),
  appName: z.string().nullable(),
  adId: z.number().int().nullable(),
  addId: z.number().int().nullable().describe("= adId (the second reading's spelling)"),
  adName: z.string().nullable().describe("the placement's name, when adId is a dimension"),
  adStyle: z.number().int().nullable(),
  country: z.string().nullable(),
  requestNum: count,
  recallNum: count,
  recallRate: amount,
  showNum: count,
  showRate: amount,
  clickNum: count,
  clickRate: amount,
  settleAmount: amount,
  settleEcpm: amount,
  compare: onlineMetricValues
    .optional()
    .describe("with `compare`: the comparison period's values of the same row (0 where it has none)"),
});
export type OnlineReportRow = z.infer<typeof onlineReportRow>;

export const offlineReportRow = z.object({
  dt: z.string().nullable().describe("yyyy-MM-DD"),
  subChannel: z.string().nullable(),
  subChannelText: z.string().nullable().describe("the sub-channel as shown"),
  offerId: z.string().nullable(),
  pkgName: z.string().nullable(),
  country: z.string().nullable(),
  clickNum: count,
  conversionNum: count,
  refuseNum: count,
  conversionRate: amount,
  cpc: amount,
  settleAmount: amount,
  payout: amount,
  profit: amount,
  profitRate: amount,
  compare: offlineMetricValues
    .optional()
    .describe("with `compare`: the comparison period's values of the same row (0 where it has none)"),
});
export type OfflineReportRow = z.infer<typeof offlineReportRow>;

/** With `compare`: the comparison range the server derived (yyyyMMdd, both included). */
export const reportCompareRange = z.object({
  compare: z.enum(ReportCompare),
  startDate: z.string().describe("yyyyMMdd"),
  endDate: z.string().describe("yyyyMMdd"),
});
export type ReportCompareRange = z.infer<typeof reportCompareRange>;

export const onlineReportPage = z.object({
  list: z.array(onlineReportRow),
  total: z.number().int(),
  compareRange: reportCompareRange.optional(),
});
export type OnlineReportPage = z.infer<typeof onlineReportPage>;
export const offlineReportPage = z.object({
  list: z.array(offlineReportRow),
  total: z.number().int(),
  compareRange: reportCompareRange.optional(),
});
export type OfflineReportPage = z.infer<typeof offlineReportPage>;

export const reportDayStatus = z.object({
  dt: z.string().describe("yyyy-MM-DD"),
  status: z.enum(ReportStatus),
  stale: z.boolean(),
  /** Whether the caller sees this day's numbers (publishers: published only; operators: any report). */
  visible: z.boolean(),
  /**
   * Whether the day has report data: received (calculated or not). A day not visible but with data is
   * waiting (to be calculated or published); one without has nothing to show whatever its status.
   */
  hasData: z.boolean(),
});
export type ReportDayStatus = z.infer<typeof reportDayStatus>;

/** `…/summary`: the total row of the same query (its dimensions ignored) and the status of each day. */
export const onlineReportSummary = z.object({
  total: onlineReportRow,
  days: z.array(reportDayStatus),
  compareRange: reportCompareRange.optional(),
});
export type OnlineReportSummary = z.infer<typeof onlineReportSummary>;
export const offlineReportSummary = z.object({
  total: offlineReportRow,
  days: z.array(reportDayStatus),
  compareRange: reportCompareRange.optional(),
});
export type OfflineReportSummary = z.infer<typeof offlineReportSummary>;

// ─── Export (DESIGN §5 Export) ───────────────────────────────────────────────────────────────────────────

/** Largest export the web offers before asking for more conditions; the server's limit is EXPORT_MAX_ROWS. */
export const EXPORT_TIMEOUT_MS = 180_000;

/** `<companyId>_<timestamp>.csv` (SDK) or `<companyId>_Affiliate_Reports_Detail_List_<timestamp>.csv`. */
export function exportFileName(kind: ReportKindValue, companyId: number, timestamp: number): string {
  return kind === ReportKind.Online
    ? `${companyId}_${timestamp}.csv`
    : `${companyId}_Affiliate_Reports_Detail_List_${timestamp}.csv`;
}

// ─── Management (operator admins; DESIGN §5 Operators, Pipeline) ─────────────────────────────────────────

/** `GET /v1/{online|offline}/{calculate|publish|delete}?date=yyyyMMdd[&company_id=C]`. */
export const reportManageQuery = z.object({
  date: reportDate.describe("the report day, yyyyMMdd, before today (REPORT_TZ)"),
  company_id: nullableId
    .optional()
    .transform((v) => v ?? null)
    .describe("one company; absent = every publisher company"),
});
export type ReportManageQuery = z.input<typeof reportManageQuery>;

export const ReportAction = { Calculate: "calculate", Publish: "publish", Delete: "delete" } as const;
export type ReportActionValue = (typeof ReportAction)[keyof typeof ReportAction];

/** The confirmation of each management action (none can be undone). */
export const REPORT_ACTION_CONFIRM: Record<ReportActionValue | "recalculate", MessageKey> = {
  calculate: "reportCalculateConfirm",
  recalculate: "reportRecalculateConfirm",
  publish: "reportPublishConfirm",
  delete: "reportDeleteConfirm",
};

export const reportBatchRow = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  kind: z.enum(ReportKind),
  dt: z.string().describe("yyyy-MM-DD"),
  status: z.enum(ReportStatus),
  stale: z.boolean(),
  reason: z.string().nullable().describe("why the last calculation failed"),
  row_count: z.number().int().nullable().describe("rows of the finest-grain report"),
  calculate_time: z.string().nullable(),
  publish_time: z.string().nullable(),
  modify_time: z.string(),
});
export type ReportBatchRow = z.infer<typeof reportBatchRow>;

/** The answer of a management call: the batches of that day and kind after the action. */
export const reportManageAnswer = z.object({
  action: z.enum(ReportAction),
  kind: z.enum(ReportKind),
  date: z.string(),
  batches: z.array(reportBatchRow),
});
export type ReportManageAnswer = z.infer<typeof reportManageAnswer>;

/**
 * `GET /v1/report/start_company?kind=`: the company an operator's report screen opens on, the first
 * publisher company (by id) with a published report of that kind holding rows in the date window; null
 * when none has one (the screen then reads the operator's own company).
 */
export const reportStartCompanyQuery = z.object({
  kind: z.enum(ReportKind).describe("online (SDK) or offline (affiliate)"),
});
export const reportStartCompanyAnswer = z.object({
  company_id: z.number().int().nullable(),
});
export type ReportStartCompanyAnswer = z.infer<typeof reportStartCompanyAnswer>;

/** `GET /v1/report/batch/list`: the Report Management screen's days × kind × company. */
export const reportBatchListQuery = z.object({
  start_date: reportDate,
  end_date: reportDate,
  company_id: nullableId.optional().transform((v) => v ?? null),
  kind: z
    .preprocess(blankToNull, z.enum(ReportKind).nullable())
    .optional()
    .transform((v) => v ?? null),
  status: z
    .preprocess(blankToNull, z.enum(ReportStatus).nullable())
    .optional()
    .transform((v) => v ?? null),
  page_no: paging.pageIndex,
  page_size: z.preprocess(
    (value) => integerText(blankToNull(value) ?? 10),
    z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(5000),
  ),
});
export type ReportBatchListQuery = z.input<typeof reportBatchListQuery>;
/** The batch list's query as the server reads it and the web sends it (null = no filter). */
export type ReportBatchListParams = z.output<typeof reportBatchListQuery>;
export const reportBatchListAnswer = z.object({ list: z.array(reportBatchRow), total: z.number().int() });
export type ReportBatchListAnswer = z.infer<typeof reportBatchListAnswer>;

// ─── Ingest (DESIGN §5 Pipeline, Signed POST bodies) ─────────────────────────────────────────────────────

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

const counter = z
  .number({ error: "reportCountInvalid" })
  .int("reportCountInvalid")
  .min(0, "reportCountInvalid")
  .max(MAX_COUNTER, "reportCountInvalid");
/** At most 6 decimals (whole micros), so sums of amounts stay exact. */
const hasWholeMicros = (value: number) => Math.abs(value * 1e6 - Math.round(value * 1e6)) < 1e-6;
const money = z
  .number({ error: "reportAmountInvalid" })
  .min(0, "reportAmountInvalid")
  .max(MAX_AMOUNT, "reportAmountInvalid")
  .refine(hasWholeMicros, "reportAmountInvalid");
const isDataCountry = (key: string) => key !== SpecialCountry.All && isCountryKey(key);
const countryKey = z.string({ error: "reportCountryUnknown" }).refine(isDataCountry, "reportCountryUnknown");

export const sdkEvent = z.strictObject({
  adpos_id: z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(ID_MAX),
  country: countryKey.describe("a key of the country list (not ALL)"),
  hour: z
    .string({ error: "reportHourInvalid" })
    .refine(isUtcHour, "reportHourInvalid")
    .describe("ISO-8601 UTC hour, e.g. 2024-05-01T13:00:00Z; not in the future"),
  request: counter,
  fill: counter,
  show: counter,
  click: counter,
  revenue: money.describe("USD, at most 6 decimals"),
});
export type SdkEvent = z.infer<typeof sdkEvent>;

const BATCH_ID_PATTERN = /^[\x21-\x7e]{1,64}$/;

export const sdkEventsBody = z.strictObject({
  batch_id: z
    .string()
    .min(1)
    .max(64)
    .regex(BATCH_ID_PATTERN, "must be printable ASCII without spaces")
    .describe("the SDK's id of this batch: sending it again counts nothing more"),
  events: z.array(sdkEvent).min(1).max(MAX_EVENTS_PER_BATCH),
});
export type SdkEventsBody = z.infer<typeof sdkEventsBody>;

// The SDK endpoint's hot path: zod spends about 3 µs an event on the checks above, more than the rest of a
// batch's work together. This answers true only for a body that sdkEventsBody accepts as it is (the contract's
// tests hold the two to the same answer); on false the server lets sdkEventsBody name the refused field.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const hasOnlyKeys = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));
const isWhole = (value: unknown, min: number, max: number) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const isCounter = (value: unknown) => isWhole(value, 0, MAX_COUNTER);

const SDK_EVENT_KEYS = Object.keys(sdkEvent.shape);
const SDK_EVENTS_BODY_KEYS = Object.keys(sdkEventsBody.shape);

function isPlainSdkEvent(event: unknown, knownHours: Set<string>): boolean {
  if (!isRecord(event) || !hasOnlyKeys(event, SDK_EVENT_KEYS)) return false;
  const { adpos_id, country, hour, request, fill, show, click, revenue } = event;
  if (typeof hour !== "string" || !(knownHours.has(hour) || isUtcHour(hour))) return false;
  knownHours.add(hour);
  return (
    isWhole(adpos_id, 1, ID_MAX) &&
    typeof country === "string" &&
    isDataCountry(country) &&
    isCounter(request) &&
    isCounter(fill) &&
    isCounter(show) &&
    isCounter(click) &&
    typeof revenue === "number" &&
    revenue >= 0 &&
    revenue <= MAX_AMOUNT &&
    hasWholeMicros(revenue)
  );
}

/** True only when sdkEventsBody accepts `body` unchanged (then its parse would answer an equal copy). */
export function isPlainSdkEventsBody(body: unknown): body is SdkEventsBody {
  if (!isRecord(body) || !hasOnlyKeys(body, SDK_EVENTS_BODY_KEYS)) return false;
  const { batch_id, events } = body;
  if (typeof batch_id !== "string" || !BATCH_ID_PATTERN.test(batch_id)) return false;
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_EVENTS_PER_BATCH) return false;
  const knownHours = new Set<string>();
  return events.every((event) => isPlainSdkEvent(event, knownHours));
}

/** `POST /sdk/v1/events?app_key&timestamp&sign`, signed with the app's secret (body = SHA-256 hex of the body). */
export const sdkEventsQuery = z.object({
  app_key: z.string().min(1).max(64),
  timestamp: z.string().regex(/^\d{1,12}$/, "must be a Unix time in seconds"),
  sign: z.string().min(1).max(128),
});

export const sdkEventsAnswer = z.object({
  batch_id: z.string(),
  /** False when this batch_id was taken before: nothing was counted. */
  accepted: z.boolean(),
  events: z.number().int().describe("events counted by this call"),
});
export type SdkEventsAnswer = z.infer<typeof sdkEventsAnswer>;

const affiliateText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((text) => text.trim() === text && !CONTROL.test(text), "illegalCharacters");

export const affiliateRow = z.strictObject({
  dt: z
    .string({ error: "reportDateInvalid" })
    .transform((text) => text.replaceAll("-", ""))
    .refine(isReportDate, "reportDateInvalid")
    .describe("the day, yyyyMMdd or yyyy-MM-DD (REPORT_TZ); not after today"),
  sub_channel: affiliateText(100),
  offer_id: affiliateText(100),
  pkg_name: affiliateText(100),
  country: countryKey,
  click: counter,
  conversion: counter,
  refuse: counter,
  settle_amount: money,
  payout: money,
});
export type AffiliateRow = z.infer<typeof affiliateRow>;

export const affiliateStatsBody = z.strictObject({
  company_id: z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(ID_MAX),
  rows: z.array(affiliateRow).min(1).max(MAX_AFFILIATE_ROWS),
});
export type AffiliateStatsBody = z.input<typeof affiliateStatsBody>;

export const affiliateStatsAnswer = z.object({
  company_id: z.number().int(),
  rows: z.number().int().describe("rows stored (each replaces the values of its key)"),
});
export type AffiliateStatsAnswer = z.infer<typeof affiliateStatsAnswer>;
