import { describe, expect, it } from "vitest";
import { curlOf, keyFieldOf } from "./apiKeyForm.ts";

describe("the API key form", () => {
  it("puts a refusal on the field it names", () => {
    expect(keyFieldOf({ field: "scopes.0" })).toBe("scopes");
    expect(keyFieldOf({ field: "expires_on" })).toBe("expires_on");
    expect(keyFieldOf({ field: "id" })).toBeUndefined();
    expect(keyFieldOf({ field: undefined })).toBeUndefined();
  });

  it("shows a curl line of the key's first scope, with the secret as a Bearer token", () => {
    const line = curlOf("https://console.test", ["affiliate"], "pck_7_secret");
    expect(line).toContain('-H "Authorization: Bearer pck_7_secret"');
    expect(line).toMatch(
      /"https:\/\/console\.test\/api\/v1\/reports\/affiliate\?startDate=\d{8}&endDate=\d{8}&/,
    );
    expect(curlOf("https://console.test", [], "s")).toContain("/api/v1/reports/sdk?");
  });
});
