/**
 * The publisher reporting API: super admins create, list and revoke read-only keys (the
 * secret answered once, only its hash kept, an audit row each); `GET /api/v1/reports/{sdk|affiliate}` with the
 * key answers the same rows and total row as the console's report calls for the same query, or the same CSV
 * as the console's export; a missing, wrong, expired or revoked key, a key out of its scope, another
 * company's data and a key past its rate limit are refused as a client sees it.
 */
import {
  type AffiliateReportApiAnswer,
  API_KEY_ENDPOINTS,
  API_KEY_RATE_LIMIT,
  type ApiKeyCreateAnswer,
  type ApiKeyListAnswer,
  type ApiKeyRow,
  Code,
  MESSAGES,
  type OfflineReportPage,
  type OfflineReportSummary,
  type OnlineReportPage,
  type OnlineReportSummary,
  REPORT_API_PATHS,
  Role,
  type SdkReportApiAnswer,
} from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../src/modules/api-keys/service.ts";
import { type Answer, startTestApp, type TestApp } from "./support/app.ts";
import { auditRowsOf } from "./support/audit.ts";
import { callAs, otherPublisher, type Publisher } from "./support/publisher.ts";
import { calculateDays, eventGrid, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  hourOf,
  operatorAdmin,
  report,
  reportUser,
  sdkAppOf,
  sendAffiliate,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let other: Publisher;
const db = () => t.runtime.database.db;
const range = { startDate: daysAgo(3), endDate: daysAgo(1) };

/** Seeds SDK events and affiliate rows of a company for days 1–3, publishing days 1 and 2 only. */
async function seedReports(who: Publisher, name: string, requestBase: number) {
  const made = await appWithPlacements(t.app, who, name, [1, 2]);
  const sdk = await sdkAppOf(db(), made.appId);
  const events = eventGrid(made.placements, ["US", "BR", "JP"], [1, 2, 3], ({ placementIndex, day }) => ({
    hour: hourOf(day, 9),
    request: requestBase + placementIndex * 10 + day,
    fill: 800,
    show: 600,
    click: 7 + day,
    revenue: 1.5,
  }));
  await ingestEvents(t.app, sdk, events);
  const affiliate = await sendAffiliate(
    t.app,
    who.companyId,
    ["alpha", "beta"].flatMap((sub) =>
      [1, 2, 3].map((day) => ({
        dt: daysAgo(day),
        sub_channel: `${name}-${sub}`,
        offer_id: "OF-1",
        pkg_name: "com.pkg",
        country: "US",
        click: 100 + day,
        conversion: 3,
        refuse: 1,
        settle_amount: 2.5,
        payout: 1,
      })),
    ),
  );
  expect(affiliate.code).toBe(Code.Ok);
  const operator = await operatorAdmin(db());
  await calculateDays(t.app, operator, who.companyId, [1, 2, 3], { published: [1, 2] });
}

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Keys Co");
  other = await otherPublisher(db(), "Keys Other Co");
  await seedReports(owner, "Owner", 1000);
  await seedReports(other, "Other", 5000);
}, 180_000);
afterAll(() => t?.close());

const createKey = (who: Publisher, body: Record<string, unknown>) =>
  callAs<ApiKeyCreateAnswer>(t.app, who, {
    method: "POST",
    url: API_KEY_ENDPOINTS.create.path,
    payload: body,
  });
const listKeys = (who: Publisher) =>
  callAs<ApiKeyListAnswer>(t.app, who, { method: "GET", url: API_KEY_ENDPOINTS.list.path });
const revoke = (who: Publisher, id: number) =>
  callAs<ApiKeyRow>(t.app, who, { method: "POST", url: API_KEY_ENDPOINTS.revoke.path, payload: { id } });

async function newKey(who: Publisher, scopes: string[] = ["sdk", "affiliate"], name = "Nightly import") {
  const answer = await createKey(who, { name, scopes });
  expect(answer.code).toBe(Code.Ok);
  return answer.data;
}

/** A call of the reporting API as a client makes it: the key as a Bearer token, parameters in the URL. */
function apiCall(path: string, secret: string | null, query: Record<string, string> = {}) {
  return t.app.inject({
    method: "GET",
    url: `${path}?${new URLSearchParams(query)}`,
    headers: { lang: "en", ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) },
  });
}

const json = <T>(response: { json: () => unknown }) => response.json() as Answer<T>;

