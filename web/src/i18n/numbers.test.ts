import { formatMetricValue, METRIC_DECIMALS } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { formatAxisTick, formatCount, formatMetric, formatMetricDelta } from "./numbers.ts";

describe("report numbers in the language's locale", () => {
  it("writes counts with thousands separators, rounded to whole numbers", () => {
    expect(formatCount(39_570_940, "en")).toBe("39,570,940");
    expect(formatCount(39_570_940, "zh")).toBe("39,570,940");
    expect(formatMetric("count", 1234.6, "en")).toBe("1,235");
    expect(formatMetric("count", 0, "zh")).toBe("0");
  });

  it("writes money as USD with 2 decimals: $ in en-US, US$ in zh-CN", () => {
    expect(formatMetric("money", 1_234_567.891, "en")).toBe("$1,234,567.89");
    expect(formatMetric("money", 1_234_567.891, "zh")).toBe("US$1,234,567.89");
    expect(formatMetric("money", 0.5, "en")).toBe("$0.50");
    expect(formatMetric("money", 0, "zh")).toBe("US$0.00");
    expect(formatMetric("money", -20.5, "en")).toBe("-$20.50");
  });

  it("writes eCPM and CPC always with the 4 decimals the CSV and the API answer", () => {
    expect(METRIC_DECIMALS).toBe(4);
    expect(formatMetric("ratio", 1.23456, "en")).toBe("$1.2346");
    expect(formatMetric("ratio", 2.5, "en")).toBe("$2.5000");
    expect(formatMetric("ratio", 0.123, "zh")).toBe("US$0.1230");
    expect(formatMetric("ratio", 12_345.6789, "zh")).toBe("US$12,345.6789");
  });

  it("writes one money sign per language on every screen: value, change and axis", () => {
    for (const [lang, sign] of [
      ["en", "$"],
      ["zh", "US$"],
    ] as const) {
      expect(formatMetric("money", 1500, lang)).toBe(`${sign}1,500.00`);
      expect(formatMetric("ratio", 1.5, lang)).toBe(`${sign}1.5000`);
      expect(formatMetricDelta("money", 1500, lang)).toBe(`+${sign}1,500.00`);
      expect(formatMetricDelta("ratio", -0.25, lang)).toBe(`-${sign}0.2500`);
      expect(formatAxisTick("money", 1500, lang).startsWith(sign)).toBe(true);
      expect(formatAxisTick("ratio", 1.5, lang)).toBe(`${sign}1.5`);
    }
  });

  it("writes a rate's change in percentage points, the glossary's unit", () => {
    expect(formatMetricDelta("rate", 0.0243, "en")).toBe("+2.43 pp");
    expect(formatMetricDelta("rate", -0.0243, "zh")).toBe("-2.43 个百分点");
    expect(formatMetricDelta("rate", 0, "en")).toBe("0.00 pp");
    expect(formatMetricDelta("count", 1234, "en")).toBe("+1,234");
  });

  it("writes rates as percentages with 2 decimals", () => {
    expect(formatMetric("rate", 0.1234, "en")).toBe("12.34%");
    expect(formatMetric("rate", 0.7537, "zh")).toBe("75.37%");
    expect(formatMetric("rate", 12.5, "en")).toBe("1,250.00%");
  });

  it("leaves the CSV's raw texts as they were", () => {
    expect(formatMetricValue("money", 1234.5)).toBe("1234.5000");
    expect(formatMetricValue("count", 39_570_940)).toBe("39570940");
  });

  it("writes axis ticks short, in the locale", () => {
    expect(formatAxisTick("money", 15_000, "en")).toBe("$15K");
    expect(formatAxisTick("money", 15_000, "zh")).toBe("US$1.5万");
    expect(formatAxisTick("money", 0, "en")).toBe("$0");
    expect(formatAxisTick("count", 4_500_000, "en")).toBe("4.5M");
    expect(formatAxisTick("count", 250, "zh")).toBe("250");
    expect(formatAxisTick("ratio", 2.25, "en")).toBe("$2.25");
    expect(formatAxisTick("rate", 0.125, "en")).toBe("12.5%");
  });
});
