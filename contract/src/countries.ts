/**
 * The country list (docs/rules/entities.md#countries): every ISO 3166-1 alpha-2 code plus ALL, OTHER and UNK,
 * answered as `{Key, Value}` with Value the Chinese and English name. Floor-price groups and report filters
 * accept only these keys.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";

/** Every officially assigned ISO 3166-1 alpha-2 code (249), in order. */
// biome-ignore format: one code per line would make 249 lines
export const ISO_COUNTRY_CODES = [
  "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
  "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
  "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
  "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
  "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
  "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
  "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
  "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
  "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
  "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
  "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
  "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
  "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
  "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
  "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
  "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
] as const;

/** The keys beyond ISO 3166-1: every country, any other country, and an unknown country. */
export const SpecialCountry = { All: "ALL", Other: "OTHER", Unknown: "UNK" } as const;

const SPECIAL_NAMES: Record<string, { zh: string; en: string }> = {
  [SpecialCountry.All]: { zh: "全部", en: "All" },
  [SpecialCountry.Other]: { zh: "其他", en: "Other" },
  [SpecialCountry.Unknown]: { zh: "未知", en: "Unknown" },
};

/** Every key of the country list, sorted by key with ALL first and OTHER last. */
export const COUNTRY_KEYS: readonly string[] = [
  SpecialCountry.All,
  ...[...ISO_COUNTRY_CODES, SpecialCountry.Unknown].sort(),
  SpecialCountry.Other,
];

const KEY_SET: ReadonlySet<string> = new Set(COUNTRY_KEYS);

export const isCountryKey = (key: string): boolean => KEY_SET.has(key);

let displayNames: { zh: Intl.DisplayNames; en: Intl.DisplayNames } | undefined;

/** The name of a key in one language (Intl's region names; the special keys have their own). */
export function countryName(key: string, lang: "zh" | "en"): string {
  const special = SPECIAL_NAMES[key];
  if (special) return special[lang];
  displayNames ??= {
    zh: new Intl.DisplayNames(["zh"], { type: "region", fallback: "code" }),
    en: new Intl.DisplayNames(["en"], { type: "region", fallback: "code" }),
  };
  return displayNames[lang].of(key) ?? key;
}

/** The Value of a key: its Chinese and its English name, e.g. "美国 United States". */
export const countryValue = (key: string): string => `${countryName(key, "zh")} ${countryName(key, "en")}`;

export const countryItem = z.object({ Key: z.string(), Value: z.string() });
export type CountryItem = z.infer<typeof countryItem>;
export const countryListAnswer = z.array(countryItem);

/** The whole list as `GET /api/v1/geo/country` answers it. */
export const countryList = (): CountryItem[] =>
  COUNTRY_KEYS.map((Key) => ({ Key, Value: countryValue(Key) }));

/** Public: the list holds no company data, and a signed-out page or tool may read it. */
export const GEO_ENDPOINTS = {
  countries: endpoint({
    method: "GET",
    path: "/api/v1/geo/country",
    answer: countryListAnswer,
    access: "public",
    description:
      "Every ISO 3166-1 alpha-2 country plus ALL, OTHER and UNK as {Key, Value}, Value the Chinese and " +
      "English name, sorted by key with ALL first and OTHER last.",
  }),
};