describe("managing keys", () => {
  it("creates a key whose secret is answered once and stored only as its hash", async () => {
    const { key, secret } = await newKey(owner, ["affiliate", "sdk", "sdk"], "  Warehouse  ");
    expect(secret).toMatch(new RegExp(`^pck_${owner.companyId}_[A-Za-z0-9_-]{43}$`));
    expect(key).toMatchObject({
      name: "Warehouse",
      scopes: ["sdk", "affiliate"],
      status: "active",
      expires_on: null,
      last_used_time: null,
      revoked_time: null,
      create_user_id: owner.userId,
    });
    expect(secret.startsWith(key.key_prefix)).toBe(true);
    const stored = await db()
      .selectFrom("report_api_key")
      .selectAll()
      .where("company_id", "=", owner.companyId)
      .where("id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashApiKey(secret));
    expect(JSON.stringify(stored)).not.toContain(secret.slice(-20));
    const listed = await listKeys(owner);
    const row = listed.data.list.find((item) => item.id === key.id);
    expect(row).toEqual(key);
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice(-20));
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "user_id", "after"])
      .where("company_id", "=", owner.companyId)
      .where("entity", "=", "api_key")
      .where("entity_id", "=", String(key.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "create", user_id: owner.userId });
    expect(JSON.stringify(audit[0]?.after)).not.toContain(secret.slice(-20));
  });

  it("validates the name, the scopes and the expiry, naming the field", async () => {
    const cases: [Record<string, unknown>, string, keyof typeof MESSAGES][] = [
      [{ name: " ", scopes: ["sdk"] }, "name", "apiKeyNameRequired"],
      [{ name: "x".repeat(65), scopes: ["sdk"] }, "name", "apiKeyNameTooLong"],
      [{ name: "k", scopes: [] }, "scopes", "apiKeyScopesRequired"],
      [{ name: "k" }, "scopes", "apiKeyScopesRequired"],
      [{ name: "k", scopes: ["everything"] }, "scopes.0", "apiKeyScopeInvalid"],
      [{ name: "k", scopes: ["sdk"], expires_on: "2020-01-01" }, "expires_on", "apiKeyExpiryPast"],
      [{ name: "k", scopes: ["sdk"], expires_on: "2030-02-30" }, "expires_on", "apiKeyExpiryInvalid"],
    ];
    const before = (await listKeys(owner)).data.total;
    for (const [body, field, message] of cases) {
      const answer = await createKey(owner, body);
      expect(answer.code, JSON.stringify(body)).toBe(Code.ParamError);
      expect(answer.data).toEqual({ field });
      expect(answer.msg).toBe(MESSAGES[message].en);
    }
    expect((await listKeys(owner)).data.total).toBe(before);
  });

  it("keeps an expiry day and shows a key past it as expired", async () => {
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { key } = (await createKey(owner, { name: "Until", scopes: ["sdk"], expires_on: future })).data;
    expect(key.expires_on).toBe(future);
    await sql`update report_api_key set expires_at = now() - interval '1 day'
              where company_id = ${owner.companyId} and id = ${key.id}`.execute(db());
    const row = (await listKeys(owner)).data.list.find((item) => item.id === key.id);
    expect(row?.status).toBe("expired");
  });

  it("lets only the company's super admins manage keys, and only their own company's", async () => {
    const administrator = await reportUser(db(), owner, { role: Role.Administrator });
    const staff = await reportUser(db(), owner, { role: Role.OperationsStaff });
    for (const who of [administrator, staff]) {
      expect((await createKey(who, { name: "nope", scopes: ["sdk"] })).code).toBe(Code.NoPermission);
      expect((await listKeys(who)).code).toBe(Code.NoPermission);
    }
    const { key } = await newKey(owner);
    expect((await revoke(staff, key.id)).code).toBe(Code.NoPermission);
    // Another company's super admin neither sees nor revokes it.
    expect((await listKeys(other)).data.list.some((item) => item.id === key.id)).toBe(false);
    const foreign = await revoke(other, key.id);
    expect(foreign.code).toBe(Code.ParamError);
    expect(foreign.data).toEqual({ field: "id" });
    expect((await listKeys(owner)).data.list.find((item) => item.id === key.id)?.status).toBe("active");
  });
});

