/**
 * The status of each day of a range as a reader sees it: its batch's status,
 * whether the reader sees its numbers (publishers: published; operators: calculated) and whether it has data.
 */
import {
  type ReportDayStatus,
  type ReportKindValue,
  ReportStatus,
  reportDateToIso,
  reportDaysBetween,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { dayStatuses, daysWithData } from "./repo.ts";
import type { Viewer } from "./selection.ts";

/** Each day of a range (yyyyMMdd, both included) of a company's report of a kind, as the viewer sees it. */
export async function dayStatusesFor(
  db: Db,
  kind: ReportKindValue,
  viewer: Viewer,
  companyId: number,
  range: { startDate: string; endDate: string },
  timeZone: string,
): Promise<ReportDayStatus[]> {
  const span = {
    companyId,
    kind,
    from: reportDateToIso(range.startDate),
    to: reportDateToIso(range.endDate),
  };
  const [statuses, withData] = await Promise.all([
    dayStatuses(db, span, timeZone),
    daysWithData(db, span, timeZone),
  ]);
  const known = new Map(statuses.map((day) => [day.dt, day] as const));
  return reportDaysBetween(range.startDate, range.endDate).map((ymd) => {
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

/** Whether a day has data its reader cannot see yet (not published, for a publisher). */
export const isWithheld = (day: ReportDayStatus): boolean => !day.visible && day.hasData;
