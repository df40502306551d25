/**
 * `npm run bench` (DESIGN §9): generates a large publisher (placements × 40 countries × 90 days of SDK data,
 * beside nine smaller companies, and affiliate data of similar size), calculates every day through the real
 * pipeline, then measures the report endpoints (p50/p95 through the real app), the longest event-loop stall
 * while they run, and the CSV export (rows/s, peak memory), on PostgreSQL and on PGlite, and prints ratios.
 *
 * Scale: BENCH_SCALE (default 0.1 = 50 placements, ~180k daily rows; 1 = DESIGN's 500 placements, ~1.8M).
 * BENCH_DB = both | postgres | pglite (default both when PostgreSQL answers). BENCH_RUNS = runs per query.
 * PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (a database is created for the run and dropped after),
 * else postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { addReportDays, COUNTRY_KEYS, reportDateToIso, todayInTimeZone } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { buildApp } from "../server/src/app.ts";
import { prepareRuntime, type Runtime } from "../server/src/bootstrap.ts";
import { loadConfig } from "../server/src/config.ts";
import { md5Hex } from "../server/src/lib/passwords.ts";
import { issueToken } from "../server/src/modules/passport/tokens.ts";
import { exportReport } from "../server/src/modules/reports/export.ts";
import { runQueue } from "../server/src/modules/reports/service.ts";
import { createCompany } from "../server/src/modules/tenancy/service.ts";

const SCALE = Number(process.env.BENCH_SCALE ?? "0.1");
const RUNS = Number(process.env.BENCH_RUNS ?? "7");
const DAYS = 90;
const COUNTRIES = COUNTRY_KEYS.filter((key) => /^[A-Z]{2}$/.test(key)).slice(0, 40);
const BIG_PLACEMENTS = Math.max(4, Math.round((500 * SCALE) / 4) * 4);
const SMALL_PLACEMENTS = Math.max(4, Math.round(BIG_PLACEMENTS / 10 / 4) * 4);
const SMALL_COUNTRIES = 10;
/** Affiliate: sub-channels × offers × countries a day, about the SDK's size. */
const SUBS = Math.max(2, Math.round(20 * Math.sqrt(SCALE)));
const OFFERS = Math.max(2, Math.round(25 * Math.sqrt(SCALE)));
const AFF_COUNTRIES = 40;
const TZ = "UTC";

const today = todayInTimeZone(TZ);
const first = addReportDays(today, -DAYS);
const last = addReportDays(today, -1);

