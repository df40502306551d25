/**
 * Saved views of the report screens: a named question of one user (filters, dimensions, data columns, sort,
 * comparison and dates) that the SDK or affiliate screen reopens in one click. Views are personal: a user
 * lists, changes and deletes only their own, of the reports they may read.
 *
 * The saved filters, dimensions and columns are a scheduled report's saved query (report-schedules.ts), and
 * the sort and comparison the report query's own fields, so a view is checked by the schemas the report is.
 * The dates are kept as the user meant them: a preset of the range picker ("last 7 days") stays relative and
 * covers the latest days whenever the view is reopened; dates picked by hand stay those days.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { hasEmoji, idParam, idValue } from "./inputs.ts";
import type { Action } from "./permissions.ts";
import { offlineScheduleQuery, onlineScheduleQuery, savedScheduleQuery } from "./report-schedules.ts";
import { offlineReportQuery, onlineReportQuery, reportDate } from "./report-schemas.ts";
import {
  REPORT_RANGE_PRESETS,
  REPORT_VIEW_NAME_MAX,
  REPORT_VIEWS_MAX,
  ReportCompare,
  ReportKind,
  type ReportKindValue,
  ReportViewRangeType,
  SORT_ORDERS,
} from "./reports.ts";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

const viewName = z
  .string({ error: "reportViewNameRequired" })
  .trim()
  .min(1, { message: "reportViewNameRequired", abort: true })
  .max(REPORT_VIEW_NAME_MAX, { message: "reportViewNameTooLong", abort: true })
  .refine((text) => !hasEmoji(text) && !CONTROL.test(text), "illegalCharacters");

/** A view's dates: a preset of the range picker (relative to the day it is opened), or two fixed days. */
const viewRange = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal(ReportViewRangeType.Preset),
      preset: z.enum(REPORT_RANGE_PRESETS, { error: "reportViewPresetInvalid" }),
    }),
    z
      .object({
        type: z.literal(ReportViewRangeType.Fixed),
        startDate: reportDate,
        endDate: reportDate,
      })
      .refine((range) => range.startDate <= range.endDate, {
        message: "reportDateOrder",
        path: ["startDate"],
      }),
  ],
  { error: "reportViewRangeRequired" },
);

/** A screen shows at least one dimension (no dimension is the total row alone, which it has already). */
const withDimension = (selection: { dimensions: readonly number[] }, ctx: z.RefinementCtx) => {
  if (selection.dimensions.length === 0)
    ctx.addIssue({ code: "custom", message: "reportColumnsDimensionRequired", path: ["dimensions"] });
};

export const onlineViewSelection = onlineScheduleQuery
  .extend({
    orderBy: onlineReportQuery.shape.orderBy,
    order: onlineReportQuery.shape.order,
    compare: onlineReportQuery.shape.compare,
    range: viewRange,
  })
  .superRefine(withDimension);

export const offlineViewSelection = offlineScheduleQuery
  .extend({
    orderBy: offlineReportQuery.shape.orderBy,
    order: offlineReportQuery.shape.order,
    compare: offlineReportQuery.shape.compare,
    range: viewRange,
  })
  .superRefine(withDimension);

export type OnlineViewSelectionInput = z.input<typeof onlineViewSelection>;
export type OfflineViewSelectionInput = z.input<typeof offlineViewSelection>;

/** The schema of a report's view selection. */
export const VIEW_SELECTIONS = {
  online: onlineViewSelection,
  offline: offlineViewSelection,
} as const satisfies Record<ReportKindValue, z.ZodType>;

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────────────────

const reportViewRange = z.discriminatedUnion("type", [
  z.object({ type: z.literal(ReportViewRangeType.Preset), preset: z.enum(REPORT_RANGE_PRESETS) }),
  z.object({
    type: z.literal(ReportViewRangeType.Fixed),
    startDate: z.string().describe("yyyyMMdd"),
    endDate: z.string().describe("yyyyMMdd"),
  }),
]);
export type ReportViewRange = z.infer<typeof reportViewRange>;

/** A view's selection as answered: the saved query of a schedule, with its sort, comparison and dates. */
export const reportViewSelection = savedScheduleQuery.extend({
  orderBy: z.string().nullable().describe("a grouped dimension's field or a metric; null: default order"),
  order: z.enum(SORT_ORDERS).nullable(),
  compare: z.enum(ReportCompare).nullable(),
  range: reportViewRange,
});
export type ReportViewSelection = z.infer<typeof reportViewSelection>;

export const reportViewRow = z.object({
  id: z.number().int(),
  kind: z.enum(ReportKind),
  name: z.string(),
  selection: reportViewSelection,
  create_time: z.string(),
  modify_time: z.string(),
});
export type ReportViewRow = z.infer<typeof reportViewRow>;

export const reportViewListAnswer = z.object({ list: z.array(reportViewRow) });
export type ReportViewListAnswer = z.infer<typeof reportViewListAnswer>;

// ─── Endpoints ───────────────────────────────────────────────────────────────────────────────────────────

const RULES =
  `Only the caller's own views of this report: another user's or another company's id answers code 604 ` +
  `(reportViewNotFound, field id). Names: 1 to ${REPORT_VIEW_NAME_MAX} characters, unique per user and ` +
  `report ignoring case (reportViewNameDuplicate); at most ${REPORT_VIEWS_MAX} views per user and report ` +
  `(reportViewsTooMany). range: {type: "preset", preset} reopens the latest days of the preset, ` +
  `{type: "fixed", startDate, endDate} those days (inside the 90-day window when saved).`;

/** The four calls of one report's views, on its own paths, allowed to whoever may read that report. */
// no side effects: a bundle that calls these through routes.ts leaves the schemas out
const viewEndpoints = /* @__NO_SIDE_EFFECTS__ */ <const Base extends string, S extends z.ZodType>(
  base: Base,
  selection: S,
  access: Action,
  report: string,
) => ({
  list: endpoint({
    method: "GET",
    path: `${base}/list`,
    answer: reportViewListAnswer,
    access,
    description: `The caller's saved views of the ${report}, by name. ${RULES}`,
  }),
  create: endpoint({
    method: "POST",
    path: base,
    body: z.object({ name: viewName, selection }),
    answer: reportViewRow,
    access,
    description: `Saves a view of the ${report}. ${RULES}`,
  }),
  update: endpoint({
    method: "PUT",
    path: base,
    body: z
      .object({ id: idValue, name: viewName.optional(), selection: selection.optional() })
      .refine((body) => body.name !== undefined || body.selection !== undefined, {
        message: "reportViewChangeRequired",
        path: ["name"],
      }),
    answer: reportViewRow,
    access,
    description: `Renames a view (name), saves the screen into it (selection), or both. ${RULES}`,
  }),
  remove: endpoint({
    method: "DELETE",
    path: base,
    query: z.object({ id: idParam }),
    answer: z.null(),
    access,
    description: `Deletes a view. ${RULES}`,
  }),
});

export const ONLINE_VIEW_ENDPOINTS = viewEndpoints(
  "/v1/online/view",
  onlineViewSelection,
  "report.online.read",
  "SDK report",
);
export const OFFLINE_VIEW_ENDPOINTS = viewEndpoints(
  "/v1/offline/view",
  offlineViewSelection,
  "report.offline.read",
  "affiliate report",
);

export type ReportViewEndpoints = typeof ONLINE_VIEW_ENDPOINTS | typeof OFFLINE_VIEW_ENDPOINTS;
