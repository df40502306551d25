/**
 * A partner builds a client from the API description: openapi-typescript (its Node API) writes the types,
 * committed as test/generated/openapi.ts (this test fails when they are stale: `vitest -u` writes them anew),
 * and `npm run typecheck` checks the calls below against them; openapi-fetch then calls the app listening on a
 * loopback port: the reporting API with a key, and a signed external call.
 */
import { API_KEY_ENDPOINTS, type ApiKeyCreateAnswer, Code, SignVersion } from "@pc/contract";
import createClient from "openapi-fetch";
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { paths } from "./generated/openapi.ts";
import { tokenOf } from "./support/accounts.ts";
import { call, startTestApp, type TestApp } from "./support/app.ts";
import { homeOf } from "./support/endpoint-calls.ts";
import { signedPairs } from "./support/external.ts";

/** Starting the app (PGlite, migrations, seed) can be slow on a busy two-core machine. */
const STARTUP_TIMEOUT_MS = 180_000;

let t: TestApp;
let client: ReturnType<typeof createClient<paths>>;

beforeAll(async () => {
  t = await startTestApp();
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  client = createClient<paths>({ baseUrl: address, headers: { lang: "en" } });
}, STARTUP_TIMEOUT_MS);
afterAll(() => t?.close());

/** yyyyMMdd of a day before today (REPORT_TZ is UTC in the tests). */
const dayAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");

describe("a client generated from the API description", () => {
  it("is generated as committed", async () => {
    const document = (await t.app.inject({ url: "/docs/json" })).json<OpenAPI3>();
    const types = COMMENT_HEADER + astToString(await openapiTS(document));
    await expect(types).toMatchFileSnapshot("./generated/openapi.ts");
  });

  it("reads the SDK report with a reporting API key, as JSON", async () => {
    const home = await homeOf(t.runtime.database.db);
    const token = await tokenOf(t.runtime.database.db, { companyId: home.companyId, userId: home.adminId });
    const key = await call<ApiKeyCreateAnswer>(t.app, {
      method: "POST",
      url: API_KEY_ENDPOINTS.create.path,
      headers: { token },
      payload: { name: "generated client", scopes: ["sdk"] },
    });

    const { data, response } = await client.GET("/api/v1/reports/sdk", {
      params: { query: { startDate: dayAgo(7), endDate: dayAgo(1), dimensions: [1] } },
      headers: { authorization: `Bearer ${key.data.secret}` },
    });
    expect(response.status).toBe(200);
    // The operation answers JSON or CSV (format=csv): the type says either.
    if (typeof data !== "object") throw new Error(`not the JSON answer: ${String(data)}`);
    expect(data.code).toBe(Code.Ok);
    expect(data.data).toHaveProperty("list");

    const refused = await client.GET("/api/v1/reports/sdk", {
      params: { query: { startDate: dayAgo(7), endDate: dayAgo(1) } },
    });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.code).toBe(Code.ApiKeyInvalid);
  });

  it("makes a signed external call", async () => {
    const path = "/external_api/profit_center";
    const signed = new Map(await signedPairs({}, { path, version: SignVersion.V2, nonce: false }));
    const { data, response } = await client.GET(path, {
      params: {
        query: {
          sign_version: SignVersion.V2,
          timestamp: signed.get("timestamp") ?? "",
          sign: signed.get("sign") ?? "",
        },
      },
    });
    expect(response.status).toBe(200);
    expect(data?.code).toBe(Code.Ok);
  });
});
