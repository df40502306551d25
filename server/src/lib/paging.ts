/** Paging and text-search helpers shared by the list queries. */

/** The LIKE pattern of a contains match: %, _ and \ in the text match themselves. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PageWindow {
  limit: number;
  offset: number;
}

/** LIMIT and OFFSET of a page (page_no from 1); a page past any real table answers empty, never an error. */
export function pageWindow(pageNo: number, pageSize: number): PageWindow {
  return { limit: pageSize, offset: Math.min((pageNo - 1) * pageSize, Number.MAX_SAFE_INTEGER) };
}
