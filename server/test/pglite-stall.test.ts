/**
 * The embedded database stalls nothing for long (docs/performance.md): while a big day is calculated,
 * a small request repeated every 50 ms is answered promptly and the event loop never stalls (PGlite runs in
 * its worker thread; the calculation holds its one session a slice at a time), and the sliced calculation
 * answers exactly what the one-transaction calculation does. PGlite only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { COUNTRY_KEYS, Code } from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildReport } from "../src/modules/reports/pipeline/calculate.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, otherPublisher, type Publisher } from "./support/publisher.ts";
import { bulkPlacements, daysAgo, isoDaysAgo, manage, operatorAdmin, report } from "./support/reports.ts";

/** 60 apps × 4 placements × 40 countries × 24 hours: ~230k raw rows, seconds of calculation in one go. */
const APPS = 60;
/** A popular app's one hot key (placement × country × hour) appended this many times more. */
const HOT_KEY_ROWS = 1_000_000;
const COUNTRIES = COUNTRY_KEYS.filter((key) => /^[A-Z]{2}$/.test(key)).slice(0, 40);
const DAY = 2;

describe.skipIf(Boolean(process.env.DATABASE_URL))("a big day's calculation on PGlite", () => {
  let t: TestApp;
  let dataDir: string;
  let owner: Publisher;
  let operator: Publisher;
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    // On disk: PGlite loads bulk rows far faster there than in memory (docs/performance.md).
    dataDir = mkdtempSync(path.join(tmpdir(), "pc-stall-"));
    t = await startTestApp({ LOG_LEVEL: "error", DATA_DIR: dataDir });
    owner = await otherPublisher(db(), "Stall Co");
    operator = await operatorAdmin(db());
    await bulkPlacements(db(), owner.companyId, APPS, "stall");
    // Appended as ingest appends them: the calculation folds them first.
    await sql`
      insert into sdk_event_raw
        (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select p.company_id, ${isoDaysAgo(DAY)}::timestamptz + make_interval(hours => h), p.id, c.country,
        p.app_id, p.ad_style, 1000 + h, 800 + (p.id % 7), 600 + h, 10 + (p.id % 3), round((p.id % 11 + h) / 8.0, 6)
      from ad_position p
      cross join unnest(${COUNTRIES}::text[]) as c(country)
      cross join generate_series(0, 23) as h
      where p.company_id = ${owner.companyId}`.execute(db());
    await sql`
      insert into sdk_event_raw
        (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select p.company_id, ${isoDaysAgo(DAY)}::timestamptz, p.id, ${COUNTRIES[0]}, p.app_id, p.ad_style, 1, 1, 1, 0, 0.000001
      from (select * from ad_position where company_id = ${owner.companyId} order by id limit 1) as p
      cross join generate_series(1, ${HOT_KEY_ROWS})`.execute(db());
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The day through the endpoints as the operator: its total and its groupings (date-less ones read spans). */
  async function dayReport() {
    const range = { startDate: daysAgo(DAY), endDate: daysAgo(DAY), companyId: owner.companyId };
    const answers: unknown[] = [];
    for (const dimensions of [[1], [2], [3], [4], [5], [1, 3, 4, 5]]) {
      const answer = await report(t.app, operator, "/v1/online/ssp", {
        ...range,
        dimensions,
        pageSize: 1000,
      });
      expect(answer.code, answer.msg).toBe(Code.Ok);
      answers.push(answer.data);
    }
    const summary = await report(t.app, operator, "/v1/online/summary", { ...range, dimensions: [1] });
    expect(summary.code, summary.msg).toBe(Code.Ok);
    return [...answers, summary.data];
  }

  it("answers a small request every 50 ms promptly, without event-loop stalls, and the same report", async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    let done = false;
    const calculation = manage(t.app, operator, "online", "calculate", daysAgo(DAY), owner.companyId).finally(
      () => {
        done = true;
      },
    );
    const latencies: number[] = [];
    while (!done) {
      const started = performance.now();
      const answer = await callAs(t.app, owner, {
        method: "GET",
        url: "/v1/app/list?pageIndex=1&pageSize=20",
      });
      latencies.push(performance.now() - started);
      expect(answer.code, answer.msg).toBe(Code.Ok);
      await sleep(50);
    }
    delay.disable();
    const calculated = await calculation;
    expect(calculated.code, calculated.msg).toBe(Code.Ok);
    expect(calculated.data.batches[0]?.status).toMatch(/^(calculated|published)$/);
    expect(calculated.data.batches[0]?.row_count).toBe(APPS * 4 * COUNTRIES.length);

    const stallMs = delay.max / 1e6;
    const slowest = Math.max(...latencies);
    const median = [...latencies].sort((a, b) => a - b)[Math.floor(latencies.length / 2)] ?? Number.NaN;
    console.log(
      `stall test: ${latencies.length} small requests, median ${median.toFixed(0)} ms, slowest ${slowest.toFixed(0)} ms, longest event-loop stall ${stallMs.toFixed(0)} ms`,
    );
    // The old code stalled 1.3 s and answered in ~1 s. The test file vitest runs beside this one shares the two
    // cores, so one request may wait for a slice and a neighbour's burst: the median tells, the slowest is logged.
    expect(stallMs).toBeLessThan(500);
    expect(median).toBeLessThan(750);
    // Folding the ~230k appended rows in one statement held the session about 4 s; folding the hot key's
    // 1M rows of one hour at once (a slice per run of hours) 5.4 s; 4,000 rows a fold: 0.6 s alone, 1.5 s beside
    // the rest of the suite.
    expect(slowest).toBeLessThan(3000);
    expect(latencies.length).toBeGreaterThan(5);

    const sliced = await dayReport();
    await db()
      .transaction()
      .execute((tx) =>
        rebuildReport(tx, "online", owner.companyId, { from: isoDaysAgo(DAY), to: isoDaysAgo(DAY) }, "UTC"),
      );
    expect(sliced).toEqual(await dayReport());
  }, 120_000);
});
