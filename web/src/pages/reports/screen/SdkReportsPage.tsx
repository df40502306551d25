/**
 * SDK reports (docs/rules/screens.md#reports; docs/rules/reports.md#dimensions): filters app name, placement
 * ID (numeric), ad type and country beside the dates; the SDK dimensions (date, app name, placement ID,
 * country, ad type) and data columns; the placement ID opens the row's detail view. Labels are the glossary's
 * terms.
 */
import { enumTitle, hourText, type LangValue, type OnlineReportQueryInput } from "@pc/contract";
import { Button } from "antd";
import { SdkFilterFields } from "../query/filterFields.ts";
import type { OnlineFilters, OnlineFilterValues } from "../query/queryInput.ts";
import { SDK_QUERY_CONFIG } from "../query/screenQueries.ts";
import type { ReportRowRecord } from "../table/reportRows.ts";
import { ReportScreen } from "./ReportScreen.tsx";
import type { ReportScreenConfig } from "./reportScreenConfig.ts";

const styleTitle = (style: unknown, lang: LangValue) => enumTitle("adStyle", style, lang) ?? "";
const textOf = (value: unknown) => (value === null || value === undefined ? "" : String(value));

function detailTitle(row: ReportRowRecord, lang: LangValue): string {
  const parts = [
    row.adId === null || row.adId === undefined ? "" : `${textOf(row.adName)} #${textOf(row.adId)}`.trim(),
    textOf(row.appName),
    textOf(row.country),
    styleTitle(row.adStyle, lang),
  ];
  return parts.filter(Boolean).join(" / ");
}

export const SDK_CONFIG: ReportScreenConfig<OnlineFilterValues, OnlineFilters, OnlineReportQueryInput> = {
  ...SDK_QUERY_CONFIG,
  FilterFields: SdkFilterFields,
  renderDimension: (field, row, { lang, openDetail }) => {
    switch (field) {
      case "hour":
        return typeof row.hour === "number" ? hourText(row.hour) : "";
      case "adStyle":
        return styleTitle(row.adStyle, lang);
      case "adId":
        return (
          <span className="pc-ad-cell">
            {openDetail ? (
              <Button
                type="link"
                size="small"
                className="pc-link-cell"
                onClick={openDetail}
                data-action="ad-detail"
              >
                {textOf(row.adId)}
              </Button>
            ) : (
              <span>{textOf(row.adId)}</span>
            )}
            <span className="pc-muted" title={textOf(row.adName)}>
              {textOf(row.adName)}
            </span>
          </span>
        );
      default:
        return textOf(row[field]);
    }
  },
  detailValues: (row, applied) => ({
    appName: typeof row.appName === "string" ? [row.appName] : applied.appName,
    adId: typeof row.adId === "number" ? String(row.adId) : applied.adId,
    adStyle: typeof row.adStyle === "number" ? [row.adStyle] : applied.adStyle,
    country: typeof row.country === "string" ? [row.country] : applied.country,
  }),
  detailTitle,
};

export default function SdkReportsPage() {
  return <ReportScreen config={SDK_CONFIG} />;
}
