/**
 * The bottom-price dialog's rules (docs/rules/entities.md#floor-prices;
 * docs/rules/validation.md#bottom-price): turning the per-country switch on creates one empty group, turning
 * it off clears all groups, the last group cannot be deleted. Every other rule (default price required when
 * the switch is on, countries and price per group, a country in one group only, non-negative prices with at
 * most 4 decimals) is the contract's schema, applied to the form values as they are and reported per field.
 */
import {
  type BottomPriceInput,
  bottomPriceSetting,
  Flag,
  type FlagValue,
  stringifyBottomPrice,
} from "@pc/contract";

export interface FloorGroup {
  countrys: string[];
  price: number | null;
}

/** The dialog's form: the shape of `country_bottom_price` with empty prices as null. */
export interface FloorForm {
  default_bottom_price: number | null;
  country_open_flag: FlagValue;
  country_open_items: FloorGroup[];
}

export const emptyGroup = (): FloorGroup => ({ countrys: [], price: null });

export const EMPTY_FLOOR: FloorForm = {
  default_bottom_price: null,
  country_open_flag: Flag.Off,
  country_open_items: [],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
const priceOf = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) ? value : null;

/** A row's `country_bottom_price` (a JSON string) as the form's values; anything unreadable is no floor. */
export function parseFloor(text: string | null | undefined): FloorForm {
  let value: unknown;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    return EMPTY_FLOOR;
  }
  if (!isObject(value)) return EMPTY_FLOOR;
  const on = value.country_open_flag === Flag.On;
  const items = Array.isArray(value.country_open_items) ? value.country_open_items : [];
  const groups = items.filter(isObject).map(
    (item): FloorGroup => ({
      countrys: Array.isArray(item.countrys)
        ? item.countrys.filter((key): key is string => typeof key === "string")
        : [],
      price: priceOf(item.price),
    }),
  );
  return {
    default_bottom_price: priceOf(value.default_bottom_price),
    country_open_flag: on ? Flag.On : Flag.Off,
    // a switch that is on always shows at least one group
    country_open_items: on ? (groups.length > 0 ? groups : [emptyGroup()]) : [],
  };
}

/** The switch turned on (one empty group unless some exist) or off (no group). */
export function setCountrySwitch(form: FloorForm, on: boolean): FloorForm {
  if (!on) return { ...form, country_open_flag: Flag.Off, country_open_items: [] };
  return {
    ...form,
    country_open_flag: Flag.On,
    country_open_items: form.country_open_items.length > 0 ? form.country_open_items : [emptyGroup()],
  };
}

export const addGroup = (groups: readonly FloorGroup[]): FloorGroup[] => [...groups, emptyGroup()];

/** Whether a group may be deleted: never the last one. */
export const canDeleteGroup = (groups: readonly unknown[]): boolean => groups.length > 1;

export function deleteGroup(groups: readonly FloorGroup[], index: number): FloorGroup[] {
  if (!canDeleteGroup(groups) || index < 0 || index >= groups.length) return [...groups];
  return groups.filter((_, at) => at !== index);
}

/** A form field's path as a key: "default_bottom_price", "country_open_items.1.countrys". */
export type FieldKey = string;
export const fieldKey = (path: readonly PropertyKey[]): FieldKey => path.map(String).join(".");

/**
 * The contract schema's refusals of the current values, the first per field (a key of MESSAGES, shown with
 * issueText). A refusal of one country of a group is reported on the group's countries field.
 */
export function floorIssues(form: FloorForm): Map<FieldKey, string> {
  const result = bottomPriceSetting.safeParse(form);
  const issues = new Map<FieldKey, string>();
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const path =
      issue.path[0] === "country_open_items" && issue.path.length > 3 ? issue.path.slice(0, 3) : issue.path;
    const key = fieldKey(path);
    if (!issues.has(key)) issues.set(key, issue.message);
  }
  return issues;
}

/** The saved setting as `country_bottom_price` (a JSON string); a switch that is off sends no group. */
export function floorPayload(form: FloorForm): string {
  const setting: BottomPriceInput = {
    default_bottom_price: form.default_bottom_price,
    country_open_flag: form.country_open_flag,
    country_open_items:
      form.country_open_flag === Flag.On
        ? form.country_open_items.map((group) => ({ countrys: [...group.countrys], price: group.price }))
        : [],
  };
  return stringifyBottomPrice(setting);
}
