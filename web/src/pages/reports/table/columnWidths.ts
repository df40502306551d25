/**
 * Resized report columns: each report keeps the widths its user dragged in localStorage (one entry per
 * column key); "reset column widths" forgets them.
 */

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;

export type ColumnWidths = Record<string, number>;

export const clampWidth = (width: number): number =>
  Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

/** The stored widths; values that are not sensible numbers are dropped. */
export function loadWidths(key: string, storage: Storage = localStorage): ColumnWidths {
  let value: unknown = null;
  try {
    const text = storage.getItem(key);
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return {};
  const widths: ColumnWidths = {};
  for (const [column, width] of Object.entries(value)) {
    if (typeof width === "number" && Number.isFinite(width)) widths[column] = clampWidth(width);
  }
  return widths;
}

/** The widths with one column set (clamped). */
export const withWidth = (widths: ColumnWidths, column: string, width: number): ColumnWidths => ({
  ...widths,
  [column]: clampWidth(width),
});

export function saveWidths(key: string, widths: ColumnWidths, storage: Storage = localStorage): void {
  try {
    storage.setItem(key, JSON.stringify(widths));
  } catch {
    // storage unavailable: the widths hold for this visit only
  }
}

export function clearWidths(key: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(key);
  } catch {
    // nothing stored
  }
}
