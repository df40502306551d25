/**
 * The v2 signing rule of the external API: the method, the path and the `name=value`
 * pairs are signed, so a sign made for one call is refused on another path, with another method or with
 * its parameters re-split or renamed; the original rule (v1) is still accepted.
 */
import { Code, MESSAGES, type NoticeAnswer, NoticeType, nowSeconds, SignVersion } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_EXTERNAL_API_SECRET } from "../src/config.ts";
import { sendExternalCall } from "../src/modules/external/client.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { type QueryParams, send, signedCall, signedPairs, urlOf } from "./support/external.ts";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const en = (key: keyof typeof MESSAGES) => MESSAGES[key].en;
const COMPANIES = "/external_api/company/list";
const PROFIT_CENTERS = "/external_api/profit_center";
const NOTICE = "/external_api/profit_center/notice";
const V2 = { version: SignVersion.V2 } as const;

/** A v2 call signed for `signedFor` (path and method), sent as `sent` with the pairs it was signed with. */
async function sentElsewhere(
  query: QueryParams,
  signedFor: { method: "GET" | "POST"; path: string },
  sent: { method: "GET" | "POST"; path: string },
) {
  const pairs = await signedPairs(query, { ...V2, ...signedFor });
  return send(t.app, sent.method, urlOf(sent.path, pairs));
}

describe("v2 signs the method, the path and name=value pairs", () => {
  it("accepts a v2 call, with parameters in any order", async () => {
    const query = { status: "1", page_size: "20", page_no: "1" };
    const answer = await signedCall(t.app, "GET", PROFIT_CENTERS, query, V2);
    expect(answer).toMatchObject({ status: 200, code: Code.Ok, data: { list: [], total: 0 } });

    const pairs = await signedPairs(query, { ...V2, path: PROFIT_CENTERS });
    const reversed = await send(t.app, "GET", urlOf(PROFIT_CENTERS, [...pairs].reverse()));
    expect(reversed.code).toBe(Code.Ok);
  });

  it("accepts a v2 call with a body, and refuses it once the body changed", async () => {
    const body = JSON.stringify({
      notice_id: "v2-1",
      type: NoticeType.CreateProfitCenter,
      profit_center_id: 201,
      name: "Signed v2",
    });
    const created = await signedCall<NoticeAnswer>(t.app, "POST", NOTICE, {}, { ...V2, body });
    expect(created).toMatchObject({
      code: Code.Ok,
      data: { changes: [{ entity: "profit_center", id: 201 }] },
    });

    const other = body.replace("v2-1", "v2-2").replace("201", "202");
    const pairs = await signedPairs({}, { ...V2, body, path: NOTICE });
    const changed = await send(t.app, "POST", urlOf(NOTICE, pairs), other);
    expect(changed).toMatchObject({ code: Code.ParamError, msg: en("signWrong"), data: { field: "sign" } });
    const withoutBody = await send(
      t.app,
      "POST",
      urlOf(NOTICE, await signedPairs({}, { ...V2, path: NOTICE })),
      body,
    );
    expect(withoutBody.msg).toBe(en("signWrong"));
  });

  it("refuses a sign made for another path or another method", async () => {
    const onPath = await sentElsewhere(
      { page_size: "20" },
      { method: "GET", path: PROFIT_CENTERS },
      { method: "GET", path: COMPANIES },
    );
    expect(onPath).toMatchObject({ code: Code.ParamError, msg: en("signWrong"), data: { field: "sign" } });
    const method = await sentElsewhere(
      { page_size: "20" },
      { method: "POST", path: PROFIT_CENTERS },
      { method: "GET", path: PROFIT_CENTERS },
    );
    expect(method.msg).toBe(en("signWrong"));
  });

  it("refuses a v1 sign of one path sent to another under v2", async () => {
    const pairs = await signedPairs({ page_size: "20" }, { path: PROFIT_CENTERS });
    const answer = await send(t.app, "GET", urlOf(COMPANIES, [...pairs, ["sign_version", "2"]]));
    expect(answer).toMatchObject({ code: Code.ParamError, msg: en("signWrong"), data: { field: "sign" } });
  });

  it("refuses re-split, renamed or injected parameters", async () => {
    const timestamp = nowSeconds();
    const nonce = "resplit";
    const pairs = await signedPairs(
      { page_no: "1", page_size: "120", nonce },
      { ...V2, timestamp, path: COMPANIES },
    );
    const sign = pairs.find(([name]) => name === "sign")?.[1] ?? "";
    const forged = (query: [string, string][]) =>
      send(
        t.app,
        "GET",
        urlOf(COMPANIES, [
          ...query,
          ["nonce", nonce],
          ["sign_version", "2"],
          ["timestamp", `${timestamp}`],
          ["sign", sign],
        ]),
      );
    // Under v1 each of these signs the same string ("1120…", "1…") as the call signed above or below.
    const resplit = await forged([
      ["page_no", "11"],
      ["page_size", "20"],
    ]);
    expect(resplit).toMatchObject({ code: Code.ParamError, msg: en("signWrong"), data: { field: "sign" } });

    const renamedPairs = await signedPairs({ status: "1" }, { ...V2, path: PROFIT_CENTERS });
    const renamed = renamedPairs.map(([name, value]): [string, string] => [
      name === "status" ? "page_no" : name,
      value,
    ]);
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, renamed))).msg).toBe(en("signWrong"));

    // A value holding the separators is encoded: it cannot pass for two parameters.
    const injectedPairs = await signedPairs({ nonce: "x&status=2" }, { ...V2, path: PROFIT_CENTERS });
    const split = injectedPairs.flatMap(([name, value]): [string, string][] =>
      name === "nonce"
        ? [
            ["nonce", "x"],
            ["status", "2"],
          ]
        : [[name, value]],
    );
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, split))).msg).toBe(en("signWrong"));
    // While the value itself, separators and all, is accepted as signed.
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, injectedPairs))).code).toBe(Code.Ok);
    const unicode = await signedCall(t.app, "GET", PROFIT_CENTERS, { nonce: "广告 a+b=c/d" }, V2);
    expect(unicode.code).toBe(Code.Ok);
  });

  it("does not take a sign of one rule under the other", async () => {
    const v2Pairs = await signedPairs({ status: "1" }, { ...V2, path: PROFIT_CENTERS });
    const asV1 = v2Pairs.filter(([name]) => name !== "sign_version");
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, asV1))).msg).toBe(en("signWrong"));
    const asExplicitV1 = v2Pairs.map(([name, value]): [string, string] => [
      name,
      name === "sign_version" ? "1" : value,
    ]);
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, asExplicitV1))).msg).toBe(en("signWrong"));
  });

  it("refuses a v2 sign used twice", async () => {
    const pairs = await signedPairs({ status: "2" }, { ...V2, path: PROFIT_CENTERS });
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, pairs))).code).toBe(Code.Ok);
    const again = await send(t.app, "GET", urlOf(PROFIT_CENTERS, pairs));
    expect(again).toMatchObject({ code: Code.ParamError, msg: en("signReplayed"), data: { field: "sign" } });
  });

  it("refuses a sign_version other than 1 or 2, naming it", async () => {
    for (const value of ["3", "", "v2"]) {
      const pairs = await signedPairs({ sign_version: value }, { path: PROFIT_CENTERS });
      const answer = await send(t.app, "GET", urlOf(PROFIT_CENTERS, pairs));
      expect(answer).toMatchObject({
        code: Code.ParamError,
        msg: en("signVersionInvalid"),
        data: { field: "sign_version" },
      });
    }
    const twice = await signedPairs({ sign_version: ["2", "2"] }, { ...V2, path: PROFIT_CENTERS });
    expect((await send(t.app, "GET", urlOf(PROFIT_CENTERS, twice))).data).toEqual({ field: "sign_version" });
  });
});

