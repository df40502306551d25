/**
 * A killed calculation is retried promptly: a batch whose worker died (claimed and never
 * run, or a calculating CLI process killed with SIGKILL) is taken over by the report scheduler within
 * seconds of its lease (2 s here); a calculation renewing its lease is not; a recalculation queued while a
 * calculation runs wins and the first rolls back, leaving the day's rows exactly once.
 * The runs blocked mid-way need a second session (PostgreSQL): PGlite has one, so nothing runs beside them.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { Code, type OnlineReportPage } from "@pc/contract";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../src/db/transaction.ts";
import { type Claim, claimBatch, queueBatch } from "../src/modules/reports/pipeline/repo.ts";
import { reportScheduler } from "../src/modules/reports/pipeline/scheduler.ts";
import { runClaim, scheduledRun } from "../src/modules/reports/pipeline/service.ts";
import { deps } from "../src/plugins/deps.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { testLoginKeyPem } from "./support/keys.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { ingestEvents, steadyEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  isoDaysAgo,
  manage,
  operatorAdmin,
  report,
  sdkAppOf,
} from "./support/reports.ts";

const LEASE_SECONDS = 2;
const settings = { timeZone: "UTC", autoPublish: false, leaseSeconds: LEASE_SECONDS };
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
let owner: Publisher;
let operator: Publisher;
const db = () => t.runtime.database.db;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error", REPORT_LEASE_SECONDS: String(LEASE_SECONDS) });
  owner = await otherPublisher(db(), "Takeover Co");
  operator = await operatorAdmin(db());
  const made = await appWithPlacements(t.app, owner, "Takeover App", [1, 2, 3]);
  const sdk = await sdkAppOf(db(), made.appId);
  await ingestEvents(t.app, sdk, steadyEvents(made.placements, [1, 2, 3, 4, 5]));
  // Yesterday calculated for every company: the workers below then only claim what a test leaves them.
  await scheduledRun(db(), settings);
});
afterAll(() => t.close());

const batchOf = async (day: number) =>
  (
    await sql<{ status: string; claim_id: string | null; attempts: number }>`
      select status, claim_id, attempts from report_batch
      where company_id = ${owner.companyId} and kind = 'online' and dt = ${isoDaysAgo(day)}::date`.execute(
      db(),
    )
  ).rows[0];

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The day's report as the operator reads it: the totals, and its rows at the finest grain. */
async function dayReport(day: number) {
  const total = await report<OnlineReportPage>(t.app, operator, "/v1/online/ssp", {
    startDate: daysAgo(day),
    endDate: daysAgo(day),
    companyId: owner.companyId,
    dimensions: [1],
  });
  const fine = await sql<{ n: number }>`
    select count(*)::int as n from rpt_online_fine
    where company_id = ${owner.companyId} and dt = ${isoDaysAgo(day)}::date`.execute(db());
  return { total: total.data.list, fineRows: fine.rows[0]?.n };
}

const EXACT_DAY = {
  total: [expect.objectContaining({ requestNum: 6006, showNum: 4800, settleAmount: 9 })],
  fineRows: 6,
};

/** Queues a day and claims it at once, as a worker would before running it. */
const claimDay = (day: number, claimId: string) =>
  inTransaction(db(), async (tx): Promise<Claim> => {
    await queueBatch(tx, {
      companyId: owner.companyId,
      kind: "online",
      dt: isoDaysAgo(day),
      publishAfter: false,
      userId: null,
    });
    const claim = await claimBatch(
      tx,
      claimId,
      { companyIds: [owner.companyId], kinds: ["online"], dt: isoDaysAgo(day) },
      LEASE_SECONDS,
    );
    if (!claim) throw new Error("the day was not claimed");
    return claim;
  });

/** A worker process's report scheduler on the app's database and config (queues yesterday, then claims). */
async function startWorker(): Promise<FastifyInstance> {
  const worker = Fastify();
  await worker.register(deps, t.runtime);
  await worker.register(reportScheduler, { intervalSeconds: 3600, firstDelayMs: 0 });
  await worker.ready();
  return worker;
}

/**
 * Another session holds a lock that stops an online calculation at its finest-grain rows, so it is caught
 * mid-way; answers the release.
 */
async function blockCalculations(): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: t.runtime.config.DATABASE_URL });
  await client.connect();
  await client.query("begin");
  await client.query("lock table rpt_online_fine in share mode");
  return async () => {
    await client.query("commit");
    await client.end();
  };
}