type Row = Record<string, string | number>;
const results: { db: string; rows: Row[] }[] = [];

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function generate(runtime: Runtime, log: (text: string) => void) {
  const { db } = runtime.database;
  const passwordMd5 = md5Hex("Bench12345");
  await createCompany(db, {
    name: "Bench Operator",
    hosts: [],
    isOperator: true,
    admin: { email: `op-${randomBytes(4).toString("hex")}@bench.test`, userName: "Operator", passwordMd5 },
  });
  const companies: { id: number; userId: number; placements: number; countries: number }[] = [];
  for (let index = 0; index < 10; index++) {
    const made = await createCompany(db, {
      name: index === 0 ? "Big Publisher" : `Small Publisher ${index}`,
      hosts: [],
      isOperator: false,
      admin: {
        email: `admin-${index}-${randomBytes(4).toString("hex")}@bench.test`,
        userName: "Admin",
        passwordMd5,
      },
    });
    companies.push({
      id: made.company_id,
      userId: made.user_id,
      placements: index === 0 ? BIG_PLACEMENTS : SMALL_PLACEMENTS,
      countries: index === 0 ? COUNTRIES.length : SMALL_COUNTRIES,
    });
  }
  const [, rawSeconds] = await timed(async () => {
    for (const company of companies) {
      await sql`
        insert into app (company_id, name, pkg, url, app_key, sdk_secret)
        select ${company.id}, 'Bench App ' || g, 'com.bench.app' || g, 'https://bench.test',
          md5('key-' || ${company.id} || '-' || g), 'secret'
        from generate_series(1, ${company.placements / 4}) as g`.execute(db);
      await sql`
        insert into ad_position (company_id, app_id, name, ad_style, content_type)
        select a.company_id, a.id, 'Slot ' || a.id || '-' || s, s,
          (case s when 1 then '{5,6}' when 3 then '{3,4}' else '{1,2}' end)::smallint[]
        from app a cross join generate_series(1, 4) as s where a.company_id = ${company.id}`.execute(db);
      const countries = COUNTRIES.slice(0, company.countries);
      // One report a day per placement and country (the daily table is what is measured), ten days a statement.
      for (let start = 0; start < DAYS; start += 10) {
        const from = reportDateToIso(addReportDays(first, start));
        const to = reportDateToIso(addReportDays(first, Math.min(DAYS, start + 10) - 1));
        await sql`
          insert into sdk_event_hourly
            (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
          select p.company_id, d.day + interval '12 hours', p.id, c.country, p.app_id, p.ad_style,
            v.request, v.fill, v.show, v.click, round(v.show * (0.3 + p.ad_style * 1.7) * v.f / 1000, 6)
          from ad_position p
          cross join unnest(${countries}::text[]) as c(country)
          cross join generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 day') as d(day)
          cross join lateral (select (abs(hashtext(p.id || c.country || d.day::text)) % 1000) / 1000.0 as f) as h
          cross join lateral (
            select floor(1000 + 9000 * h.f)::bigint as request, floor((1000 + 9000 * h.f) * 0.8)::bigint as fill,
              floor((1000 + 9000 * h.f) * 0.6)::bigint as show, floor((1000 + 9000 * h.f) * 0.01)::bigint as click,
              h.f
          ) as v
          where p.company_id = ${company.id}`.execute(db);
      }
      const subs = company === companies[0] ? SUBS : Math.max(2, Math.round(SUBS / 3));
      const offers = company === companies[0] ? OFFERS : Math.max(2, Math.round(OFFERS / 3));
      const affCountries = company === companies[0] ? AFF_COUNTRIES : SMALL_COUNTRIES;
      await sql`
        insert into affiliate_stat
          (company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)
        select ${company.id}, d.dt, 'sub_' || s, 'OF-' || o, 'com.offer.p' || o, c.country,
          v.click, v.click / 20, v.click / 200, round(v.click * 0.05, 6), round(v.click * 0.04, 6)
        from generate_series(${reportDateToIso(first)}::date, ${reportDateToIso(last)}::date, interval '1 day') as d(dt)
        cross join generate_series(1, ${subs}) as s
        cross join generate_series(1, ${offers}) as o
        cross join unnest(${COUNTRIES.slice(0, affCountries)}::text[]) as c(country)
        cross join lateral (
          select floor(100 + 900 * ((abs(hashtext(s || '-' || o || c.country || d.dt::text)) % 1000) / 1000.0))::bigint
            as click
        ) as v`.execute(db);
    }
  });
  const counts = await sql<{ sdk: number; aff: number }>`
    select (select count(*)::int from sdk_event_hourly) as sdk, (select count(*)::int from affiliate_stat) as aff`.execute(
    db,
  );
  log(
    `  generated ${counts.rows[0]?.sdk} SDK rows and ${counts.rows[0]?.aff} affiliate rows in ${(rawSeconds / 1000).toFixed(1)} s`,
  );

  await sql`
    insert into report_batch (company_id, kind, dt, status, queued)
    select c.id, k.kind, d.dt::date, 'pending', true
    from company c cross join (values ('online'), ('offline')) as k(kind)
    cross join generate_series(${reportDateToIso(first)}::date, ${reportDateToIso(last)}::date, interval '1 day') as d(dt)
    where not c.is_operator`.execute(db);
  const [ran, calcMs] = await timed(() =>
    runQueue(db, { companyIds: null, kinds: null, dt: null }, TZ, 100_000),
  );
  await sql`update report_batch set status = 'published', publish_time = now()`.execute(db);
  // The steady state of a database whose tables autovacuum has analyzed.
  await sql`analyze`.execute(db);
  const fine = await sql<{ n: number }>`
    select count(*)::int as n from rpt_online_fine where company_id = ${companies[0]?.id ?? 0}`.execute(db);
  log(
    `  calculated ${ran} batches in ${(calcMs / 1000).toFixed(1)} s (${ms(calcMs / ran)} a batch); big publisher: ${fine.rows[0]?.n} daily SDK rows`,
  );
  const big = companies[0];
  if (!big) throw new Error("no company");
  return { big, calcPerBatch: calcMs / ran, fineRows: fine.rows[0]?.n ?? 0 };
}

