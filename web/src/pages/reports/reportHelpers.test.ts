import { ReportStatus } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { apiAction, batchActions } from "../reportManagement/useReportBatches.ts";
import { exportFailure, exportPercent } from "./export/useReportExport.ts";
import { labelIndexes, niceTicks } from "./trend/trendScale.ts";

describe("trend scale", () => {
  it("ticks from 0 to a round top at or above the largest value", () => {
    expect(niceTicks(17_300)).toEqual([0, 5000, 10000, 15000, 20000]);
    expect(niceTicks(0.82)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(niceTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(niceTicks(0)).toEqual([0, 1]);
    expect(niceTicks(Number.NaN)).toEqual([0, 1]);
  });

  it("labels the first and the last day and spreads the rest", () => {
    expect(labelIndexes(0, 5)).toEqual([]);
    expect(labelIndexes(4, 8)).toEqual([0, 1, 2, 3]);
    const many = labelIndexes(90, 8);
    expect(many[0]).toBe(0);
    expect(many.at(-1)).toBe(89);
    expect(many.length).toBeLessThanOrEqual(8);
  });
});

describe("export", () => {
  it("shows the share of the announced rows received (the header line not counted)", () => {
    expect(exportPercent({ bytes: 10, lines: 1, rows: 200 })).toBe(0);
    expect(exportPercent({ bytes: 10, lines: 101, rows: 200 })).toBe(50);
    expect(exportPercent({ bytes: 10, lines: 500, rows: 200 })).toBe(99);
    expect(exportPercent({ bytes: 10, lines: 3, rows: null })).toBeNull();
  });

  it("tells a too-broad query, a refusal and a failed download apart", () => {
    expect(exportFailure(new ApiError("business", 604, "too many rows"))).toEqual({ kind: "tooBroad" });
    expect(exportFailure(new ApiError("business", 604, "bad date", { field: "startDate" }))).toEqual({
      kind: "refused",
      text: "bad date",
    });
    expect(exportFailure(new ApiError("business", 402, "no permission"))).toEqual({
      kind: "refused",
      text: "no permission",
    });
    expect(exportFailure(new ApiError("network", 0, "offline"))).toEqual({ kind: "failed" });
    expect(exportFailure(new ApiError("http", 500, "fault"))).toEqual({ kind: "failed" });
    expect(exportFailure(new ApiError("business", 0, "Error"))).toEqual({ kind: "failed" });
    expect(exportFailure(new TypeError("stream broke"))).toEqual({ kind: "failed" });
    expect(exportFailure(new ApiError("session", 20003, "signed out"))).toBeNull();
  });
});

describe("report management actions", () => {
  it("offers what each status allows", () => {
    expect(batchActions({ status: ReportStatus.Pending, stale: false })).toEqual(["calculate"]);
    expect(batchActions({ status: ReportStatus.Error, stale: false })).toEqual(["calculate"]);
    expect(batchActions({ status: ReportStatus.Calculating, stale: false })).toEqual([]);
    expect(batchActions({ status: ReportStatus.Calculated, stale: true })).toEqual([
      "publish",
      "recalculate",
      "delete",
    ]);
    expect(batchActions({ status: ReportStatus.Published, stale: false })).toEqual(["recalculate", "delete"]);
  });

  it("recalculates with the calculate call", () => {
    expect(apiAction("recalculate")).toBe("calculate");
    expect(apiAction("publish")).toBe("publish");
  });
});
