import { describe, expect, it } from "vitest";
import {
  addReportDays,
  changeFormatOf,
  checkColumnChoice,
  checkReportDates,
  compareColumnTitles,
  comparedSpans,
  compareRangeOf,
  compareShiftDays,
  DEFAULT_OFFLINE_COLUMNS,
  DEFAULT_ONLINE_COLUMNS,
  exportFileName,
  formatMetricValue,
  isReportDate,
  metricChange,
  offlineReportQuery,
  onlineReportQuery,
  reportDateWindow,
  reportDaysBetween,
  todayInTimeZone,
} from "../src/index.ts";

describe("report dates", () => {
  it("is a window of 90 days ending yesterday, from today in REPORT_TZ", () => {
    expect(reportDateWindow("20240301")).toEqual({ minDate: "20231202", maxDate: "20240229" });
    expect(reportDaysBetween("20231202", "20240229")).toHaveLength(90);
    expect(addReportDays("20241231", 1)).toBe("20250101");
    expect(todayInTimeZone("Asia/Shanghai", new Date("2024-05-01T17:00:00Z"))).toBe("20240502");
    expect(todayInTimeZone("UTC", new Date("2024-05-01T17:00:00Z"))).toBe("20240501");
  });

  it("checks required, format, order, 90 days back and yesterday at the latest, naming the field", () => {
    const today = "20240501";
    expect(checkReportDates({ startDate: "20240401", endDate: "20240430" }, today)).toBeNull();
    expect(checkReportDates({ startDate: "20240201", endDate: "20240430" }, today)).toBeNull();
    expect(checkReportDates({ endDate: "20240430" }, today)).toEqual({
      field: "startDate",
      message: "reportDateRequired",
    });
    expect(checkReportDates({ startDate: "20240401", endDate: "" }, today)).toEqual({
      field: "endDate",
      message: "reportDateRequired",
    });
    expect(checkReportDates({ startDate: "20240431", endDate: "20240430" }, today)?.message).toBe(
      "reportDateInvalid",
    );
    expect(checkReportDates({ startDate: "20240430", endDate: "20240401" }, today)?.message).toBe(
      "reportDateOrder",
    );
    expect(checkReportDates({ startDate: "20240401", endDate: "20240501" }, today)?.message).toBe(
      "reportDateTooLate",
    );
    expect(checkReportDates({ startDate: "20240131", endDate: "20240430" }, today)?.message).toBe(
      "reportDateTooEarly",
    );
    expect(isReportDate("20240229")).toBe(true);
    expect(isReportDate("20230229")).toBe(false);
  });
});

describe("report columns, queries and exports", () => {
  it("has the default column choices and the dialog's rule", () => {
    expect(DEFAULT_ONLINE_COLUMNS.dimensions).toEqual([1, 3, 4, 5]);
    expect(DEFAULT_ONLINE_COLUMNS.metrics).toHaveLength(9);
    expect(DEFAULT_OFFLINE_COLUMNS).toEqual({
      dimensions: [1, 3, 4, 5],
      metrics: ["clickNum", "refuseNum", "cpc", "settleAmount"],
    });
    expect(checkColumnChoice({ dimensions: [], metrics: ["clickNum"] })).toBe(
      "reportColumnsDimensionRequired",
    );
    expect(checkColumnChoice({ dimensions: [1], metrics: [] })).toBe("reportColumnsMetricRequired");
    expect(checkColumnChoice({ dimensions: [1], metrics: ["clickNum"] })).toBeNull();
  });

  it("reads empty filters as null, sorts and dedupes dimensions, treats country ALL as no filter", () => {
    expect(
      onlineReportQuery.parse({
        startDate: 20240401,
        endDate: "20240402",
        dimensions: ["4", 1, 1],
        country: "all",
        appName: " ",
      }),
    ).toMatchObject({
      startDate: "20240401",
      dimensions: [1, 4],
      country: null,
      appName: null,
      pageIndex: 1,
      pageSize: 10,
    });
    expect(
      offlineReportQuery.parse({ startDate: "20240401", endDate: "20240402", offerId: " OF-1 " }).offerId,
    ).toEqual(["OF-1"]);
  });

  it("names exports and formats metric values", () => {
    expect(exportFileName("online", 7, 1700000000000)).toBe("7_1700000000000.csv");
    expect(exportFileName("offline", 7, 1700000000000)).toBe(
      "7_Affiliate_Reports_Detail_List_1700000000000.csv",
    );
    expect(formatMetricValue("rate", 0.1234)).toBe("12.34%");
    expect(formatMetricValue("money", 1.5)).toBe("1.5000");
    expect(formatMetricValue("count", 12)).toBe("12");
  });

  it("writes a rate's change in percentage points, every other change in its metric's format", () => {
    expect(changeFormatOf("rate")).toBe("points");
    expect(changeFormatOf("ratio")).toBe("ratio");
    expect(formatMetricValue(changeFormatOf("rate"), 0.25 - 0.2)).toBe("5.00");
    expect(formatMetricValue(changeFormatOf("ratio"), 0.5)).toBe("0.5000");
  });
});