describe("the reporting API", () => {
  const sdkQuery = { ...range, dimensions: "1,2,4", pageSize: "40", orderBy: "requestNum", order: "desc" };

  it("answers the console's rows and total row for the same SDK query", async () => {
    const { secret } = await newKey(owner, ["sdk"]);
    const response = await apiCall(REPORT_API_PATHS.sdk, secret, sdkQuery);
    expect(response.statusCode).toBe(200);
    const answer = json<SdkReportApiAnswer>(response);
    expect(answer.code).toBe(Code.Ok);
    const body = { ...range, dimensions: [1, 2, 4], pageSize: 40, orderBy: "requestNum", order: "desc" };
    const page = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", body);
    const summary = await report<OnlineReportSummary>(t.app, owner, "/v1/online/summary", body);
    // Days 1 and 2 are published: 2 days × 1 app × 3 countries.
    expect(page.data.total).toBe(6);
    expect(answer.data.list).toEqual(page.data.list);
    expect(answer.data.total).toBe(page.data.total);
    expect(answer.data.totalRow).toEqual(summary.data.total);
    expect(answer.data.days).toEqual(summary.data.days);
    expect(answer.data.list.every((row) => row.appName?.startsWith("Owner"))).toBe(true);
  });

  it("answers the console's affiliate rows, with repeated list parameters", async () => {
    const { secret } = await newKey(owner, ["affiliate"]);
    const response = await t.app.inject({
      method: "GET",
      url: `${REPORT_API_PATHS.affiliate}?startDate=${range.startDate}&endDate=${range.endDate}&dimensions=1&dimensions=2`,
      headers: { authorization: `Bearer ${secret}` },
    });
    const answer = json<AffiliateReportApiAnswer>(response);
    expect(answer.code).toBe(Code.Ok);
    const body = { ...range, dimensions: [1, 2] };
    const page = await report<OfflineReportPage>(t.app, owner, "/v1/offline/ssp", body);
    const summary = await report<OfflineReportSummary>(t.app, owner, "/v1/offline/summary", body);
    expect(page.data.total).toBe(4);
    expect(answer.data.list).toEqual(page.data.list);
    expect(answer.data.totalRow).toEqual(summary.data.total);
  });

  it("streams the console's CSV export for format=csv", async () => {
    const { secret } = await newKey(owner, ["sdk"]);
    const response = await apiCall(REPORT_API_PATHS.sdk, secret, { ...sdkQuery, format: "csv" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const body = { ...range, dimensions: [1, 2, 4], orderBy: "requestNum", order: "desc" };
    const console = await t.app.inject({
      method: "POST",
      url: "/v1/online/ssp/download",
      headers: { token: owner.token, lang: "en" },
      payload: body,
    });
    expect(console.statusCode).toBe(200);
    expect(response.body).toBe(console.body);
    expect(response.body.startsWith("\uFEFFDate,App name,Country,")).toBe(true);
    expect(response.body.trim().split("\n")).toHaveLength(1 + 6);
    expect(response.headers["x-export-rows"]).toBe("6");
  });

  it("refuses a missing, malformed, unknown, expired or revoked key with HTTP 401", async () => {
    const { key, secret } = await newKey(owner, ["sdk"]);
    const expired = await newKey(owner, ["sdk"]);
    await sql`update report_api_key set expires_at = now() - interval '1 second'
              where company_id = ${owner.companyId} and id = ${expired.key.id}`.execute(db());
    expect((await revoke(owner, key.id)).data.status).toBe("revoked");
    const forged = `pck_${owner.companyId}_${"A".repeat(43)}`;
    const cases: [string | null, keyof typeof MESSAGES][] = [
      [null, "apiKeyMissing"],
      ["not-a-key", "apiKeyUnknown"],
      [forged, "apiKeyUnknown"],
      [expired.secret, "apiKeyExpired"],
      [secret, "apiKeyRevoked"],
      // A console session token is not a key.
      [owner.token, "apiKeyUnknown"],
    ];
    for (const [sent, message] of cases) {
      const response = await apiCall(REPORT_API_PATHS.sdk, sent, range);
      expect(response.statusCode, message).toBe(401);
      expect(response.headers["www-authenticate"]).toContain("Bearer");
      expect(json(response)).toMatchObject({
        code: Code.ApiKeyInvalid,
        msg: MESSAGES[message].en,
        data: null,
      });
    }
    // The console session does not open the API either.
    const withSession = await t.app.inject({
      method: "GET",
      url: `${REPORT_API_PATHS.sdk}?${new URLSearchParams(range)}`,
      headers: { token: owner.token },
    });
    expect(withSession.statusCode).toBe(401);
    // Revoking again changes nothing and writes no second audit row.
    expect((await revoke(owner, key.id)).data.status).toBe("revoked");
    const audit = await auditRowsOf(db(), "api_key", key.id, owner.companyId);
    expect(audit.map((row) => row.action)).toEqual(["create", "update"]);
  });

  it("refuses a report outside the key's scopes with HTTP 403", async () => {
    const { secret } = await newKey(owner, ["sdk"]);
    const response = await apiCall(REPORT_API_PATHS.affiliate, secret, range);
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({
      code: Code.NoPermission,
      msg: "This API key may not read this report (its scopes: sdk)",
    });
  });

  it("answers only the key's company: another company is neither seen nor named", async () => {
    const { secret } = await newKey(other, ["sdk"]);
    const answer = json<SdkReportApiAnswer>(await apiCall(REPORT_API_PATHS.sdk, secret, sdkQuery));
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.list.length).toBeGreaterThan(0);
    expect(answer.data.list.every((row) => row.appName?.startsWith("Other"))).toBe(true);
    // companyId is no parameter of the API: naming the owner's company changes nothing.
    const named = json<SdkReportApiAnswer>(
      await apiCall(REPORT_API_PATHS.sdk, secret, { ...sdkQuery, companyId: String(owner.companyId) }),
    );
    expect(named.data.list).toEqual(answer.data.list);
    // A secret naming another company than its own is unknown there.
    const swapped = secret.replace(`pck_${other.companyId}_`, `pck_${owner.companyId}_`);
    expect((await apiCall(REPORT_API_PATHS.sdk, swapped, range)).statusCode).toBe(401);
  });

  it("validates the query like the console (code 604 naming the field), never a 500", async () => {
    const { secret } = await newKey(owner, ["sdk"]);
    const cases: [Record<string, string>, string][] = [
      [{ endDate: range.endDate }, "startDate"],
      [{ ...range, dimensions: "1,9" }, "dimensions.1"],
      [{ ...range, format: "xml" }, "format"],
      [{ ...range, pageSize: "5000" }, "pageSize"],
      [{ startDate: daysAgo(1), endDate: daysAgo(0) }, "endDate"],
    ];
    for (const [query, field] of cases) {
      const response = await apiCall(REPORT_API_PATHS.sdk, secret, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      expect(json(response)).toMatchObject({ code: Code.ParamError, data: { field } });
    }
  });

  it("marks the key used, at most once a minute", async () => {
    const { key, secret } = await newKey(owner, ["sdk"]);
    expect((await apiCall(REPORT_API_PATHS.sdk, secret, range)).statusCode).toBe(200);
    const first = (await listKeys(owner)).data.list.find((item) => item.id === key.id);
    expect(first?.last_used_time).not.toBeNull();
    const stamp = await db()
      .selectFrom("report_api_key")
      .select("last_used_at")
      .where("company_id", "=", owner.companyId)
      .where("id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect((await apiCall(REPORT_API_PATHS.sdk, secret, range)).statusCode).toBe(200);
    const again = await db()
      .selectFrom("report_api_key")
      .select("last_used_at")
      .where("company_id", "=", owner.companyId)
      .where("id", "=", key.id)
      .executeTakeFirstOrThrow();
    expect(again.last_used_at).toEqual(stamp.last_used_at);
  });

  it("answers HTTP 429 with Retry-After past the key's rate limit, other keys unaffected", async () => {
    const busy = await newKey(owner, ["sdk"]);
    const calm = await newKey(owner, ["sdk"]);
    const { max } = API_KEY_RATE_LIMIT;
    // The limit counts calls, answered or refused: cheap ones (a bad parameter) reach it quickly.
    for (let index = 0; index < max; index++) {
      const response = await apiCall(REPORT_API_PATHS.sdk, busy.secret, { format: "xml" });
      expect(response.statusCode).toBe(200);
    }
    const refused = await apiCall(REPORT_API_PATHS.sdk, busy.secret, range);
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(API_KEY_RATE_LIMIT.windowSeconds);
    expect(json(refused)).toMatchObject({ code: Code.Busy, data: null });
    expect(json(refused).msg).toContain(`at most ${max} per`);
    expect((await apiCall(REPORT_API_PATHS.sdk, calm.secret, range)).statusCode).toBe(200);
  });

  it("documents the endpoints with a worked example in /docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const spec = response.json() as {
      paths: Record<string, { get?: { description?: string; security?: unknown } }>;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const path of Object.values(REPORT_API_PATHS)) {
      const operation = spec.paths[path]?.get;
      expect(operation?.description).toContain('curl -H "Authorization: Bearer pck_');
      expect(operation?.security).toEqual([{ reportApiKey: [] }]);
    }
    expect(spec.components.securitySchemes.reportApiKey).toMatchObject({ type: "http", scheme: "bearer" });
  });
});
