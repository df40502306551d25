import { describe, expect, it } from "vitest";
import { profitCenterNotice } from "../src/external.ts";
import { can, type Principal } from "../src/permissions.ts";
import { sha256Hex, sign, signedParams, signingString, signingStringV2, signV2 } from "../src/signing.ts";

const secret = "dev-external-api-secret";

describe("signed external calls (the worked example of docs/api.md)", () => {
  it("signs a query's values ordered by name, a list joined with commas", async () => {
    const query = { is_publisher: "1", cooperation_types: ["1", "3"], page_no: "1", page_size: "20" };
    expect(signingString(query, 1700000000)).toBe("1,311201700000000");
    expect(await sign(secret, query, 1700000000)).toBe(
      "6ffbed5e4f5dc0baa6cc8fa111057ac33faaf688ed029767cfa3efadef395b27",
    );
  });

  it("signs a body as the SHA-256 hex of its bytes, under the name body", async () => {
    const body = '{"notice_id":"n-1001","type":"profit_center.create","profit_center_id":7,"name":"EMEA"}';
    const digest = "ce26dfef47e9adf412c7529f920c8e2c744826206a922bfcb8a2b02daf996abd";
    expect(await sha256Hex(body)).toBe(digest);
    expect(await sha256Hex(new TextEncoder().encode(body))).toBe(digest);
    const params = await signedParams({}, body);
    expect(params).toEqual({ body: digest });
    expect(signingString(params, 1700000000)).toBe(`${digest}1700000000`);
    expect(await sign(secret, params, 1700000000)).toBe(
      "8a76234ee3987dcc60bad693e4dd7e7df877ec7bf7842f40724a53ca6a1ee576",
    );
    expect(await signedParams({ a: "x" })).toEqual({ a: "x" });
  });

  it("v2 signs the method, path, encoded name=value pairs ordered by name, timestamp and no body", async () => {
    const request = {
      method: "get",
      path: "/external_api/company/list",
      query: [
        ["is_publisher", "1"],
        ["cooperation_types", "1,3"],
        ["page_no", "1"],
        ["page_size", "20"],
        ["sign_version", "2"],
        ["timestamp", "1700000000"],
        ["sign", "ignored"],
      ] as const,
      timestamp: 1700000000,
    };
    expect(signingStringV2(request)).toBe(
      "GET\n/external_api/company/list\n" +
        "cooperation_types=1%2C3&is_publisher=1&page_no=1&page_size=20&sign_version=2\n1700000000\n\n",
    );
    expect(await signV2(secret, request)).toBe(
      "17fdda3be2f1b297429c1f68f16064cce5d18ef89ba4714cd8adf30472a08b84",
    );
  });

  it("v2 signs a body's SHA-256 hex on its own line", async () => {
    const body = '{"notice_id":"n-1001","type":"profit_center.create","profit_center_id":7,"name":"EMEA"}';
    const request = {
      method: "POST",
      path: "/external_api/profit_center/notice",
      query: [["sign_version", "2"]] as const,
      timestamp: 1700000000,
      bodyDigest: await sha256Hex(body),
    };
    expect(signingStringV2(request)).toBe(
      "POST\n/external_api/profit_center/notice\nsign_version=2\n1700000000\n" +
        "ce26dfef47e9adf412c7529f920c8e2c744826206a922bfcb8a2b02daf996abd\n",
    );
    expect(await signV2(secret, request)).toBe(
      "714b9c2765710016e10af16ac4cb27613683291699f2a78ee52322db1ad51f74",
    );
  });

  it("takes the notices of docs/api.md and refuses unknown keys", () => {
    const ok = [
      { notice_id: "n-1001", type: "profit_center.create", profit_center_id: 7, name: "EMEA" },
      { notice_id: "n-1002", type: "profit_center.update", profit_center_id: 7, name: "Europe", status: 1 },
      { notice_id: "n-1003", type: "profit_center.close", profit_center_id: 7 },
      { notice_id: "n-1004", type: "company.move", company_id: 2, profit_center_id: 7 },
    ];
    for (const notice of ok) expect(profitCenterNotice.safeParse(notice).success).toBe(true);
    expect(profitCenterNotice.safeParse({ ...ok[2], extra: 1 }).success).toBe(false);
  });
});

describe("company.read", () => {
  const principal = (roleIds: number[], isOperator: boolean): Principal => ({
    roleIds,
    reportScope: "all",
    isOperator,
  });
  it("is the operator's admins' only", () => {
    expect(can(principal([1], true), "company.read")).toBe(true);
    expect(can(principal([2], true), "company.read")).toBe(true);
    expect(can(principal([3], true), "company.read")).toBe(false);
    expect(can(principal([2], false), "company.read")).toBe(false);
  });
});
