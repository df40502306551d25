/**
 * The SDK config: signed with the app's secret by the contract's rule, ±300 s; answers the
 * app's placements as saved; an unknown key and a bad signature get the same refusal; no company sees
 * another's placements. Also the operator CLI's app-secret.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  type AppRow,
  type BottomPrice,
  Code,
  Flag,
  MESSAGES,
  nowSeconds,
  type PlacementRow,
  SDK_CONFIG_PATH,
  type SdkConfigAnswer,
  sign,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareRuntime } from "../src/bootstrap.ts";
import { loadConfig } from "../src/config.ts";
import { appSecret, createApp } from "../src/modules/apps/service.ts";
import { createCompany } from "../src/modules/tenancy/service.ts";
import { type Answer, call, envelopeOf, startTestApp, type TestApp } from "./support/app.ts";
import { createTestDatabase } from "./support/database.ts";
import { testLoginKeyPem } from "./support/keys.ts";
import { callAs, demoPublisher, otherPublisher, type Publisher } from "./support/publisher.ts";

let t: TestApp;
let demo: Publisher;
let other: Publisher;
let myApp: AppRow;
let mySecret: string;
let otherApp: AppRow;
let otherSecret: string;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoPublisher(db());
  other = await otherPublisher(db(), "Other SDK Co");
  myApp = (await createAppAs(demo, "SDK Host", "com.sdk.host")).data;
  otherApp = (await createAppAs(other, "Their SDK Host", "com.their.sdkhost")).data;
  mySecret = await secretOf(myApp.app_key);
  otherSecret = await secretOf(otherApp.app_key);
  await callAs(t.app, other, {
    method: "POST",
    url: "/v1/adpos",
    payload: { app_id: otherApp.id, name: "Their Secret Slot", ad_style: 2, content_type: "1" },
  });
});
afterAll(() => t.close());

const db = () => t.runtime.database.db;
const createAppAs = (who: Publisher, name: string, pkg: string) =>
  callAs<AppRow>(t.app, who, {
    method: "POST",
    url: "/v1/app",
    payload: { name, pkg, url: "https://sdk.test" },
  });
const secretOf = async (appKey: string) => {
  const found = await appSecret(db(), appKey);
  if (!found) throw new Error(`no app ${appKey}`);
  return found.secret;
};
const createPlacement = (body: Record<string, unknown>) =>
  callAs<PlacementRow>(t.app, demo, { method: "POST", url: "/v1/adpos", payload: body });

/** Calls the config as an SDK does: `sign` over the other query parameters and the timestamp. */
async function sdkConfig(
  appKey: string,
  secret: string,
  options: { timestamp?: number; extra?: Record<string, string>; lang?: "zh" | "en" } = {},
): Promise<Answer<SdkConfigAnswer>> {
  const timestamp = options.timestamp ?? nowSeconds();
  const params = { app_key: appKey, ...(options.extra ?? {}) };
  const signature = await sign(secret, params, timestamp);
  return call<SdkConfigAnswer>(t.app, {
    method: "GET",
    url: SDK_CONFIG_PATH,
    query: { ...params, timestamp: String(timestamp), sign: signature },
    headers: { lang: options.lang ?? "en" },
  });
}

const twoGroups: BottomPrice = {
  default_bottom_price: 0.4,
  country_open_flag: Flag.On,
  country_open_items: [
    { countrys: ["US", "CA"], price: 1.25 },
    { countrys: ["JP"], price: 0.9 },
  ],
};

