import { describe, expect, it } from "vitest";
import { choiceAsked, REPORT_DEFS, type ReportColumnChoice, withHourZone } from "../screen/reportDefs.ts";
import { trendPoints } from "./trendPoints.ts";

const sdk = REPORT_DEFS.online;

describe("the columns a question asks", () => {
  const byHour = (): ReportColumnChoice => ({
    dimensions: [1, 6, 3],
    metrics: ["requestNum"],
    sort: { orderBy: "hour", order: "asc" },
  });

  it("keeps the hour and its sort for a day read by hour", () => {
    expect(choiceAsked(sdk, byHour(), true).dimensions).toEqual([1, 6, 3]);
  });

  it("leaves the hour and a sort by it out otherwise; the date stands in when the hour was alone", () => {
    const asked = choiceAsked(sdk, byHour(), false);
    expect(asked.dimensions).toEqual([1, 3]);
    expect(asked.sort).toBeUndefined();
    expect(choiceAsked(sdk, { dimensions: [6], metrics: ["requestNum"] }, false).dimensions).toEqual([1]);
  });

  it("titles the hour with its time zone", () => {
    const zoned = withHourZone(sdk, "Asia/Shanghai");
    expect(zoned.dimensions.find((d) => d.code === 6)?.title).toEqual({
      zh: "小时（Asia/Shanghai）",
      en: "Hour (Asia/Shanghai)",
    });
  });
});

describe("the trend's points", () => {
  it("are the day's 24 hours, 0 where an hour has no row, with the comparison's values when compared", () => {
    const rows = [
      { hour: 3, dt: null, requestNum: 30, compare: { requestNum: 10 } },
      { hour: 15, dt: null, requestNum: 150, compare: { requestNum: 0 } },
    ];
    const points = trendPoints(rows, "requestNum", "2026-11-20");
    expect(points).toHaveLength(24);
    expect(points[3]).toEqual({ dt: "2026-11-20 03:00", label: "03:00", value: 30, base: 10 });
    expect(points[0]).toEqual({ dt: "2026-11-20 00:00", label: "00:00", value: 0, base: 0 });
    expect(points[23]?.label).toBe("23:00");
  });

  it("are the days that have rows for a question by date", () => {
    const rows = [{ dt: "2026-11-19", hour: null, requestNum: 5 }];
    expect(trendPoints(rows, "requestNum", "2026-11-19")).toEqual([
      { dt: "2026-11-19", value: 5, base: undefined },
    ]);
  });
});
