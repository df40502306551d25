/**
 * What a report query reads, after its rules (docs/rules/entities.md#report-days;
 * docs/rules/validation.md#report-dates): the session's company unless an operator admin, the date window,
 * and published days only for publishers.
 */
import {
  Code,
  checkHourRange,
  checkReportDates,
  hasHourDimension,
  type OfflineReportQuery,
  type OnlineReportQuery,
  type ReportKindValue,
  ReportStatus,
  reportDateToIso,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import { containsPattern } from "../../../lib/paging.ts";
import { reportToday } from "../days.ts";
import { type KindModel, MODELS } from "../model.ts";
import { appIdsNamed, dayStatuses, hoursMissing } from "./repo.ts";
import type { Filter, ReportSelection } from "./sql.ts";

export interface Viewer {
  companyId: number;
  /** Operator admins read any company's reports, in any status. */
  seesAll: boolean;
}

export type ReportQuery = OnlineReportQuery | OfflineReportQuery;

const isOnline = (query: ReportQuery): query is OnlineReportQuery => "appName" in query;

/**
 * The selection a query reads, after its rules: the company (the session's unless an operator admin, else
 * 402), the date window, the days the viewer may see; grouped by hour, one day the viewer sees (a publisher:
 * published) whose hours were kept, else code 604 naming the field. Null when it can have no row.
 */
export async function selectionOf(
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
  // the hour rules hold for the query's own range; its comparison day is read as any compared day is
  const hourly = !range && isOnline(query) && hasHourDimension(query.dimensions);
  if (!range) {
    const problem = checkReportDates(query, reportToday(timeZone)) ?? (hourly ? checkHourRange(query) : null);
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
    if (hourly && !days.includes(start))
      throw new AppError(Code.ParamError, "reportHourDayHidden", { date: start }, "startDate");
    if (days.length === 0) return null;
  }
  if (hourly && (await hoursMissing(db, model, companyId, start)))
    throw new AppError(Code.ParamError, "reportHoursNotCalculated", { date: start }, "startDate");
  const filters: Filter[] = [];
  if (isOnline(query)) {
    if (query.appName !== null) {
      const ids = await appIdsNamed(
        db,
        companyId,
        query.appName.map((name) => containsPattern(name)),
      );
      if (ids.length === 0) return null;
      filters.push({ dim: "app", op: "in", values: ids });
    }
    const adId = query.adId ?? query.addId;
    if (adId !== null) filters.push({ dim: "pos", op: "eq", value: adId });
    if (query.adStyle !== null)
      filters.push({ dim: "style", op: "anyOf", type: "int", values: query.adStyle });
    if (query.country !== null)
      filters.push({ dim: "country", op: "anyOf", type: "text", values: query.country });
  } else {
    if (query.subChannel !== null) filters.push({ dim: "sub", op: "contains", values: query.subChannel });
    if (query.offerId !== null) filters.push({ dim: "offer", op: "contains", values: query.offerId });
    if (query.pkgName !== null) filters.push({ dim: "pkg", op: "contains", values: query.pkgName });
    if (query.country !== null)
      filters.push({ dim: "country", op: "anyOf", type: "text", values: query.country });
  }
  return { model, companyId, start, end, days, dims: dimsOf(model, query), filters };
}

/** The dimension keys a query groups by, in code order. */
export const dimsOf = (model: KindModel, query: ReportQuery) =>
  model.dimensions.filter((dim) => (query.dimensions as number[]).includes(dim.code)).map((d) => d.key);

/** A selection of no day: what a query without a visible day reads (nothing). */
export const emptySelection = (kind: ReportKindValue, viewer: Viewer): ReportSelection => ({
  model: MODELS[kind],
  companyId: viewer.companyId,
  start: "1970-01-01",
  end: "1970-01-01",
  days: [],
  dims: [],
  filters: [],
});