describe("GET /sdk/v1/config", () => {
  it("answers the app's placements exactly as saved in the console, without a session", async () => {
    const banner = (
      await createPlacement({
        app_id: myApp.id,
        name: "SDK Banner",
        ad_style: 1,
        content_type: "5,6",
        auto_rotation: 1,
        country_bottom_price: JSON.stringify(twoGroups),
      })
    ).data;
    const video = (
      await createPlacement({ app_id: myApp.id, name: "SDK Video", ad_style: 3, content_type: "4" })
    ).data;
    const answer = await sdkConfig(myApp.app_key, mySecret);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.data).toMatchObject({ app_key: myApp.app_key, pkg: "com.sdk.host" });
    expect(Math.abs(answer.data.server_time - nowSeconds())).toBeLessThan(5);
    expect(answer.data.placements).toMatchObject([
      {
        id: banner.id,
        name: "SDK Banner",
        ad_style: 1,
        content_type: [5, 6],
        auto_rotation: 1,
        country_bottom_price: twoGroups,
      },
      {
        id: video.id,
        name: "SDK Video",
        ad_style: 3,
        content_type: [4],
        auto_rotation: 2,
        country_bottom_price: { default_bottom_price: null, country_open_flag: 2, country_open_items: [] },
      },
    ]);
    // The same floors the console answers.
    for (const placement of [banner, video]) {
      const sdk = answer.data.placements.find((p) => p.id === placement.id);
      expect(sdk?.country_bottom_price).toEqual(JSON.parse(placement.country_bottom_price));
    }
  });

  it("reflects a change made in the console at once", async () => {
    const slot = (
      await createPlacement({ app_id: myApp.id, name: "SDK Changing", ad_style: 2, content_type: "1,2" })
    ).data;
    const floors = {
      default_bottom_price: 2,
      country_open_flag: 1,
      country_open_items: [{ countrys: ["BR"], price: 3 }],
    };
    await callAs(t.app, demo, {
      method: "PUT",
      url: "/v1/adpos",
      payload: {
        id: slot.id,
        app_id: myApp.id,
        name: "SDK Changed",
        ad_style: 4,
        content_type: "3,4",
        country_bottom_price: JSON.stringify(floors),
      },
    });
    const after = (await sdkConfig(myApp.app_key, mySecret)).data.placements.find((p) => p.id === slot.id);
    expect(after).toMatchObject({
      name: "SDK Changed",
      ad_style: 4,
      content_type: [3, 4],
      country_bottom_price: floors,
    });
    await callAs(t.app, demo, { method: "DELETE", url: "/v1/adpos", query: { id: String(slot.id) } });
    const gone = (await sdkConfig(myApp.app_key, mySecret)).data.placements.map((p) => p.id);
    expect(gone).not.toContain(slot.id);
  });

  it("signs every query parameter the SDK sends", async () => {
    const answer = await sdkConfig(myApp.app_key, mySecret, {
      extra: { sdk_version: "1.2.0", os: "android" },
    });
    expect(answer.code).toBe(Code.Ok);
  });

  it("still signs with an app key made before keys named their company", async () => {
    const legacyKey = "00112233445566778899aabbccddeeff";
    const legacy = await createApp(
      db(),
      demo,
      {
        name: "Shipped Long Ago",
        pkg: "com.sdk.shipped",
        url: "https://sdk.test",
        platform: 1,
        is_online: 1,
      },
      "UTC",
      { appKey: legacyKey, sdkSecret: "legacy-secret" },
    );
    const answer = await sdkConfig(legacyKey, "legacy-secret");
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data).toMatchObject({ app_key: legacyKey, pkg: legacy.pkg });
  });

  it("finds an app only in the company its key names", async () => {
    expect(myApp.app_key).toMatch(new RegExp(`^${demo.companyId}-[0-9a-f]{32}$`));
    const elsewhere = myApp.app_key.replace(/^\d+-/, `${other.companyId}-`);
    const answer = await sdkConfig(elsewhere, mySecret);
    expect(answer).toMatchObject({ code: Code.ParamError, msg: MESSAGES.signWrong.en });
  });

  it("answers an unknown app_key and a wrong signature with the same refusal", async () => {
    const wrongSign = await sdkConfig(myApp.app_key, "not-the-secret");
    const unknownKey = await sdkConfig("0123456789abcdef0123456789abcdef", mySecret);
    expect(wrongSign).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.signWrong.en,
      data: { field: "sign" },
    });
    expect(envelopeOf(unknownKey)).toEqual(envelopeOf(wrongSign));
    expect((await sdkConfig(myApp.app_key, "x", { lang: "zh" })).msg).toBe(MESSAGES.signWrong.zh);
    // A signature over other parameters than those sent is wrong.
    const timestamp = nowSeconds();
    const signature = await sign(mySecret, { app_key: myApp.app_key }, timestamp);
    const tampered = await call(t.app, {
      method: "GET",
      url: SDK_CONFIG_PATH,
      query: { app_key: myApp.app_key, timestamp: String(timestamp), sign: signature, extra: "1" },
      headers: { lang: "en" },
    });
    expect(tampered.msg).toBe(MESSAGES.signWrong.en);
  });

  it("refuses a timestamp more than 300 s off, either way", async () => {
    const stale = await sdkConfig(myApp.app_key, mySecret, { timestamp: nowSeconds() - 301 });
    expect(stale).toMatchObject({ code: Code.ParamError, data: { field: "timestamp" } });
    const future = await sdkConfig(myApp.app_key, mySecret, { timestamp: nowSeconds() + 301 });
    expect(future).toMatchObject({ code: Code.ParamError, data: { field: "timestamp" } });
    expect((await sdkConfig(myApp.app_key, mySecret, { timestamp: nowSeconds() - 250 })).code).toBe(Code.Ok);
  });

  it("refuses missing and malformed parameters with 604", async () => {
    const cases: Record<string, string>[] = [
      {},
      { app_key: myApp.app_key, timestamp: String(nowSeconds()) },
      { app_key: myApp.app_key, sign: "abc" },
      { app_key: myApp.app_key, timestamp: "soon", sign: "abc" },
      { app_key: myApp.app_key, timestamp: "1.5", sign: "abc" },
      { timestamp: String(nowSeconds()), sign: "abc" },
    ];
    for (const query of cases) {
      const answer = await call(t.app, { method: "GET", url: SDK_CONFIG_PATH, query });
      expect(answer.code, JSON.stringify(query)).toBe(Code.ParamError);
    }
  });

  it("never answers another company's placements for a foreign app_key", async () => {
    // Their key signed with our secret: refused like any wrong signature.
    const foreign = await sdkConfig(otherApp.app_key, mySecret);
    expect(foreign).toMatchObject({ code: Code.ParamError, msg: MESSAGES.signWrong.en });
    // Our key answers only our placements.
    const mine = await sdkConfig(myApp.app_key, mySecret);
    expect(mine.data.placements.map((p) => p.name)).not.toContain("Their Secret Slot");
    // Their key with their own secret answers only theirs.
    const theirs = await sdkConfig(otherApp.app_key, otherSecret);
    expect(theirs.data.placements.map((p) => p.name)).toEqual(["Their Secret Slot"]);
  });

  it("answers the seeded demo apps' placements", async () => {
    const puzzle = await db()
      .selectFrom("app")
      .select(["app_key", "sdk_secret"])
      .where("company_id", "=", demo.companyId)
      .where("name", "=", "Puzzle Quest")
      .executeTakeFirstOrThrow();
    const answer = await sdkConfig(puzzle.app_key, puzzle.sdk_secret);
    expect(answer.data.placements.map((p) => p.ad_style)).toEqual([1, 2, 3, 4]);
  });
});

