/** A change's fields, each with its value before and after, in the user's language. */
import { type HistoryChange, isAdStyle } from "@pc/contract";
import { Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import "./history.css";

const FIELD_LABELS = {
  name: "history.fields.name",
  pkg: "history.fields.pkg",
  url: "history.fields.url",
  is_online: "history.fields.isOnline",
  app_key: "history.fields.appKey",
  app_id: "history.fields.appId",
  ad_style: "history.fields.adStyle",
  content_type: "history.fields.contentType",
  auto_rotation: "history.fields.autoRotation",
  country_bottom_price: "history.fields.floorPrices",
  user_name: "history.fields.userName",
  email: "history.fields.email",
  role_ids: "history.fields.roles",
  status: "history.fields.status",
  report_scope: "history.fields.reportScope",
  key_prefix: "history.fields.keyPrefix",
  scopes: "history.fields.scopes",
  expires_on: "history.fields.expiresOn",
  revoked: "history.fields.revoked",
  two_factor: "history.fields.twoFactor",
  require_two_factor: "history.fields.requireTwoFactor",
  recovery_codes_left: "history.fields.recoveryCodesLeft",
} as const;
type KnownField = keyof typeof FIELD_LABELS;
const isKnownField = (field: string): field is KnownField => field in FIELD_LABELS;

interface FloorPrices {
  default_bottom_price?: number;
  country_open_flag?: number;
  country_open_items?: { countrys?: string[]; price?: number }[];
}

function floorText(value: FloorPrices, t: TFunction): string {
  const groups =
    value.country_open_flag === 1
      ? (value.country_open_items ?? []).map((item) => `${(item.countrys ?? []).join(", ")}: ${item.price}`)
      : [];
  return [t("history.defaultFloor", { price: value.default_bottom_price ?? 0 }), ...groups].join("; ");
}

/** A recorded value as a person reads it. */
export function valueText(field: string, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === "") return "—";
  if (field === "country_bottom_price" && typeof value === "object")
    return floorText(value as FloorPrices, t);
  if (field === "ad_style" && typeof value === "number" && isAdStyle(value))
    return t(`placements.adStyles.${value}`);
  if ((field === "is_online" || field === "auto_rotation") && typeof value === "number")
    return value === 1 ? t("common.yes") : t("common.no");
  if (typeof value === "boolean") return value ? t("common.yes") : t("common.no");
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

export function HistoryChanges({ changes }: { changes: readonly HistoryChange[] }) {
  const { t } = useTranslation();
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="pc-history-changes">
      {changes.map(({ field, before, after }) => (
        <li key={field}>
          <Typography.Text strong>{isKnownField(field) ? t(FIELD_LABELS[field]) : field}</Typography.Text>
          {": "}
          {before !== null && (
            <>
              <Typography.Text delete type="secondary" data-testid="history-before">
                {valueText(field, before, t)}
              </Typography.Text>
              {" → "}
            </>
          )}
          <Typography.Text data-testid="history-after">{valueText(field, after, t)}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}
