/**
 * Roles of a process: one build started as all (default), ingest, console or worker on
 * one PostgreSQL. Each role serves its paths and answers the envelope's 404 for the others; only the worker
 * runs the report scheduler; without DATABASE_URL (the embedded database has one owner) only `all` starts.
 */
import { Code, MESSAGES } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { prepareRuntime } from "../src/bootstrap.ts";
import { type ConfigError, loadConfig, type ProcessRole } from "../src/config.ts";
import { queueBatch } from "../src/modules/reports/pipeline/repo.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { demoPublisher } from "./support/publisher.ts";
import { isoDaysAgo } from "./support/reports.ts";

describe("PROCESS_ROLE", () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as ConfigError).message;
    }
    return null;
  };

  it("is all by default and refuses other roles on the embedded database, and unknown roles", () => {
    expect(loadConfig({}).PROCESS_ROLE).toBe("all");
    expect(refusal({ PROCESS_ROLE: "ingest" })).toContain(
      'PROCESS_ROLE ingest needs DATABASE_URL: the embedded database has one owner, so without PostgreSQL only "all" runs',
    );
    expect(refusal({ PROCESS_ROLE: "web", DATABASE_URL: "postgres://db/pc" })).toContain("PROCESS_ROLE");
    expect(
      refusal({ PROCESS_ROLE: "worker", DATABASE_URL: "postgres://db/pc", REPORT_SCHEDULE_SECONDS: "0" }),
    ).toContain("worker needs the report scheduler");
    expect(loadConfig({ PROCESS_ROLE: "console", DATABASE_URL: "postgres://db/pc" }).PROCESS_ROLE).toBe(
      "console",
    );
  });
});

/** A path of each part of the product, called without credentials: a served one answers anything but 404. */
const PROBES = {
  health: { method: "GET", url: "/healthz" },
  metrics: { method: "GET", url: "/metrics" },
  sdkConfig: { method: "GET", url: "/sdk/v1/config?app_key=x" },
  sdkEvents: { method: "POST", url: "/sdk/v1/events?app_key=x", payload: {} },
  external: { method: "GET", url: "/external_api/company/list" },
  affiliate: { method: "POST", url: "/external_api/affiliate/stats", payload: {} },
  consoleApi: { method: "GET", url: "/v1/report/date_window" },
  passport: { method: "GET", url: "/v1/passport/public_key" },
  docs: { method: "GET", url: "/docs/json" },
} as const;
type Probe = keyof typeof PROBES;

const SERVED: Record<ProcessRole, readonly Probe[]> = {
  all: Object.keys(PROBES) as Probe[],
  ingest: ["health", "metrics", "sdkConfig", "sdkEvents", "external", "affiliate"],
  console: ["health", "metrics", "consoleApi", "passport", "docs"],
  worker: ["health", "metrics"],
};

describe.skipIf(!process.env.DATABASE_URL)("processes of each role on one PostgreSQL", () => {
  let t: TestApp;
  const started: FastifyInstance[] = [];

  /** Another process on the test's database, started as a role. */
  async function startRole(role: ProcessRole, env: { REPORT_SCHEDULE_SECONDS?: number } = {}) {
    const app = await buildApp(
      await prepareRuntime({ ...t.runtime.config, DEMO_SEED: false, PROCESS_ROLE: role, ...env }),
    );
    await app.ready();
    started.push(app);
    return app;
  }

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "silent" });
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await t.close();
  });

  it.each(["all", "ingest", "console", "worker"] as const)(
    "%s serves its paths, 404 for the others",
    async (role) => {
      const app = await startRole(role);
      for (const [name, probe] of Object.entries(PROBES) as [Probe, (typeof PROBES)[Probe]][]) {
        const response = await app.inject({ ...probe, headers: { lang: "en" } });
        if (SERVED[role].includes(name)) {
          expect(response.statusCode, `${role} ${probe.url}`).not.toBe(404);
        } else {
          expect(response.statusCode, `${role} ${probe.url}`).toBe(404);
          expect(response.json(), `${role} ${probe.url}`).toEqual({
            code: Code.ParamError,
            msg: MESSAGES.notFound.en,
            data: null,
          });
        }
      }
    },
  );

  it("the worker calculates a queued batch; a console process does not", async () => {
    const demo = await demoPublisher(t.runtime.database.db);
    const dt = isoDaysAgo(3);
    await queueBatch(t.runtime.database.db, {
      companyId: demo.companyId,
      kind: "offline",
      dt,
      publishAfter: false,
      userId: null,
    });
    const status = async () =>
      (
        await sql<{ status: string }>`select status from report_batch
          where company_id = ${demo.companyId} and kind = 'offline' and dt = ${dt}::date`.execute(
          t.runtime.database.db,
        )
      ).rows[0]?.status;
    // A scheduler would run 2 s after the console is ready: it has none.
    await startRole("console", { REPORT_SCHEDULE_SECONDS: 1 });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await status()).toBe("pending");
    await startRole("worker", { REPORT_SCHEDULE_SECONDS: 3600 });
    const deadline = Date.now() + 15_000;
    while ((await status()) !== "calculated" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await status()).toBe("calculated");
  });
});
