/**
 * The country list (docs/rules/entities.md#countries): `GET /api/v1/geo/country`, fetched once per browser
 * session and kept in sessionStorage (docs/rules/entities.md#session).
 */
import { type CountryItem, GEO_ROUTES } from "@pc/contract";
import { call } from "./client.ts";
import { queryKeys } from "./queryKeys.ts";

const COUNTRIES_KEY = "countries";

const isCountryList = (value: unknown): value is CountryItem[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every(
    (item: unknown) =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as { Key?: unknown }).Key === "string" &&
      typeof (item as { Value?: unknown }).Value === "string",
  );

function cached(): CountryItem[] | null {
  try {
    const text = sessionStorage.getItem(COUNTRIES_KEY);
    const value: unknown = text ? JSON.parse(text) : null;
    return isCountryList(value) ? value : null;
  } catch {
    return null;
  }
}

/** The session's cached list, else the server's (then cached). */
async function loadCountries(): Promise<CountryItem[]> {
  const stored = cached();
  if (stored) return stored;
  const list = await call(GEO_ROUTES.countries);
  try {
    sessionStorage.setItem(COUNTRIES_KEY, JSON.stringify(list));
  } catch {
    // storage full or unavailable: asked again next time
  }
  return list;
}

export const countriesQuery = {
  queryKey: queryKeys.countries,
  queryFn: loadCountries,
  staleTime: Number.POSITIVE_INFINITY,
};
