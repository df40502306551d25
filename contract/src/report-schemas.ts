/**
 * The report schemas (docs/rules/reports.md#dimensions; docs/rules/reports.md#metrics): the query, row and
 * answer schemas of the report calls, the ingest bodies and the management calls, built on the facts of
 * reports.ts. Kept apart from those facts so that a page which only shows reports evaluates no zod on its
 * first load (docs/performance.md#the-first-load); the web loads these when a report filter is first checked.
 */
import { z } from "zod";
import { isCountryKey, SpecialCountry } from "./countries.ts";
import { ReportStatus } from "./enums.ts";
import { hasEmoji, ID_MAX } from "./inputs.ts";
import {
  isReportDate,
  isUtcHour,
  MAX_AFFILIATE_ROWS,
  MAX_AMOUNT,
  MAX_COUNTER,
  MAX_EVENTS_PER_BATCH,
  OFFLINE_DIMENSIONS,
  OFFLINE_METRIC_KEYS,
  OFFLINE_SORT_KEYS,
  type OfflineDimensionCode,
  type OfflineMetricKey,
  ONLINE_DIMENSIONS,
  ONLINE_METRIC_KEYS,
  ONLINE_SORT_KEYS,
  type OnlineDimensionCode,
  type OnlineMetricKey,
  REPORT_MAX_PAGE_SIZE,
  ReportAction,
  ReportCompare,
  ReportKind,
  SORT_ORDERS,
} from "./reports.ts";

/** `GET /v1/report/date_window`: the server's report day boundaries, so the web's pickers agree with it. */
export const reportDateWindowAnswer = z.object({
  timeZone: z.string().describe("REPORT_TZ"),
  today: z.string().describe("today in REPORT_TZ, yyyyMMdd"),
  minDate: z.string().describe("earliest start date, yyyyMMdd (today − 90 days)"),
  maxDate: z.string().describe("latest end date, yyyyMMdd (yesterday)"),
});
export type ReportDateWindowAnswer = z.infer<typeof reportDateWindowAnswer>;
// ─── Queries (docs/rules/reports.md#dimensions) ─────────────────────────────

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
export const reportDate = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : blankToNull(value)),
  z
    .string({ error: "reportDateRequired" })
    .refine(isReportDate, "reportDateInvalid")
    .describe("yyyyMMdd, in the server's REPORT_TZ"),
);

const integerText = (value: unknown) =>
  typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value.trim()) : value;

/** A list sent in a query string: `1,3` (or a repeated parameter, already a list) is the list [1, 3]. */
const listText = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.split(",").map((item) => item.trim()) : value;

/** Most values of one "any of" filter. */
export const REPORT_FILTER_MAX_VALUES = 50;

/**
 * A filter of several values, "any of": a list, or one value as the original clients send it
 * (codes also as `US,BR`); blank values are dropped, repeats kept once, and no value at all means no filter.
 */
const anyOf = <T>(item: z.ZodType<T>, { splitCommas }: { splitCommas: boolean }) =>
  z.preprocess(
    (value) => {
      const list = splitCommas ? listText(value) : value;
      const values = (Array.isArray(list) ? list : [list]).filter((one) => blankToNull(one) !== null);
      return values.length === 0 ? null : values;
    },
    z
      .array(z.union([z.string(), z.number()]))
      .max(REPORT_FILTER_MAX_VALUES)
      .nullable()
      .transform((list, context) => {
        if (list === null) return null;
        const values: T[] = [];
        list.forEach((value, index) => {
          const parsed = item.safeParse(value);
          if (parsed.success) values.push(parsed.data);
          // one value names the field alone, as when filters took one; of several, the field and the index
          else
            for (const issue of parsed.error.issues)
              context.addIssue({
                code: "custom",
                message: issue.message,
                path: list.length > 1 ? [index] : [],
              });
        });
        return [...new Set(values)];
      }),
  );

const nullableId = z.preprocess(
  (value) => integerText(blankToNull(value)),
  z.number({ error: "integerRequired" }).int("integerRequired").min(0).max(ID_MAX).nullable(),
);

const adStyleItem = z.preprocess(
  integerText,
  z
    .number({ error: "adStyleRequired" })
    .int("adStyleRequired")
    .refine((style) => style >= 1 && style <= 4, "adStyleRequired"),
);

const countryItem = z
  .string({ error: "reportCountryUnknown" })
  .trim()
  .toUpperCase()
  .refine(isCountryKey, "reportCountryUnknown");

/** Ad types, any of. */
const adStyleFilter = anyOf(adStyleItem, { splitCommas: true });

/** Country keys of the list, any of; ALL (every country) among them means no filter. */
const countryFilter = anyOf(countryItem, { splitCommas: true }).transform((keys) =>
  keys?.includes(SpecialCountry.All) ? null : keys,
);

/** Texts a column contains (ignoring case), any of; a text is one value whatever its commas. */
const containsAnyOf = (max: number) => anyOf(reportText(max).pipe(z.string()), { splitCommas: false });

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

/**
 * A paging number, `fallback` when absent or blank. The default is declared too, so the API description shows
 * the field as optional (a preprocess alone reads as required).
 */
const pagingNumber = (fallback: number, max: number) =>
  z
    .preprocess(
      (value) => integerText(blankToNull(value) ?? fallback),
      z.number({ error: "integerRequired" }).int("integerRequired").min(1).max(max),
    )
    .default(fallback);

const paging = {
  pageIndex: pagingNumber(1, 1_000_000),
  pageSize: pagingNumber(10, REPORT_MAX_PAGE_SIZE),
};

const companyIdField = nullableId.describe(
  "the company whose report is read; must be the session's, except for operator admins (else code 402)",
);
const order = z.preprocess(blankToNull, z.enum(SORT_ORDERS).nullable()).describe("default desc");

