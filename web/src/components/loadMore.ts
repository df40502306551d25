/**
 * Select dropdowns load more items when the scroll is within 30px of the bottom
 * (docs/rules/screens.md#shared-behaviours; docs/rules/constants.md).
 */
export const LOAD_MORE_THRESHOLD_PX = 30;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function isNearBottom(box: ScrollBox, threshold = LOAD_MORE_THRESHOLD_PX): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

export interface Page<T> {
  list: readonly T[];
  total: number;
}

/** The next page number to ask for, or undefined when every item is loaded (or a page came back empty). */
export function nextPageNo<T>(pages: readonly Page<T>[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.list.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
  return loaded < last.total ? pages.length + 1 : undefined;
}

/** Loaded options without repeating a value, after the `pinned` ones (e.g. the current value) not loaded yet. */
export function mergeOptions<O extends { value: string | number }>(
  pinned: readonly O[],
  loaded: readonly O[],
): O[] {
  const loadedValues = new Set(loaded.map((option) => option.value));
  const seen = new Set<string | number>();
  const out: O[] = [];
  for (const option of [...pinned.filter((option) => !loadedValues.has(option.value)), ...loaded]) {
    if (seen.has(option.value)) continue;
    seen.add(option.value);
    out.push(option);
  }
  return out;
}
