/**
 * Affiliate reports (docs/rules/screens.md#reports; docs/rules/reports.md#dimensions): filters
 * sub-channel, offer id, package name and country beside the dates; hits, conversions, rejections,
 * income, CPC, payout, profit and rates; the sub-channel shown as its text; exports named
 * `<companyId>_Affiliate_Reports_Detail_List_<timestamp>.csv`.
 */
import type { OfflineReportQueryInput } from "@pc/contract";
import { AffiliateFilterFields } from "../query/filterFields.ts";
import type { OfflineFilters, OfflineFilterValues } from "../query/queryInput.ts";
import { AFFILIATE_QUERY_CONFIG } from "../query/screenQueries.ts";
import type { ReportRowRecord } from "../table/reportRows.ts";
import { ReportScreen } from "./ReportScreen.tsx";
import type { ReportScreenConfig } from "./reportScreenConfig.ts";

const textOf = (value: unknown) => (value === null || value === undefined ? "" : String(value));

const AFFILIATE_CONFIG: ReportScreenConfig<OfflineFilterValues, OfflineFilters, OfflineReportQueryInput> = {
  ...AFFILIATE_QUERY_CONFIG,
  FilterFields: AffiliateFilterFields,
  renderDimension: (field, row) => (field === "subChannel" ? textOf(row.subChannelText) : textOf(row[field])),
  detailValues: (row, applied) => ({
    subChannel: typeof row.subChannel === "string" ? [row.subChannel] : applied.subChannel,
    offerId: typeof row.offerId === "string" ? [row.offerId] : applied.offerId,
    pkgName: typeof row.pkgName === "string" ? [row.pkgName] : applied.pkgName,
    country: typeof row.country === "string" ? [row.country] : applied.country,
  }),
  detailTitle: (row: ReportRowRecord) =>
    [row.subChannelText, row.offerId, row.pkgName, row.country].map(textOf).filter(Boolean).join(" / "),
};

export default function AffiliateReportsPage() {
  return <ReportScreen config={AFFILIATE_CONFIG} />;
}
