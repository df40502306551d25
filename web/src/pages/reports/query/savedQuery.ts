import type { SavedScheduleQuery } from "@pc/contract";

/** The saved part of a report screen's query: its filters, dimensions and data columns (no dates, no paging). */
export function savedQueryOf(query: object): SavedScheduleQuery {
  const fields = query as Record<string, unknown>;
  const texts = (key: string): string[] | null => {
    const value = fields[key];
    return Array.isArray(value) && value.length > 0 ? value.map(String) : null;
  };
  const numbers = (key: string): number[] | null => texts(key)?.map(Number) ?? null;
  const adId = fields.adId;
  return {
    appName: texts("appName"),
    adId: typeof adId === "number" ? adId : null,
    adStyle: numbers("adStyle"),
    subChannel: texts("subChannel"),
    offerId: texts("offerId"),
    pkgName: texts("pkgName"),
    country: texts("country"),
    dimensions: Array.isArray(fields.dimensions) ? fields.dimensions.map(Number) : [],
    metrics: texts("metrics"),
  };
}
