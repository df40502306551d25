import { describe, expect, it } from "vitest";
import { apiKeyCreateBody, apiKeyStatus, sdkReportApiQuery } from "../src/api-keys.ts";

describe("the reporting API's contract", () => {
  it("reads a query string's lists comma-separated or repeated, and defaults format to json", () => {
    const base = { startDate: "20240501", endDate: "20240502" };
    const comma = sdkReportApiQuery.parse({ ...base, dimensions: "4,1", metrics: "clickNum,requestNum" });
    expect(comma.dimensions).toEqual([1, 4]);
    expect(comma.metrics).toEqual(["clickNum", "requestNum"]);
    expect(comma.format).toBe("json");
    expect(sdkReportApiQuery.parse({ ...base, dimensions: ["2", "1"] }).dimensions).toEqual([1, 2]);
    expect(sdkReportApiQuery.parse({ ...base, dimensions: "3", format: "csv" })).toMatchObject({
      dimensions: [3],
      format: "csv",
    });
    expect("companyId" in sdkReportApiQuery.shape).toBe(false);
  });

  it("keeps scopes in their order, once each, and an expiry today or later", () => {
    const today = new Date().toISOString().slice(0, 10);
    const body = apiKeyCreateBody.parse({
      name: " k ",
      scopes: ["affiliate", "sdk", "sdk"],
      expires_on: today,
    });
    expect(body).toEqual({ name: "k", scopes: ["sdk", "affiliate"], expires_on: today });
    expect(apiKeyCreateBody.parse({ name: "k", scopes: ["sdk"], expires_on: "" }).expires_on).toBeNull();
  });

  it("tells a key's status: revoked first, then past its last day", () => {
    const now = new Date("2024-05-10T12:00:00Z");
    expect(apiKeyStatus({ revoked: false, expires_on: "2024-05-10" }, now)).toBe("active");
    expect(apiKeyStatus({ revoked: false, expires_on: "2024-05-09" }, now)).toBe("expired");
    expect(apiKeyStatus({ revoked: true, expires_on: null }, now)).toBe("revoked");
    expect(apiKeyStatus({ revoked: false, expires_on: null }, now)).toBe("active");
  });
});
