/** Paging and text-search helpers shared by the list queries. */

/** The LIKE pattern of a contains match: %, _ and \ in the text match themselves. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The row offset of a page, or null when the page lies beyond any table (answer an empty page). */
export function pageOffset(pageNo: number, pageSize: number): number | null {
  const offset = (pageNo - 1) * pageSize;
  return Number.isSafeInteger(offset) ? offset : null;
}
