import { describe, expect, it } from "vitest";
import { FIRST_PAGE, nextPaging, normalizeFilters, PAGE_SIZE_OPTIONS, pageAfterDelete } from "./listState.ts";

describe("normalizeFilters", () => {
  it("trims text and sends empty filters as null", () => {
    expect(normalizeFilters({ name: "  Demo  ", pkg: "   ", other: "" })).toEqual({
      name: "Demo",
      pkg: null,
      other: null,
    });
  });

  it("keeps numbers, turns undefined and NaN into null", () => {
    expect(normalizeFilters({ ad_style: 2, id: undefined, bad: Number.NaN, zero: 0 })).toEqual({
      ad_style: 2,
      id: null,
      bad: null,
      zero: 0,
    });
  });
});

describe("paging", () => {
  it("starts at page 1 with 10 rows; sizes 10, 20, 30, 40", () => {
    expect(FIRST_PAGE).toEqual({ page_no: 1, page_size: 10 });
    expect(PAGE_SIZE_OPTIONS).toEqual([10, 20, 30, 40]);
  });

  it("goes to another page with the same size", () => {
    expect(nextPaging({ page_no: 1, page_size: 10 }, 3, 10)).toEqual({ page_no: 3, page_size: 10 });
  });

  it("goes back to page 1 when the page size changes", () => {
    expect(nextPaging({ page_no: 4, page_size: 10 }, 4, 30)).toEqual({ page_no: 1, page_size: 30 });
  });

  it("steps back a page after deleting the only row of the last page", () => {
    expect(pageAfterDelete({ page_no: 3, page_size: 10 }, 21)).toEqual({ page_no: 2, page_size: 10 });
    expect(pageAfterDelete({ page_no: 3, page_size: 10 }, 22)).toEqual({ page_no: 3, page_size: 10 });
    expect(pageAfterDelete({ page_no: 1, page_size: 10 }, 1)).toEqual({ page_no: 1, page_size: 10 });
  });
});