async function measure(app: FastifyInstance, token: string, body: Record<string, unknown>, path: string) {
  const times: number[] = [];
  let answer: unknown;
  for (let run = 0; run < RUNS + 1; run++) {
    const [response, took] = await timed(() =>
      app.inject({ method: "POST", url: path, headers: { token, lang: "en" }, payload: body }),
    );
    const parsed = response.json<{ code: number; msg: string }>();
    if (parsed.code !== 200) throw new Error(`${path}: ${parsed.code} ${parsed.msg}`);
    answer = parsed;
    if (run > 0) times.push(took);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), answer };
}

async function benchDatabase(kind: "postgres" | "pglite", databaseUrl: string | undefined) {
  const log = (text: string) => console.log(`[${kind}] ${text}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-bench-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DEMO_SEED: "false",
    REPORT_TZ: TZ,
    EXPORT_MAX_ROWS: "100000000",
    REPORT_SCHEDULE_SECONDS: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const runtime = await prepareRuntime(config);
  try {
    const { big, calcPerBatch, fineRows } = await generate(runtime, log);
    const app = await buildApp(runtime);
    await app.ready();
    const token = await issueToken(runtime.database.db, big.id, big.userId);
    const range = { startDate: first, endDate: last };
    const queries: [string, string, Record<string, unknown>][] = [
      [
        "SDK default dimensions, page 1",
        "/v1/online/ssp",
        { ...range, dimensions: [1, 3, 4, 5], pageSize: 10 },
      ],
      [
        "SDK revenue-ordered page",
        "/v1/online/ssp",
        { ...range, dimensions: [1, 3, 4, 5], orderBy: "settleAmount" },
      ],
      ["SDK trend by day", "/v1/online/ssp", { ...range, dimensions: [1], pageSize: 100 }],
      ["SDK summary (total + days)", "/v1/online/summary", { ...range, dimensions: [1, 3, 4, 5] }],
      ["SDK by placement × country, no date", "/v1/online/ssp", { ...range, dimensions: [3, 4] }],
      ["SDK by app, filtered by country", "/v1/online/ssp", { ...range, dimensions: [2], country: "US" }],
      ["Affiliate default dimensions, page 1", "/v1/offline/ssp", { ...range, dimensions: [1, 3, 4, 5] }],
      ["Affiliate summary", "/v1/offline/summary", { ...range, dimensions: [1, 3, 4, 5] }],
    ];
    const rows: Row[] = [];
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    for (const [name, path, body] of queries) {
      const { p50, p95 } = await measure(app, token, body, path);
      rows.push({ measure: name, p50: ms(p50), p95: ms(p95) });
      log(`  ${name}: p50 ${ms(p50)}, p95 ${ms(p95)}`);
    }
    delay.disable();
    const stall = delay.max / 1e6;
    rows.push({ measure: "longest event-loop stall during the queries", p50: ms(stall), p95: "" });
    log(`  longest event-loop stall: ${ms(stall)}`);

    // Export: every row of the default dimensions over 90 days.
    const exportQuery = {
      ...range,
      companyId: null,
      appName: null,
      adId: null,
      addId: null,
      adStyle: null,
      country: null,
      dimensions: [1, 3, 4, 5] as (1 | 3 | 4 | 5)[],
      pageIndex: 1,
      pageSize: 10,
      orderBy: null,
      order: null,
      metrics: null,
    };
    const methods: ("copy" | "paged")[] = kind === "postgres" ? ["copy", "paged"] : ["paged"];
    for (const method of methods) {
      global.gc?.();
      const baseline = process.memoryUsage().rss;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().rss);
      }, 20);
      const exportDelay = monitorEventLoopDelay({ resolution: 10 });
      exportDelay.enable();
      const [bytes, took] = await timed(async () => {
        const file = await exportReport(runtime.database, {
          kind: "online",
          viewer: { companyId: big.id, seesAll: false },
          query: exportQuery,
          lang: "en",
          timeZone: TZ,
          maxRows: 100_000_000,
          method,
        });
        let size = 0;
        for await (const chunk of file.body) size += (chunk as Buffer).length;
        return { size, rows: file.rows };
      });
      exportDelay.disable();
      clearInterval(sampler);
      const rate = bytes.rows / (took / 1000);
      const label = method === "copy" ? "export via COPY" : "export via key-ordered pages + csv-stringify";
      rows.push({
        measure: `${label}: ${bytes.rows} rows`,
        p50: `${Math.round(rate)} rows/s`,
        p95: `peak +${((peak - baseline) / 1048576).toFixed(0)} MB, stall ${ms(exportDelay.max / 1e6)}`,
      });
      log(
        `  ${label}: ${bytes.rows} rows, ${(bytes.size / 1048576).toFixed(1)} MB in ${ms(took)} = ${Math.round(rate)} rows/s, peak RSS +${((peak - baseline) / 1048576).toFixed(0)} MB`,
      );
    }
    rows.push({
      measure: "calculation of one company-day (mean over every batch)",
      p50: ms(calcPerBatch),
      p95: "",
    });
    rows.push({ measure: "big publisher's daily SDK rows (finest grain)", p50: String(fineRows), p95: "" });
    results.push({ db: kind, rows });
    await app.close();
  } finally {
    if (kind === "pglite") rmSync(dataDir, { recursive: true, force: true });
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `pc_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function main() {
  const which = process.env.BENCH_DB ?? "both";
  console.log(
    `Bench: scale ${SCALE} — big publisher ${BIG_PLACEMENTS} placements × ${COUNTRIES.length} countries × ${DAYS} days, ` +
      `9 publishers of ${SMALL_PLACEMENTS} × ${SMALL_COUNTRIES}; affiliate ${SUBS} sub-channels × ${OFFERS} offers × ${AFF_COUNTRIES} countries a day; ${RUNS} runs per query\n`,
  );
  if (which !== "pglite") {
    const target = await postgresUrl();
    if (target) {
      try {
        await benchDatabase("postgres", target.url);
      } finally {
        if (process.env.BENCH_KEEP) console.log(`kept ${target.url}`);
        else await target.drop();
      }
    } else console.log("PostgreSQL does not answer: skipped");
  }
  if (which !== "postgres") await benchDatabase("pglite", undefined);

  console.log("\nResults");
  const measures = [...new Set(results.flatMap((result) => result.rows.map((row) => String(row.measure))))];
  const table = measures.map((measure) => {
    const line: Record<string, string> = { measure };
    for (const result of results) {
      const row = result.rows.find((r) => r.measure === measure);
      line[`${result.db} p50`] = String(row?.p50 ?? "");
      line[`${result.db} p95`] = String(row?.p95 ?? "");
    }
    const pg50 = Number.parseFloat(line["postgres p50"] ?? "");
    const lite50 = Number.parseFloat(line["pglite p50"] ?? "");
    if (line["postgres p50"]?.endsWith("ms") && line["pglite p50"]?.endsWith("ms") && pg50 > 0) {
      line["pglite / postgres"] = `${(lite50 / pg50).toFixed(1)}x`;
    }
    return line;
  });
  console.table(table);
  console.log(
    "Budgets (DESIGN §9): report calls within 2x of DuckDB on PostgreSQL (DuckDB not run here); no PGlite stall over 100 ms; export ≥ half of COPY's rows/s with flat memory.",
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
