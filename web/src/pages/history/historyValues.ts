/**
 * A recorded value as a person reads it, in the user's language: by its field's kind in the
 * contract (`HISTORY_FIELDS`): enum values by their titles, flags as yes or no, an app by its name.
 */
import { enumValuesOf, type HistoryChange, type HistoryValueKind, historyValueKind } from "@pc/contract";
import type { TFunction } from "i18next";
import type { ContractText } from "../../i18n/messages.ts";

interface FloorPrices {
  default_bottom_price?: number;
  country_open_flag?: number;
  country_open_items?: { countrys?: string[]; price?: number }[];
}

/** The texts a value is written with: the catalogue's and the contract's enum titles. */
export interface ValueWords {
  t: TFunction;
  title: ContractText["title"];
}

function floorText(value: FloorPrices, t: TFunction): string {
  const groups =
    value.country_open_flag === 1
      ? (value.country_open_items ?? []).map((item) => `${(item.countrys ?? []).join(", ")}: ${item.price}`)
      : [];
  return [t("history.defaultFloor", { price: value.default_bottom_price ?? 0 }), ...groups].join("; ");
}

const yesNo = (yes: boolean, t: TFunction) => (yes ? t("common.yes") : t("common.no"));

function plainText(value: unknown, t: TFunction): string {
  if (typeof value === "boolean") return yesNo(value, t);
  if (Array.isArray(value)) return value.join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

/** A value of a field of this kind; `name` is the server's name of the record a reference names. */
function valueText(kind: HistoryValueKind, value: unknown, name: string | undefined, words: ValueWords) {
  const { t, title } = words;
  if (value === null || value === undefined || value === "") return "—";
  switch (kind.kind) {
    case "enum":
      return enumValuesOf(value)
        .map((each) => title(kind.of, each))
        .join(", ");
    case "flag":
      return typeof value === "number" ? yesNo(value === 1, t) : plainText(value, t);
    case "floorPrices":
      return typeof value === "object" ? floorText(value as FloorPrices, t) : plainText(value, t);
    case "app":
      return name ?? t("history.deletedApp", { id: plainText(value, t) });
    case "text":
      return plainText(value, t);
  }
}

/** A change's field title and its values before and after. */
export function changeTexts(entity: string, change: HistoryChange, words: ValueWords) {
  const kind = historyValueKind(entity, change.field);
  return {
    before: valueText(kind, change.before, change.before_name, words),
    after: valueText(kind, change.after, change.after_name, words),
  };
}
