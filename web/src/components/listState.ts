/**
 * List screens' filters and paging (docs/rules/screens.md#shared-behaviours;
 * docs/rules/validation.md#search-inputs): text filters are trimmed and empty ones become null (not sent);
 * reset returns to page 1 with 10 rows; changing the page size goes back to page 1.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@pc/contract";

export interface Paging {
  page_no: number;
  page_size: number;
}

export const FIRST_PAGE: Paging = { page_no: 1, page_size: DEFAULT_PAGE_SIZE };
export const PAGE_SIZE_OPTIONS: readonly number[] = PAGE_SIZES;

type FilterValue = string | number | null | undefined;
/** Every filter as sent: its value, or null for "no filter". */
export type Normalized<T extends { [K in keyof T]: FilterValue }> = {
  [K in keyof T]: NonNullable<T[K]> | null;
};

/** Trims text values; empty text, undefined and NaN become null. */
export function normalizeFilters<T extends { [K in keyof T]: FilterValue }>(values: T): Normalized<T> {
  const out: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") {
      const text = value.trim();
      out[key] = text === "" ? null : text;
    } else if (typeof value === "number") {
      out[key] = Number.isNaN(value) ? null : value;
    } else {
      out[key] = null;
    }
  }
  return out as Normalized<T>;
}

/** The paging after the table's pager changed: a new page size starts again at page 1. */
export function nextPaging(current: Paging, page: number, pageSize: number): Paging {
  if (pageSize !== current.page_size) return { page_no: 1, page_size: pageSize };
  return { page_no: page, page_size: pageSize };
}

/** The page to show after deleting a row: the previous one when the deleted row was alone on the last page. */
export function pageAfterDelete(current: Paging, total: number): Paging {
  const remaining = Math.max(0, total - 1);
  const lastPage = Math.max(1, Math.ceil(remaining / current.page_size));
  return current.page_no > lastPage ? { ...current, page_no: lastPage } : current;
}
