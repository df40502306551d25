import { describe, expect, it } from "vitest";
import { isNearBottom, LOAD_MORE_THRESHOLD_PX, mergeOptions, nextPageNo } from "./loadMore.ts";

describe("isNearBottom", () => {
  it("loads more within 30px of the bottom, not before", () => {
    expect(LOAD_MORE_THRESHOLD_PX).toBe(30);
    const box = (scrollTop: number) => ({ scrollTop, scrollHeight: 1000, clientHeight: 256 });
    expect(isNearBottom(box(713))).toBe(false); // 31px left
    expect(isNearBottom(box(714))).toBe(true); // 30px left
    expect(isNearBottom(box(744))).toBe(true); // at the bottom
  });

  it("a list shorter than its box is at the bottom", () => {
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 100, clientHeight: 256 })).toBe(true);
  });
});

describe("nextPageNo", () => {
  const page = (count: number, total: number) => ({
    list: Array.from({ length: count }, (_, i) => i),
    total,
  });

  it("asks for the next page while fewer than total are loaded", () => {
    expect(nextPageNo([page(10, 25)])).toBe(2);
    expect(nextPageNo([page(10, 25), page(10, 25)])).toBe(3);
  });

  it("stops when everything is loaded or a page comes back empty", () => {
    expect(nextPageNo([page(10, 25), page(10, 25), page(5, 25)])).toBeUndefined();
    expect(nextPageNo([page(10, 30), page(0, 30)])).toBeUndefined();
    expect(nextPageNo([])).toBeUndefined();
  });
});

describe("mergeOptions", () => {
  it("puts a pinned option not loaded yet first and never repeats a value", () => {
    const pinned = [{ value: 7, label: "Seven" }];
    expect(
      mergeOptions(pinned, [
        { value: 1, label: "One" },
        { value: 1, label: "One again" },
      ]),
    ).toEqual([
      { value: 7, label: "Seven" },
      { value: 1, label: "One" },
    ]);
    expect(
      mergeOptions(pinned, [
        { value: 1, label: "One" },
        { value: 7, label: "Seven" },
      ]),
    ).toEqual([
      { value: 1, label: "One" },
      { value: 7, label: "Seven" },
    ]);
  });
});
