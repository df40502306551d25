import { describe, expect, it } from "vitest";
import { changeText, NO_BASE } from "./metricChange.ts";

describe("changeText", () => {
  it("shows a rise in percent with its sign, the base and the absolute change", () => {
    expect(changeText("count", 1123, 1000, "en")).toEqual({
      percent: "+12.3%",
      direction: "up",
      base: "1,000",
      delta: "+123",
    });
  });

  it("shows a fall as negative and down, money in USD", () => {
    const change = changeText("money", 80, 100, "en");
    expect(change.direction).toBe("down");
    expect(change.percent).toBe("-20.0%");
    expect(change.delta).toBe("-$20.00");
    expect(change.base).toBe("$100.00");
  });

  it("has no percent when the comparison value is 0", () => {
    expect(changeText("count", 50, 0, "zh")).toMatchObject({
      percent: NO_BASE,
      direction: "up",
      delta: "+50",
    });
  });

  it("writes no change unsigned and flat, and a rate's change in percentage points", () => {
    expect(changeText("count", 7, 7, "en")).toMatchObject({ percent: "0.0%", direction: "flat", delta: "0" });
    expect(changeText("rate", 0.25, 0.2, "zh")).toMatchObject({
      percent: "+25.0%",
      base: "20.00%",
      delta: "+5.00 个百分点",
    });
    expect(changeText("rate", 0.18, 0.2, "en")).toMatchObject({ percent: "-10.0%", delta: "-2.00 pp" });
  });

  it("writes eCPM and CPC with the same 4 decimals as their value", () => {
    expect(changeText("ratio", 2.5, 2, "en")).toMatchObject({ base: "$2.0000", delta: "+$0.5000" });
  });

  it("writes Chinese money with the zh-CN currency sign", () => {
    expect(changeText("money", 150, 100, "zh").delta).toBe("+US$50.00");
  });
});