/** Whether a calculation waits for the lock of blockCalculations. */
const calculationBlocked = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from pg_locks
      where not granted and relation = 'rpt_online_fine'::regclass`.execute(db())
  ).rows[0]?.n === 1;

describe("a killed calculation", () => {
  it("is taken over and calculated within seconds when its worker died after claiming it", async () => {
    await claimDay(2, "dead-worker");
    const started = Date.now();
    const worker = await startWorker();
    try {
      await waitFor("the takeover", async () => (await batchOf(2))?.status === "calculated", 15_000);
    } finally {
      await worker.close();
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await batchOf(2)).toEqual({ status: "calculated", claim_id: null, attempts: 2 });
    expect(await dayReport(2)).toEqual(EXACT_DAY);
  });

  it.skipIf(!onPostgres)(
    "is taken over when its process was killed (SIGKILL) mid-calculation",
    async () => {
      const release = await blockCalculations();
      let child: ChildProcess | undefined;
      try {
        const server = path.resolve(import.meta.dirname, "..");
        const args = [
          "calculate",
          "--kind",
          "online",
          "--date",
          daysAgo(3),
          "--company-id",
          String(owner.companyId),
        ];
        child = spawn(process.execPath, [path.resolve(server, "src/cli/main.ts"), ...args], {
          cwd: server,
          env: {
            PATH: process.env.PATH,
            DATABASE_URL: t.runtime.config.DATABASE_URL,
            RSA_PRIVATE_KEY: testLoginKeyPem(),
            REPORT_LEASE_SECONDS: String(LEASE_SECONDS),
          },
          stdio: "ignore",
        });
        await waitFor("the CLI's calculation", calculationBlocked, 60_000);
        const exited = new Promise((resolve) => child?.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
      } finally {
        child?.kill("SIGKILL");
        await release();
      }
      expect(await batchOf(3)).toMatchObject({ status: "calculating", attempts: 1 });
      const started = Date.now();
      const worker = await startWorker();
      try {
        await waitFor("the takeover", async () => (await batchOf(3))?.status === "calculated", 15_000);
      } finally {
        await worker.close();
      }
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(await batchOf(3)).toEqual({ status: "calculated", claim_id: null, attempts: 2 });
      expect(await dayReport(3)).toEqual(EXACT_DAY);
    },
    90_000,
  );

  it.skipIf(!onPostgres)("is not taken over while it runs and renews its lease", async () => {
    const release = await blockCalculations();
    let running: Promise<string> | undefined;
    const worker = await startWorker();
    try {
      const claim = await claimDay(4, "live-worker");
      running = runClaim(db(), claim, settings);
      await waitFor("the calculation", calculationBlocked, 10_000);
      // Three leases long, with the scheduler claiming several times a lease.
      await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_SECONDS * 1000));
      expect(await batchOf(4)).toEqual({ status: "calculating", claim_id: "live-worker", attempts: 1 });
    } finally {
      await release();
      await running;
      await worker.close();
    }
    expect(await running).toBe("calculated");
    expect(await batchOf(4)).toEqual({ status: "calculated", claim_id: null, attempts: 1 });
    expect(await dayReport(4)).toEqual(EXACT_DAY);
  });
});

describe.skipIf(!onPostgres)("a recalculation queued while a calculation runs", () => {
  it("wins: the running calculation rolls back and the day's rows are there once", async () => {
    const day = 5;
    expect((await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId)).code).toBe(
      Code.Ok,
    );
    const release = await blockCalculations();
    let first: Promise<string> | undefined;
    let recalculation: ReturnType<typeof manage> | undefined;
    try {
      first = runClaim(db(), await claimDay(day, "first"), settings);
      await waitFor("the first calculation", calculationBlocked, 10_000);
      recalculation = manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId);
      await waitFor(
        "the recalculation's claim",
        async () => {
          const batch = await batchOf(day);
          return batch?.status === "calculating" && batch.claim_id !== "first";
        },
        10_000,
      );
    } finally {
      await release();
    }
    expect(await first).toBe("superseded");
    const answer = await recalculation;
    // a recalculation redoes both kinds of the day: the affiliate batch, with no data, is named too
    expect(answer?.data.batches).toEqual([
      expect.objectContaining({
        kind: "online",
        status: "calculated",
        stale: false,
        row_count: 6,
        reason: null,
      }),
      expect.objectContaining({ kind: "offline", status: "calculated", row_count: 0 }),
    ]);
    expect(await batchOf(day)).toEqual({ status: "calculated", claim_id: null, attempts: 3 });
    expect(await dayReport(day)).toEqual(EXACT_DAY);
  });
});
