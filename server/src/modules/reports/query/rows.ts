/** The answered rows of report queries: the raw rows' dimensions and metrics, with app and placement names. */
import type { OfflineReportRow, OnlineReportRow } from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import type { KindModel } from "../model.ts";
import { appNames, placementNames } from "./repo.ts";
import type { ReportSelection } from "./sql.ts";

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
export const isoDay = (value: unknown) => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

export function metricValues(model: KindModel, row: Record<string, unknown>) {
  return Object.fromEntries(model.metrics.map((metric) => [metric.key, num(row[metric.key])]));
}

export async function onlineRows(
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
      hour: has("hour") ? Number(row.hour) : null,
      appId,
      appName: appId === null ? null : (apps.get(appId) ?? `#${appId}`),
      adId,
      addId: adId,
      adName: adId === null ? null : (placements.get(adId) ?? null),
      adStyle: has("style") ? Number(row.ad_style) : null,
      country: has("country") ? text(row.country) : null,
      ...(metricValues(selection.model, row) as Omit<
        OnlineReportRow,
        "dt" | "hour" | "appId" | "appName" | "adId" | "addId" | "adName" | "adStyle" | "country" | "compare"
      >),
    };
  });
}

export function offlineRows(selection: ReportSelection, rows: Record<string, unknown>[]): OfflineReportRow[] {
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
