/** LIMIT and OFFSET of a page (page_no from 1); a page past any real table answers empty, never an error. */
export function pageWindow(pageNo: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: Math.min((pageNo - 1) * pageSize, Number.MAX_SAFE_INTEGER) };
}
