/** The SDK report's own filters beside the dates: app name, placement ID (numeric), ad type and country. */
import { AD_STYLES } from "@pc/contract";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../../../components/CountrySelect.tsx";
import { lazySchemaRule } from "../../../components/schemaRule.ts";
import { useContractText } from "../../../i18n/messages.ts";
import { TextValuesSelect } from "./FilterValuesSelect.tsx";

const queryShape = () => import("./filterSchemas.ts").then((schemas) => schemas.onlineReportQuery.shape);

export default function SdkFilterFields() {
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
          options={AD_STYLES.map((style) => ({ value: style, label: text.title("adStyle", style) }))}
        />
      </Form.Item>
      <Form.Item name="country" label={t("term.country")}>
        <CountrySelect multiple placeholder={t("reports.countryPlaceholder")} />
      </Form.Item>
    </>
  );
}
