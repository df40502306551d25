/** The affiliate report's own filters beside the dates: sub-channel, offer id, package name and country. */
import { type LangValue, OFFLINE_DIMENSIONS } from "@pc/contract";
import { Form } from "antd";
import { useTranslation } from "react-i18next";
import { CountrySelect } from "../../../components/CountrySelect.tsx";
import { lazySchemaRule } from "../../../components/schemaRule.ts";
import { useContractText } from "../../../i18n/messages.ts";
import { TextValuesSelect } from "./FilterValuesSelect.tsx";

const queryShape = () => import("./filterSchemas.ts").then((schemas) => schemas.offlineReportQuery.shape);
const dimensionTitle = (field: string, lang: LangValue) =>
  OFFLINE_DIMENSIONS.find((d) => d.field === field)?.title[lang] ?? field;

export default function AffiliateFilterFields() {
  const { t } = useTranslation();
  const text = useContractText();
  const textField = (name: "subChannel" | "offerId" | "pkgName") => (
    <Form.Item
      name={name}
      label={dimensionTitle(name, text.lang)}
      rules={[lazySchemaRule(() => queryShape().then((shape) => shape[name]), text.lang)]}
    >
      <TextValuesSelect placeholder={t(`reports.placeholders.${name}`)} />
    </Form.Item>
  );
  return (
    <>
      {textField("subChannel")}
      {textField("offerId")}
      {textField("pkgName")}
      <Form.Item name="country" label={dimensionTitle("country", text.lang)}>
        <CountrySelect multiple placeholder={t("reports.countryPlaceholder")} />
      </Form.Item>
    </>
  );
}
