import { addReportDays, checkReportDates, reportDateWindow } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { RANGE_PRESET_KEYS, reportRangePresets } from "./rangePresets.ts";

/** The presets offered when today (yyyyMMdd, the server's REPORT_TZ) is `today`, by key. */
const presetsOn = (today: string) =>
  Object.fromEntries(
    reportRangePresets(reportDateWindow(today)).map((preset) => [
      preset.key,
      `${preset.dates.startDate}-${preset.dates.endDate}`,
    ]),
  );

describe("report range presets", () => {
  it("covers yesterday, the last 7, 30 and 90 days, this month so far and last month", () => {
    expect(presetsOn("20240515")).toEqual({
      yesterday: "20240514-20240514",
      last7: "20240508-20240514",
      last30: "20240415-20240514",
      thisMonth: "20240501-20240514",
      lastMonth: "20240401-20240430",
      last90: "20240215-20240514",
    });
  });

  it("does not offer this month on the 1st (none of its days is before today)", () => {
    const presets = presetsOn("20240501");
    expect(presets.thisMonth).toBeUndefined();
    expect(presets.lastMonth).toBe("20240401-20240430");
    expect(presets.yesterday).toBe("20240430-20240430");
    expect(presetsOn("20240502").thisMonth).toBe("20240501-20240501");
  });

  it("finds last month across a year and a leap day", () => {
    expect(presetsOn("20240101").lastMonth).toBe("20231201-20231231");
    expect(presetsOn("20240101").thisMonth).toBeUndefined();
    expect(presetsOn("20240310").lastMonth).toBe("20240201-20240229");
  });

  it("makes the last 90 days the whole window, 90 days ending yesterday", () => {
    const window = reportDateWindow("20240515");
    expect(presetsOn("20240515").last90).toBe(`${window.minDate}-${window.maxDate}`);
    expect(addReportDays(window.minDate, 89)).toBe(window.maxDate);
  });

  it("clips every preset to the server's window, and leaves out one with no day in it", () => {
    // a window the server answered narrower than the contract's 90 days
    const presets = reportRangePresets({ minDate: "20240510", maxDate: "20240514" });
    expect(
      Object.fromEntries(presets.map((p) => [p.key, `${p.dates.startDate}-${p.dates.endDate}`])),
    ).toEqual({
      yesterday: "20240514-20240514",
      last7: "20240510-20240514",
      last30: "20240510-20240514",
      thisMonth: "20240510-20240514",
      last90: "20240510-20240514",
    });
  });

  it("gives only ranges the server accepts, every day of a year", () => {
    for (let today = "20231231"; today <= "20250101"; today = addReportDays(today, 1)) {
      const presets = reportRangePresets(reportDateWindow(today));
      for (const preset of presets) expect(checkReportDates(preset.dates, today), today).toBeNull();
      const expected = today.endsWith("01") ? RANGE_PRESET_KEYS.length - 1 : RANGE_PRESET_KEYS.length;
      expect(presets, today).toHaveLength(expected);
    }
  });
});
