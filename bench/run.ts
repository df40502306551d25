/**
 * `npm run bench` (docs/performance.md): on PostgreSQL and on PGlite, generates a large publisher beside nine
 * smaller ones (generate.ts), calculates every day through the real pipeline, then measures the report
 * endpoints (p50/p95 and the longest event-loop stall of each, through the real app) next to DuckDB answering
 * the same question over the same rows (duckdb.ts), the CSV export (rows/s, peak memory) next to PostgreSQL's
 * own COPY, the list endpoints' throughput at 50 connections next to bare routes with their round trips
 * (throughput.ts), on PGlite the app list's latency and the event-loop stall while a big day is calculated
 * and a large export runs (stall.ts), SDK ingest by 64 concurrent clients on one app's hot keys next to a
 * bare multi-row INSERT of the same rows (ingest.ts), the reporting API's CSV next to the console's export
 * over HTTP (report-api.ts), and the web's initial JavaScript (web-size.ts); prints one table with the ratios
 * and the budgets.
 *
 * BENCH_SCALE (see generate.ts), BENCH_DB = both | postgres | pglite (default both when PostgreSQL answers),
 * BENCH_RUNS = runs per query (default 7), BENCH_LOAD_SECONDS = seconds of each load test (default 5),
 * BENCH_ONLY = the parts to run, comma-separated (reports, export, lists, csv, ingest, stalls, web; default all).
 * PostgreSQL: BENCH_DATABASE_URL or DATABASE_URL (a database is created for the run and dropped after),
 * else postgres://postgres@127.0.0.1:5432/postgres. BENCH_CITUS_URL, a Citus coordinator: the same
 * measures on the cluster too, in a column beside plain PostgreSQL's (docs/citus.md#the-hot-tenant).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onlineReportQuery } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../server/src/app.ts";
import { prepareRuntime } from "../server/src/bootstrap.ts";
import { loadConfig } from "../server/src/config.ts";
import { issueToken } from "../server/src/modules/identity/sessions.ts";
import { exportReport } from "../server/src/modules/reports/query/export.ts";
import { createDatabase } from "../server/test/support/database.ts";
import { askDuckDb, type DuckMirror, type DuckQuestion, duckStatements, mirrorToDuckDb } from "./duckdb.ts";
import { first, generate, last, scaleText, TZ } from "./generate.ts";
import { measureIngest } from "./ingest.ts";
import { ms, percentile, timed, watchingStalls } from "./measure.ts";
import { measureReportApiCsv } from "./report-api.ts";
import { measureStalls } from "./stall.ts";
import { LIST_ENDPOINTS, measureThroughput } from "./throughput.ts";
import { measureInitialJs } from "./web-size.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? "7");
/** The parts BENCH_ONLY names (comma-separated), or every part when it is unset. */
const ONLY = process.env.BENCH_ONLY?.split(",").map((part) => part.trim());
type Part = "reports" | "export" | "lists" | "csv" | "ingest" | "stalls" | "web";
const runs = (part: Part) => !ONLY || ONLY.includes(part);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? "5");
const range = { startDate: first, endDate: last };
const DEFAULT_DIMS = [1, 3, 4, 5];

interface ReportQuestion {
  name: string;
  path: string;
  body: Record<string, unknown>;
  duck: DuckQuestion;
}