export const onlineReportQuery = z.object({
  startDate: reportDate,
  endDate: reportDate,
  companyId: companyIdField.optional().transform((v) => v ?? null),
  appName: containsAnyOf(30)
    .optional()
    .transform((v) => v ?? null)
    .describe("app names it contains (ignoring case), any of: a list, or one text"),
  adId: nullableId
    .optional()
    .transform((v) => v ?? null)
    .describe("the placement id (addId is accepted too)"),
  addId: nullableId
    .optional()
    .transform((v) => v ?? null)
    .describe("spelling of adId in one client"),
  adStyle: adStyleFilter
    .optional()
    .transform((v) => v ?? null)
    .describe("ad types (1–4), any of: a list, `1,3`, or one"),
  country: countryFilter
    .optional()
    .transform((v) => v ?? null)
    .describe("country keys, any of: a list, `US,BR`, or one; ALL = every country"),
  dimensions: dimensionList(ONLINE_DIMENSIONS.map((d) => d.code as OnlineDimensionCode))
    .optional()
    .transform((v) => v ?? [])
    .describe(
      "dimension codes: date 1, app name 2, ad id 3, country 4, ad style 5, hour 6 (REPORT_TZ; a range of one day the caller can see, else code 604); none = one total row",
    ),
  ...paging,
  orderBy: z
    .preprocess(blankToNull, z.enum(ONLINE_SORT_KEYS).nullable())
    .optional()
    .transform((v) => v ?? null)
    .describe(
      "a grouped dimension's field (appName: by name) or a metric, then the default order; default: date (newest first) when it is a dimension, then the other dimensions",
    ),
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
  subChannel: containsAnyOf(100)
    .optional()
    .transform((v) => v ?? null)
    .describe("texts it contains (ignoring case), any of: a list, or one text"),
  offerId: containsAnyOf(100)
    .optional()
    .transform((v) => v ?? null)
    .describe("texts it contains (ignoring case), any of: a list, or one text"),
  pkgName: containsAnyOf(100)
    .optional()
    .transform((v) => v ?? null)
    .describe("texts it contains (ignoring case), any of: a list, or one text"),
  country: countryFilter
    .optional()
    .transform((v) => v ?? null)
    .describe("country keys, any of: a list, `US,DE`, or one; ALL = every country"),
  dimensions: dimensionList(OFFLINE_DIMENSIONS.map((d) => d.code as OfflineDimensionCode))
    .optional()
    .transform((v) => v ?? [])
    .describe("dimension codes: dt 1, subChannel 2, offerId 3, pkgName 4, country 5; none = one total row"),
  ...paging,
  orderBy: z
    .preprocess(blankToNull, z.enum(OFFLINE_SORT_KEYS).nullable())
    .optional()
    .transform((v) => v ?? null)
    .describe(
      "a grouped dimension's field or a metric, then the default order (date newest first, the others)",
    ),
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
  hour: z.number().int().nullable().describe("the hour of the day, 0–23 in REPORT_TZ"),
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

/**
 * With `compare`: the days each side counts (yyyyMMdd, both included). Both sides count the same number of
 * days: the range loses the days at its ends that have data not to be seen yet (not published), the
 * comparison range is derived from what is left, and a day not to be seen inside either side leaves its
 * pair out of both (`leftOut`, `compareLeftOut`: the n-th of one pairs with the n-th of the other).
 */
export const reportCompareRange = z.object({
  compare: z.enum(ReportCompare),
  startDate: z.string().describe("the comparison range's first day, yyyyMMdd"),
  endDate: z.string().describe("the comparison range's last day, yyyyMMdd"),
  currentStartDate: z.string().describe("the first day counted of the query's range, yyyyMMdd"),
  currentEndDate: z.string().describe("the last day counted of the query's range, yyyyMMdd"),
  days: z.number().int().describe("days counted on each side"),
  leftOut: z.array(z.string()).describe("days of the counted range left out (yyyyMMdd), ascending"),
  compareLeftOut: z.array(z.string()).describe("their pairs in the comparison range (yyyyMMdd)"),
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
/** `GET /v1/{online|offline}/{calculate|publish|delete}?date=yyyyMMdd[&company_id=C]`. */
export const reportManageQuery = z.object({
  date: reportDate.describe("the report day, yyyyMMdd, before today (REPORT_TZ)"),
  company_id: nullableId
    .optional()
    .transform((v) => v ?? null)
    .describe("one company; absent = every publisher company"),
});
export type ReportManageQuery = z.input<typeof reportManageQuery>;
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

/** A batch a management call changed, as it is after the call. */
export const reportManagedBatch = reportBatchRow.extend({
  unpublished: z
    .boolean()
    .describe("the call took this batch's published report back: hidden until it is published again"),
});
export type ReportManagedBatch = z.infer<typeof reportManagedBatch>;

/**
 * The answer of a management call: every batch it changed, after the action; a recalculation changes the
 * day's batches of both kinds, the other kind's listed after the one named.
 */
export const reportManageAnswer = z.object({
  action: z.enum(ReportAction),
  kind: z.enum(ReportKind),
  date: z.string(),
  batches: z.array(reportManagedBatch),
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
  page_size: pagingNumber(10, 5000),
});
export type ReportBatchListQuery = z.input<typeof reportBatchListQuery>;
/** The batch list's query as the server reads it and the web sends it (null = no filter). */
export type ReportBatchListParams = z.output<typeof reportBatchListQuery>;
export const reportBatchListAnswer = z.object({ list: z.array(reportBatchRow), total: z.number().int() });
export type ReportBatchListAnswer = z.infer<typeof reportBatchListAnswer>;
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
