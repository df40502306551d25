/**
 * SDK reports (docs/rules/screens.md#reports; docs/rules/reports.md#dimensions): filters app name, placement
 * ID (numeric), ad type and country beside the dates; the SDK dimensions (date, app name, placement ID,
 * country, ad type) and data columns; the placement ID opens the row's detail view. Labels are the glossary's
 * terms.
 */
import {
  AD_STYLE_TITLES,
  AD_STYLES,
  hourText,
  isAdStyle,
  type LangValue,
  type OnlineReportQueryInput,
} from "@pc/contract";
import { Button, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../../../components/CountrySelect.tsx";
import { lazySchemaRule } from "../../../components/schemaRule.ts";
import { useContractText } from "../../../i18n/messages.ts";
import { TextValuesSelect } from "../query/FilterValuesSelect.tsx";
import type { OnlineFilters, OnlineFilterValues } from "../query/queryInput.ts";
import { SDK_QUERY_CONFIG } from "../query/screenQueries.ts";
import type { ReportRowRecord } from "../table/reportRows.ts";
import { ReportScreen } from "./ReportScreen.tsx";
import type { ReportScreenConfig } from "./reportScreenConfig.ts";

const queryShape = () =>
  import("../query/filterSchemas.ts").then((schemas) => schemas.onlineReportQuery.shape);

const styleTitle = (style: unknown, lang: LangValue) =>
  typeof style === "number" && isAdStyle(style) ? AD_STYLE_TITLES[style][lang] : "";
const textOf = (value: unknown) => (value === null || value === undefined ? "" : String(value));

export function SdkFilterFields() {
  const { t } = useTranslation();
  const text = useContractText();
  return (
    <>
      <Form.Item
        name="appName"
        label={t("term.appName")}
        rules={[lazySchemaRule(() => queryShape().then((shape) => shape.appName), text.lang)]}
      >
        <TextValuesSelect placeholder={t("reports.appNamePlaceholder")} />
      </Form.Item>
      <Form.Item
        name="adId"
        label={t("reports.adId")}
        rules={[lazySchemaRule(() => queryShape().then((shape) => shape.adId), text.lang)]}
      >
        <Input placeholder={t("reports.adIdPlaceholder")} allowClear inputMode="numeric" />
      </Form.Item>
      <Form.Item name="adStyle" label={t("reports.adStyle")}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t("reports.adStylePlaceholder")}
          options={AD_STYLES.map((style) => ({ value: style, label: styleTitle(style, text.lang) }))}
        />
      </Form.Item>
      <Form.Item name="country" label={t("term.country")}>
        <CountrySelect multiple placeholder={t("reports.countryPlaceholder")} />
      </Form.Item>
    </>
  );
}

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
