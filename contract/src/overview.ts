/**
 * The home page's overview of the SDK report (docs/rules/reports.md#home-overview): the key figures of the
 * latest published day up to yesterday (REPORT_TZ), the days before it for the change and the sparkline, and
 * the day's top apps. Same permission and scope as the SDK report: the session's own company, published days
 * only.
 */
import { z } from "zod";
import { onlineReportRow } from "./report-schemas.ts";
import type { OnlineMetricKey } from "./reports.ts";

/** The figures the home page shows, in order: revenue, eCPM, fill rate, impressions. */
export const OVERVIEW_METRICS = [
  "settleAmount",
  "settleEcpm",
  "recallRate",
  "showNum",
] as const satisfies readonly OnlineMetricKey[];
export type OverviewMetricKey = (typeof OVERVIEW_METRICS)[number];

/** Days of the sparkline, ending at the overview's day. */
export const OVERVIEW_DAYS = 7;
/** Apps in the top list. */
export const OVERVIEW_TOP_APPS = 5;

const overviewFigures = onlineReportRow.pick({
  settleAmount: true,
  settleEcpm: true,
  recallRate: true,
  showNum: true,
});
export type OverviewFigures = z.infer<typeof overviewFigures>;

export const overviewDay = z.object({
  dt: z.string().describe("yyyy-MM-DD"),
  figures: overviewFigures.nullable().describe("the SDK report's total of the day; null when not published"),
});
export type OverviewDay = z.infer<typeof overviewDay>;

export const overviewApp = onlineReportRow.pick({
  appId: true,
  appName: true,
  settleAmount: true,
  showNum: true,
  settleEcpm: true,
});
export type OverviewApp = z.infer<typeof overviewApp>;

export const onlineOverviewAnswer = z.object({
  yesterday: z.string().describe("the server's yesterday (REPORT_TZ), yyyy-MM-DD"),
  day: z
    .string()
    .nullable()
    .describe("the latest published day up to yesterday within the report window, yyyy-MM-DD; null: none"),
  days: z
    .array(overviewDay)
    .describe(
      `the ${OVERVIEW_DAYS} days ending at \`day\` (oldest first, none before the report window): the last is ` +
        "`day`, the one before it the day before; empty when `day` is null",
    ),
  topApps: z
    .array(overviewApp)
    .describe(`the ${OVERVIEW_TOP_APPS} apps of \`day\` with the most revenue, most first`),
});
export type OnlineOverview = z.infer<typeof onlineOverviewAnswer>;