describe("operator CLI app-secret", () => {
  const run = promisify(execFile);
  const cliPath = path.resolve(import.meta.dirname, "../src/cli/main.ts");

  it("prints the app's SDK signing secret, and refuses an unknown key", { timeout: 90_000 }, async () => {
    const database = await createTestDatabase();
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "pc-cli-sdk-")),
      RSA_PRIVATE_KEY: testLoginKeyPem(),
      LOG_LEVEL: "silent",
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    try {
      const runtime = await prepareRuntime(loadConfig({ ...env, DEMO_SEED: "false" }));
      const company = await createCompany(runtime.database.db, {
        name: "CLI Publisher",
        hosts: [],
        isOperator: false,
        admin: { email: "cli-admin@cli.test", userName: "CLI Admin", passwordMd5: "0".repeat(32) },
      });
      const app = await createApp(
        runtime.database.db,
        { companyId: company.company_id, userId: company.user_id },
        { name: "CLI App", pkg: "com.cli.app", url: "https://cli.test", platform: 1, is_online: 2 },
        "UTC",
      );
      const secret = await appSecret(runtime.database.db, app.app_key);
      await runtime.database.db.destroy();
      runtime.dataDirLock?.release();

      const { stdout } = await run(process.execPath, [cliPath, "app-secret", "--app-key", app.app_key], {
        env,
      });
      expect(JSON.parse(stdout)).toEqual({ app_key: app.app_key, secret: secret?.secret });
      const unknown = await run(process.execPath, [cliPath, "app-secret", "--app-key", "nope"], {
        env,
      }).catch((error: { code: number; stderr: string }) => error);
      expect(unknown).toMatchObject({ code: 1 });
      expect((unknown as { stderr: string }).stderr).toContain("no app with key nope");
    } finally {
      await database.drop();
    }
  });
});