describe("v1, the original rule, is still accepted", () => {
  it("without sign_version or with sign_version=1, with and without a body", async () => {
    expect((await signedCall(t.app, "GET", COMPANIES, { is_publisher: "1" })).code).toBe(Code.Ok);
    const explicit = await signedCall(t.app, "GET", COMPANIES, { is_publisher: "1", sign_version: "1" });
    expect(explicit.code).toBe(Code.Ok);
    const body = JSON.stringify({
      notice_id: "v1-1",
      type: NoticeType.CloseProfitCenter,
      profit_center_id: 201,
    });
    const closed = await signedCall<NoticeAnswer>(t.app, "POST", NOTICE, {}, { body });
    expect(closed).toMatchObject({ code: Code.Ok, data: { changes: [{ id: 201 }] } });
  });
});

describe("the partner client (the CLI's external command)", () => {
  it("signs v2 by default, v1 when told", async () => {
    const baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const v2 = await sendExternalCall(baseUrl, DEV_EXTERNAL_API_SECRET, {
      method: "GET",
      path: COMPANIES,
      query: [
        ["cooperation_types", "1"],
        ["cooperation_types", "3"],
      ],
    });
    expect(JSON.parse(v2.text)).toMatchObject({ code: Code.Ok });
    expect(v2.signed.target).toContain("sign_version=2");
    expect(v2.signed.signedString).toMatch(
      /^GET\n\/external_api\/company\/list\ncooperation_types=1&cooperation_types=3&nonce=[0-9a-f-]{36}&sign_version=2\n\d{10}\n\n$/,
    );
    const v1 = await sendExternalCall(baseUrl, DEV_EXTERNAL_API_SECRET, {
      method: "GET",
      path: COMPANIES,
      query: [["is_publisher", "1"]],
      signVersion: SignVersion.V1,
    });
    expect(JSON.parse(v1.text)).toMatchObject({ code: Code.Ok });
    expect(v1.signed.target).not.toContain("sign_version");
    expect(v1.signed.signedString).toMatch(/^1[0-9a-f-]{36}\d{10}$/);
  });
});
