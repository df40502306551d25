/**
 * The fields an audit row records, each named once with how its value reads: the web's
 * catalogues title each under `history.fields.<field>` and show its values by kind; the server names the app a
 * placement's `app_id` refers to.
 */
import type { EnumName } from "./enum-titles.ts";
import { HistoryEntity, type HistoryEntityValue } from "./history.ts";

/**
 * How a recorded value reads: as written; yes or no (`Flag` 1 and 2); an enum's titles (of one value, a list
 * or a comma-separated text of values); floor prices; or the name of the company's app it refers to.
 */
export type HistoryValueKind =
  | { kind: "text" }
  | { kind: "flag" }
  | { kind: "enum"; of: EnumName }
  | { kind: "floorPrices" }
  | { kind: "app" };

const TEXT = { kind: "text" } as const;
const FLAG = { kind: "flag" } as const;
const enumOf = (of: EnumName) => ({ kind: "enum", of }) as const;

export const HISTORY_FIELDS = {
  name: TEXT,
  pkg: TEXT,
  url: TEXT,
  platform: enumOf("platform"),
  is_online: FLAG,
  app_key: TEXT,
  app_id: { kind: "app" },
  ad_style: enumOf("adStyle"),
  content_type: enumOf("contentType"),
  auto_rotation: FLAG,
  country_bottom_price: { kind: "floorPrices" },
  user_name: TEXT,
  email: TEXT,
  role_ids: enumOf("role"),
  /** Whose status it is depends on the record (`ENTITY_FIELDS`). */
  status: TEXT,
  report_scope: TEXT,
  key_prefix: TEXT,
  scopes: TEXT,
  expires_on: TEXT,
  revoked: TEXT,
  two_factor: TEXT,
  require_two_factor: TEXT,
  recovery_codes_left: TEXT,
} as const satisfies Record<string, HistoryValueKind>;
export type HistoryField = keyof typeof HISTORY_FIELDS;

export const isHistoryField = (field: string): field is HistoryField => Object.hasOwn(HISTORY_FIELDS, field);

/** A kind of record's fields that read otherwise than the same name's elsewhere. */
const ENTITY_FIELDS: Partial<Record<HistoryEntityValue, Partial<Record<HistoryField, HistoryValueKind>>>> = {
  [HistoryEntity.User]: { status: enumOf("accountStatus") },
};

/** How a record's recorded field reads; an unknown field's as written. */
export function historyValueKind(entity: string, field: string): HistoryValueKind {
  if (!isHistoryField(field)) return TEXT;
  const own = Object.entries(ENTITY_FIELDS).find(([name]) => name === entity)?.[1]?.[field];
  return own ?? HISTORY_FIELDS[field];
}

/** The values a recorded enum field holds: one, a list, or a comma-separated text (placements' content types). */
export function enumValuesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string" && value.includes(",")) return value.split(",").map((part) => part.trim());
  return [value];
}
