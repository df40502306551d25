/**
 * The home page's overview of the SDK report (docs/rules/reports.md#home-overview): the latest published day
 * up to yesterday (REPORT_TZ) within the report window, the SDK report's day totals of the days ending there,
 * and that day's top apps by revenue. Read through the SDK report's own query (onlineReport), so every number
 * is the one the report page shows, from the same rollups; published days only, whoever asks (an operator
 * admin's home shows its own company like a publisher's).
 */
import {
  addReportDays,
  isoToReportDate,
  OnlineDimension,
  type OnlineOverview,
  OVERVIEW_DAYS,
  OVERVIEW_METRICS,
  OVERVIEW_TOP_APPS,
  type OverviewFigures,
  onlineReportQuery,
  ReportStatus,
  reportDateToIso,
  reportDateWindow,
  reportDaysBetween,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { reportToday } from "../days.ts";
import { dayStatuses } from "./repo.ts";
import { onlineReport, type QueryOptions } from "./service.ts";

/** The overview's figures of a day's total row; zeros for a published day without data. */
const figuresOf = (row: OverviewFigures | undefined): OverviewFigures =>
  Object.fromEntries(OVERVIEW_METRICS.map((key) => [key, row?.[key] ?? 0])) as OverviewFigures;

/** The published SDK days of a company in the report window (yyyy-MM-DD, ascending). */
async function publishedDays(
  db: Db,
  companyId: number,
  window: { minDate: string; maxDate: string },
  timeZone: string,
) {
  const range = { from: reportDateToIso(window.minDate), to: reportDateToIso(window.maxDate) };
  const statuses = await dayStatuses(db, { companyId, kind: "online", ...range }, timeZone);
  return statuses
    .filter((day) => day.status === ReportStatus.Published)
    .map((day) => day.dt)
    .sort();
}

export async function onlineOverview(
  db: Db,
  companyId: number,
  timeZone: string,
  options: QueryOptions = {},
): Promise<OnlineOverview> {
  const window = reportDateWindow(reportToday(timeZone));
  const yesterday = reportDateToIso(window.maxDate);
  const published = await publishedDays(db, companyId, window, timeZone);
  const day = published.at(-1);
  if (!day) return { yesterday, day: null, days: [], topApps: [] };

  const endDate = isoToReportDate(day);
  const first = addReportDays(endDate, 1 - OVERVIEW_DAYS);
  const startDate = first < window.minDate ? window.minDate : first;
  const publisher = { companyId, seesAll: false };
  const byDay = await onlineReport(
    db,
    publisher,
    onlineReportQuery.parse({
      startDate,
      endDate,
      dimensions: [OnlineDimension.Date],
      pageSize: OVERVIEW_DAYS,
    }),
    timeZone,
    options,
  );
  const top = await onlineReport(
    db,
    publisher,
    onlineReportQuery.parse({
      startDate: endDate,
      endDate,
      dimensions: [OnlineDimension.AppName],
      orderBy: "settleAmount",
      order: "desc",
      pageSize: OVERVIEW_TOP_APPS,
    }),
    timeZone,
    options,
  );
  const rows = new Map(byDay.list.map((row) => [row.dt, row] as const));
  return {
    yesterday,
    day,
    days: reportDaysBetween(startDate, endDate).map((ymd) => {
      const dt = reportDateToIso(ymd);
      return { dt, figures: published.includes(dt) ? figuresOf(rows.get(dt)) : null };
    }),
    topApps: top.list.map(({ appId, appName, settleAmount, showNum, settleEcpm }) => ({
      appId,
      appName,
      settleAmount,
      showNum,
      settleEcpm,
    })),
  };
}