const QUESTIONS: ReportQuestion[] = [
  {
    name: "SDK default dimensions, page 1",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: DEFAULT_DIMS, pageSize: 10 },
    duck: { table: "online_fine", groupBy: ["dt", "ad_position_id", "country", "ad_style"] },
  },
  {
    name: "SDK revenue-ordered page",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: DEFAULT_DIMS, orderBy: "settleAmount", pageSize: 10 },
    duck: {
      table: "online_fine",
      groupBy: ["dt", "ad_position_id", "country", "ad_style"],
      orderBy: "sum(revenue) desc, dt desc, ad_position_id, country, ad_style",
    },
  },
  {
    name: "SDK trend by day",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: [1], pageSize: 100 },
    duck: { table: "online_fine", groupBy: ["dt"], limit: 100 },
  },
  {
    name: "SDK summary (total + days)",
    path: "/v1/online/summary",
    body: { ...range, dimensions: DEFAULT_DIMS },
    duck: { table: "online_fine", groupBy: [] },
  },
  {
    name: "SDK by placement × country, no date",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: [3, 4], pageSize: 10 },
    duck: { table: "online_fine", groupBy: ["ad_position_id", "country"] },
  },
  {
    name: "SDK by app, filtered by country",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: [2], country: "US", pageSize: 10 },
    duck: { table: "online_fine", groupBy: ["app_id"], where: "country = 'US'" },
  },
  {
    name: "SDK sorted by a dimension (country)",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: DEFAULT_DIMS, orderBy: "country", order: "asc", pageSize: 10 },
    duck: {
      table: "online_fine",
      groupBy: ["dt", "ad_position_id", "country", "ad_style"],
      orderBy: "country, dt desc, ad_position_id, ad_style",
    },
  },
  {
    name: "SDK by app, any of three countries",
    path: "/v1/online/ssp",
    body: { ...range, dimensions: [2], country: ["US", "BR", "DE"], pageSize: 10 },
    duck: { table: "online_fine", groupBy: ["app_id"], where: "country in ('US', 'BR', 'DE')" },
  },
  {
    name: "Affiliate default dimensions, page 1",
    path: "/v1/offline/ssp",
    body: { ...range, dimensions: DEFAULT_DIMS, pageSize: 10 },
    duck: { table: "offline_fine", groupBy: ["dt", "offer_id", "pkg_name", "country"] },
  },
  {
    name: "Affiliate summary",
    path: "/v1/offline/summary",
    body: { ...range, dimensions: DEFAULT_DIMS },
    duck: { table: "offline_fine", groupBy: [] },
  },
];

type DbKind = "postgres" | "citus" | "pglite";

/** One line of the final table: a measure, then each database's cells. */
interface Line {
  measure: string;
  cells: Partial<Record<DbKind, { value: string; p95?: string; stall?: string; ratio?: string }>>;
  duck?: string;
}

const lines = new Map<string, Line>();
const line = (measure: string): Line => {
  const found = lines.get(measure) ?? { measure, cells: {} };
  lines.set(measure, found);
  return found;
};

/** DuckDB's p50 per question, measured once on the first database's rows. */
const duckTimes = new Map<string, number>();

async function measureDuckDb(mirror: DuckMirror, companyId: number) {
  for (const question of QUESTIONS) {
    const statements = duckStatements(question.duck, { companyId, start: first, end: last });
    const times: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const took = await askDuckDb(mirror.connection, statements);
      if (run > 0) times.push(took);
    }
    const p50 = percentile(times, 50);
    duckTimes.set(question.name, p50);
    line(question.name).duck = ms(p50);
  }
}

async function measureEndpoint(app: FastifyInstance, token: string, question: ReportQuestion) {
  const times: number[] = [];
  const [, stall] = await watchingStalls(async () => {
    for (let run = 0; run < RUNS + 1; run++) {
      const [response, took] = await timed(() =>
        app.inject({
          method: "POST",
          url: question.path,
          headers: { token, lang: "en" },
          payload: question.body,
        }),
      );
      const parsed = response.json<{ code: number; msg: string }>();
      if (parsed.code !== 200) throw new Error(`${question.path}: ${parsed.code} ${parsed.msg}`);
      if (run > 0) times.push(took);
    }
  });
  return { p50: percentile(times, 50), p95: percentile(times, 95), stall };
}

async function measureExports(
  kind: DbKind,
  runtime: Awaited<ReturnType<typeof prepareRuntime>>,
  companyId: number,
  log: (text: string) => void,
) {
  const query = onlineReportQuery.parse({ ...range, dimensions: DEFAULT_DIMS });
  const methods: ("copy" | "paged")[] = kind === "pglite" ? ["paged"] : ["copy", "paged"];
  for (const method of methods) {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const [[file, took], stall] = await watchingStalls(() =>
      timed(async () => {
        const answer = await exportReport(runtime.database, {
          kind: "online",
          viewer: { companyId, seesAll: false },
          query,
          lang: "en",
          timeZone: TZ,
          maxRows: 100_000_000,
          method,
        });
        let bytes = 0;
        for await (const chunk of answer.body) bytes += (chunk as Buffer).length;
        return { bytes, rows: answer.rows };
      }),
    );
    clearInterval(sampler);
    const rate = file.rows / (took / 1000);
    const grown = (peak - baseline) / 1048576;
    const label = method === "copy" ? "SDK export via COPY" : "SDK export via key-ordered pages";
    line(label).cells[kind] = {
      value: `${Math.round(rate)} rows/s`,
      p95: `${file.rows} rows, +${grown.toFixed(0)} MB`,
      stall: ms(stall),
    };
    log(
      `  ${label}: ${file.rows} rows, ${(file.bytes / 1048576).toFixed(1)} MB in ${ms(took)} = ${Math.round(rate)} rows/s, peak RSS +${grown.toFixed(0)} MB`,
    );
  }
}

