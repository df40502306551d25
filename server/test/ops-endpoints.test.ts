/**
 * /metrics and /docs in production: the metrics are read with METRICS_TOKEN as a bearer
 * token, and not served at all in production without one; the API documentation is off in production unless
 * API_DOCS=true. The metrics pass Prometheus's own lint (`promtool check metrics`, Debian's `prometheus`
 * package, which .ci/run installs) and, wherever promtool is missing, its naming rules checked here.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Code, MESSAGES } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApp, type TestApp } from "./support/app.ts";

const METRICS_TOKEN = "metrics-token-of-at-least-32-characters";
const PROMTOOL = "/usr/bin/promtool";

/** Production settings over the test app's: real secrets, no test captcha, no demo seed, no scheduler. */
const PRODUCTION = {
  NODE_ENV: "production",
  CALLER_SECRET: "caller-secret-of-at-least-32-characters",
  EXTERNAL_API_SECRET: "external-secret-of-at-least-32-characters",
  SMTP_URL: "smtp://127.0.0.1:25",
  CAPTCHA_FIXED_ANSWER: "",
  DEMO_SEED: "",
  REPORT_SCHEDULE_SECONDS: "0",
};

describe("in production, by default", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(PRODUCTION);
  });
  afterAll(() => t?.close());

  it("does not serve /metrics without METRICS_TOKEN, nor /docs", async () => {
    for (const url of ["/metrics", "/docs", "/docs/json"]) {
      const answer = await call(t.app, { url, headers: { lang: "en" } });
      expect(answer, url).toMatchObject({ status: 404, code: Code.ParamError, msg: MESSAGES.notFound.en });
    }
  });
});

describe("in production with METRICS_TOKEN and API_DOCS=true", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ...PRODUCTION, METRICS_TOKEN, API_DOCS: "true" });
  });
  afterAll(() => t?.close());

  it("answers /metrics only to the bearer of the token", async () => {
    for (const authorization of [undefined, "Bearer wrong", METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
      const answer = await call(t.app, {
        url: "/metrics",
        headers: { lang: "en", ...(authorization ? { authorization } : {}) },
      });
      expect(answer, authorization).toMatchObject({
        status: 401,
        code: Code.NotLoggedIn,
        msg: MESSAGES.metricsTokenRequired.en,
        headers: { "www-authenticate": 'Bearer realm="metrics"' },
      });
    }
    const response = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("http_requests_total");
  });

  const scrape = async () =>
    (await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

  it("names its metrics as Prometheus does: _total for counters only, help for each", async () => {
    const text = await scrape();
    const types = new Map<string, string>();
    const helped = new Set<string>();
    for (const line of text.split("\n")) {
      const [marker, kind, name, value] = line.split(" ");
      if (marker !== "#" || !name) continue;
      if (kind === "TYPE" && value) types.set(name, value);
      if (kind === "HELP") helped.add(name);
    }
    expect(types.size).toBeGreaterThan(10);
    for (const [name, type] of types) {
      expect(name, name).toMatch(/^[a-z_][a-z0-9_]*$/);
      expect(helped.has(name), `${name} has help`).toBe(true);
      if (type === "counter") expect(name, `${name} is a counter`).toMatch(/_total$/);
      else expect(name, `${name} is a ${type}`).not.toMatch(/_total$|_count$|_sum$|_bucket$/);
    }
  });

  it.runIf(existsSync(PROMTOOL))("passes promtool check metrics", async () => {
    const checked = spawnSync(PROMTOOL, ["check", "metrics"], { input: await scrape(), encoding: "utf8" });
    expect(`${checked.stdout}${checked.stderr}`.trim()).toBe("");
    expect(checked.status).toBe(0);
  });

  it("serves /docs when asked to", async () => {
    const response = await t.app.inject({ url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ paths: object }>().paths).toHaveProperty(["/v1/passport/user/login"]);
  });
});
