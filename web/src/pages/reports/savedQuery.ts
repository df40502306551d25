import type { SavedScheduleQuery } from "@pc/contract";

/** The saved part of a report screen's query: its filters, dimensions and data columns (no dates, no paging). */
export function savedQueryOf(query: object): SavedScheduleQuery {
  const fields = query as Record<string, unknown>;
  const pick = <T>(key: string, is: (value: unknown) => value is T): T | null => {
    const value = fields[key];
    return is(value) ? value : null;
  };
  const isText = (value: unknown): value is string => typeof value === "string" && value !== "";
  const isNumber = (value: unknown): value is number => typeof value === "number";
  const isNumbers = (value: unknown): value is number[] => Array.isArray(value);
  const isTexts = (value: unknown): value is string[] => Array.isArray(value);
  const saved: SavedScheduleQuery = {
    country: pick("country", isText),
    dimensions: pick("dimensions", isNumbers) ?? [],
    metrics: pick("metrics", isTexts),
  };
  for (const key of ["appName", "subChannel", "offerId", "pkgName"] as const) {
    const value = pick(key, isText);
    if (value !== null) saved[key] = value;
  }
  for (const key of ["adId", "adStyle"] as const) {
    const raw = fields[key];
    const value = typeof raw === "string" && /^\d+$/.test(raw) ? Number(raw) : pick(key, isNumber);
    if (value !== null) saved[key] = value;
  }
  return saved;
}