let mirror: DuckMirror | null = null;
let mirroredCompany: number | null = null;

async function benchDatabase(kind: DbKind, databaseUrl: string | undefined) {
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
  const app = await buildApp(runtime);
  try {
    const { big, calcPerBatch, fineRows } = await generate(runtime, log);
    if (runs("reports") && mirroredCompany !== big.id) {
      mirror?.close();
      const [made, took] = await timed(() => mirrorToDuckDb(runtime.database.db));
      mirror = made;
      mirroredCompany = big.id;
      log(`  copied ${made.rows} finest-grain rows into DuckDB in ${(took / 1000).toFixed(1)} s`);
      await measureDuckDb(made, big.id);
    }
    await app.ready();
    const token = await issueToken(runtime.database.db, big.id, big.userId);
    if (runs("reports")) {
      let longest = 0;
      for (const question of QUESTIONS) {
        const { p50, p95, stall } = await measureEndpoint(app, token, question);
        longest = Math.max(longest, stall);
        const duck = duckTimes.get(question.name) ?? Number.NaN;
        line(question.name).cells[kind] = {
          value: ms(p50),
          p95: ms(p95),
          stall: ms(stall),
          ratio: `${(p50 / duck).toFixed(2)}x`,
        };
        log(`  ${question.name}: p50 ${ms(p50)}, p95 ${ms(p95)}, stall ${ms(stall)}, DuckDB ${ms(duck)}`);
      }
      line("longest event-loop stall during the report calls").cells[kind] = { value: ms(longest) };
    }

    if (runs("export")) await measureExports(kind, runtime, big.id, log);

    const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
    if (runs("lists")) {
      for (const endpoint of LIST_ENDPOINTS) {
        const check = await app.inject({ method: "GET", url: endpoint.path, headers: { token } });
        if (check.json<{ code: number }>().code !== 200) throw new Error(`${endpoint.path}: ${check.body}`);
      }
      for (const { name, list, bare } of await measureThroughput(
        baseUrl,
        runtime.database.db,
        big.id,
        token,
        LOAD_SECONDS,
      )) {
        line(`${name} at 50 connections`).cells[kind] = {
          value: `${Math.round(list.requestsPerSecond)} req/s`,
          p95: `p50 ${list.p50Ms} ms, ${list.failures} failed`,
          ratio: `${((100 * list.requestsPerSecond) / bare.requestsPerSecond).toFixed(0)} % of bare`,
        };
        line(`bare route, the ${name}'s round trips`).cells[kind] = {
          value: `${Math.round(bare.requestsPerSecond)} req/s`,
          p95: `p50 ${bare.p50Ms} ms`,
        };
        log(
          `  ${name} ${Math.round(list.requestsPerSecond)} req/s, bare ${Math.round(bare.requestsPerSecond)} req/s`,
        );
      }
    }

    if (runs("csv")) {
      const csv = await measureReportApiCsv(
        baseUrl,
        runtime.database.db,
        big,
        token,
        { ...range, dimensions: DEFAULT_DIMS },
        TZ,
      );
      for (const [label, rate] of [
        ["SDK CSV over HTTP: console export (session)", csv.console],
        ["SDK CSV over HTTP: reporting API (key)", csv.api],
      ] as const) {
        line(label).cells[kind] = {
          value: `${Math.round(rate.rowsPerSecond)} rows/s`,
          p95: `${rate.rows} rows, ${rate.megabytesPerSecond.toFixed(1)} MB/s`,
          ratio: `${((100 * rate.rowsPerSecond) / csv.console.rowsPerSecond).toFixed(0)} % of the console's`,
        };
        log(
          `  ${label}: ${rate.rows} rows, ${(rate.bytes / 1048576).toFixed(1)} MB in ${ms(rate.ms)} = ${Math.round(rate.rowsPerSecond)} rows/s`,
        );
      }
    }

    if (runs("ingest")) {
      const ingest = await measureIngest(baseUrl, runtime, big.id, LOAD_SECONDS);
      const ingestLabel = `SDK ingest, ${ingest.clients} clients × ${ingest.eventsPerBatch}-event batches, hot keys`;
      line(ingestLabel).cells[kind] = {
        value: `${Math.round(ingest.sdk.eventsPerSecond)} events/s`,
        p95: `p50 ${ms(ingest.sdk.p50Ms)}, p99 ${ms(ingest.sdk.p99Ms)}, ${ingest.sdk.faults} faults, ${ingest.sdk.busy} busy`,
        ratio: `${((100 * ingest.sdk.eventsPerSecond) / ingest.bare.eventsPerSecond).toFixed(0)} % of bare`,
      };
      line("bare multi-row INSERT of the same rows").cells[kind] = {
        value: `${Math.round(ingest.bare.eventsPerSecond)} events/s`,
        p95: `p50 ${ms(ingest.bare.p50Ms)}, p99 ${ms(ingest.bare.p99Ms)}`,
      };
      log(
        `  ingest ${Math.round(ingest.sdk.eventsPerSecond)} events/s (${ingest.sdk.faults} faults, ${ingest.sdk.busy} busy), bare INSERT ${Math.round(ingest.bare.eventsPerSecond)} events/s`,
      );
    }
    if (kind === "pglite" && runs("stalls")) {
      for (const result of await measureStalls(runtime, app, token, big.id, log)) {
        line(`app list every 50 ms during the ${result.name}`).cells[kind] = {
          value: `p50 ${ms(result.p50)}`,
          p95: `max ${ms(result.max)}, ${result.requests} calls in ${ms(result.workMs)}`,
          stall: ms(result.stall),
        };
      }
    }

    line("calculation of one company-day (mean over every batch)").cells[kind] = { value: ms(calcPerBatch) };
    line("big publisher's daily SDK rows (finest grain)").cells[kind] = { value: String(fineRows) };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Benchmarks one server's (or cluster's) database, made for the run and dropped after unless BENCH_KEEP. */
async function benchServer(kind: "postgres" | "citus", base: string, kinds: DbKind[]) {
  const target = await createDatabase(base, { prefix: "pc_bench" }).catch((error: unknown) => {
    console.log(`${kind} at ${base}: ${error instanceof Error ? error.message : String(error)}: skipped`);
    return null;
  });
  if (!target) return;
  if (target.citus !== (kind === "citus"))
    throw new Error(`${base} is ${target.citus ? "" : "not "}a Citus coordinator`);
  try {
    await benchDatabase(kind, target.url);
    kinds.push(kind);
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${target.url}`);
    else await target.drop();
  }
}

function printTable(kinds: DbKind[]) {
  const rows = [...lines.values()].map((entry) => {
    const out: Record<string, string> = { measure: entry.measure };
    for (const kind of kinds) {
      const cell = entry.cells[kind];
      out[kind] = cell?.value ?? "";
      out[`${kind} p95 / detail`] = cell?.p95 ?? "";
      out[`${kind} stall`] = cell?.stall ?? "";
      out[`${kind} ratio`] = cell?.ratio ?? "";
    }
    out.DuckDB = entry.duck ?? "";
    return out;
  });
  console.table(rows);
}

async function main() {
  const which = process.env.BENCH_DB ?? "both";
  console.log(`Bench: ${scaleText()}; ${RUNS} runs per query\n`);
  const kinds: DbKind[] = [];
  if (which !== "pglite") {
    const base =
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      "postgres://postgres@127.0.0.1:5432/postgres";
    await benchServer("postgres", base, kinds);
    const citus = process.env.BENCH_CITUS_URL;
    if (citus) await benchServer("citus", citus, kinds);
  }
  if (which !== "postgres") {
    await benchDatabase("pglite", undefined);
    kinds.push("pglite");
  }
  mirror?.close();

  console.log("\nResults (ratio: report p50 ÷ DuckDB p50; list: % of the bare route's req/s)");
  printTable(kinds);
  if (runs("web")) {
    const web = measureInitialJs();
    console.log(
      `Web initial JavaScript: ${(web.gzipBytes / 1024).toFixed(0)} KB gzip, ${(web.brotliBytes / 1024).toFixed(0)} KB sent as brotli (${web.files} files, ${(web.rawBytes / 1024).toFixed(0)} KB raw)`,
    );
  }
  console.log(
    "Budgets (docs/performance.md): report calls ≤ 2x DuckDB on PostgreSQL; no PGlite stall over 100 ms; export ≥ half of " +
      "COPY's rows/s with flat memory; each list ≥ 50 % of a bare route with its round trips; initial JS ≤ 300 KB gzip; " +
      "SDK ingest ≥ 50 % of the bare INSERT on PostgreSQL with 0 faults.",
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