describe("period comparison", () => {
  it("derives the previous period (as many days right before) and the same days last week", () => {
    expect(compareRangeOf("previous_period", { startDate: "20240301", endDate: "20240307" })).toEqual({
      startDate: "20240223",
      endDate: "20240229",
    });
    expect(compareRangeOf("previous_period", { startDate: "20240510", endDate: "20240510" })).toEqual({
      startDate: "20240509",
      endDate: "20240509",
    });
    expect(compareRangeOf("previous_week", { startDate: "20240301", endDate: "20240302" })).toEqual({
      startDate: "20240223",
      endDate: "20240224",
    });
    expect(compareShiftDays("previous_period", "20240101", "20240331")).toBe(91);
  });

  it("counts the same days on both sides: an unpublished last day shortens the range first", () => {
    // the case: 7 days ending 11-27, which is calculated but not published
    const spans = comparedSpans(
      "previous_period",
      { startDate: "20261121", endDate: "20261127" },
      new Set(["20261127"]),
    );
    expect(spans).toEqual({
      current: { startDate: "20261121", endDate: "20261126" },
      comparison: { startDate: "20261115", endDate: "20261120" },
      shift: 6,
      days: 6,
      leftOut: [],
      compareLeftOut: [],
    });
    const first = comparedSpans(
      "previous_week",
      { startDate: "20261121", endDate: "20261127" },
      new Set(["20261121"]),
    );
    expect(first.current).toEqual({ startDate: "20261122", endDate: "20261127" });
    expect(first.comparison).toEqual({ startDate: "20261115", endDate: "20261120" });
  });

  it("leaves a withheld day inside either side out of both, with its pair", () => {
    const inside = comparedSpans(
      "previous_period",
      { startDate: "20261121", endDate: "20261127" },
      new Set(["20261124", "20261116"]),
    );
    expect(inside.current).toEqual({ startDate: "20261121", endDate: "20261127" });
    expect(inside.comparison).toEqual({ startDate: "20261114", endDate: "20261120" });
    expect(inside.leftOut).toEqual(["20261123", "20261124"]);
    expect(inside.compareLeftOut).toEqual(["20261116", "20261117"]);
    expect(inside.days).toBe(5);
  });

  it("counts no day when every day of the range is withheld", () => {
    const none = comparedSpans(
      "previous_period",
      { startDate: "20261126", endDate: "20261127" },
      new Set(["20261126", "20261127"]),
    );
    expect(none.days).toBe(0);
    expect(none.leftOut).toEqual(["20261126", "20261127"]);
    expect(none.comparison).toEqual({ startDate: "20261124", endDate: "20261125" });
  });

  it("gives the change and its ratio, none on a zero base", () => {
    expect(metricChange(150, 100)).toEqual({ delta: 50, ratio: 0.5 });
    expect(metricChange(0, 0)).toEqual({ delta: 0, ratio: null });
    expect(metricChange(-5, -10)).toEqual({ delta: 5, ratio: 0.5 });
  });

  it("accepts compare only as one of its values, empty meaning off", () => {
    const base = { startDate: "20240301", endDate: "20240307" };
    expect(offlineReportQuery.parse({ ...base, compare: "previous_week" }).compare).toBe("previous_week");
    expect(onlineReportQuery.parse({ ...base, compare: "" }).compare).toBeNull();
    expect(onlineReportQuery.parse(base).compare).toBeNull();
    expect(onlineReportQuery.safeParse({ ...base, compare: "last_year" }).success).toBe(false);
  });

  it("titles the export's comparison columns, a rate's Δ in percentage points", () => {
    const clicks = { title: { zh: "点击数", en: "Clicks" }, format: "count" as const };
    const ctr = { title: { zh: "点击率", en: "CTR" }, format: "rate" as const };
    const sides = {
      current: { startDate: "20240308", endDate: "20240308", leftOut: [] },
      comparison: { startDate: "20240307", endDate: "20240307", leftOut: [] },
    };
    expect(compareColumnTitles(clicks, "en", sides)).toEqual([
      "Clicks (2024-03-08)",
      "Clicks (comparison: 2024-03-07)",
      "Clicks Δ",
      "Clicks Δ %",
    ]);
    expect(compareColumnTitles(ctr, "en", sides).slice(2)).toEqual(["CTR Δ (pp)", "CTR Δ %"]);
    expect(compareColumnTitles(ctr, "zh", sides).slice(2)).toEqual(["点击率 Δ（个百分点）", "点击率 Δ %"]);
  });
});
