/**
 * Ingest under load (docs/performance.md#budgets): CLIENTS SDK clients of one app send signed batches of 200
 * events over the same placement × country × hour keys (a popular app's hot rows) through a real socket;
 * answers accepted events/s, p50/p99 and faults. Beside it, in the same run, the floor: the same rows
 * appended by a bare multi-row INSERT (unnest) into a copy of the raw table, by as many callers over the
 * app's own database connections.
 */
import { Worker } from "node:worker_threads";
import { COUNTRY_KEYS, type SdkEvent } from "@pc/contract";
import { sql } from "kysely";
import type { Runtime } from "../server/src/bootstrap.ts";
import type { ClientPlan, ClientResult } from "./ingest-client.ts";
import { percentile } from "./measure.ts";

const CLIENTS = 64;
const HOURS = 5;
const COUNTRIES = COUNTRY_KEYS.filter((key) => /^[A-Z]{2}$/.test(key)).slice(0, 10);

export interface IngestLoad {
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  faults: number;
  busy: number;
}

interface HotApp {
  companyId: number;
  appKey: string;
  secret: string;
  events: SdkEvent[];
}

/** The bench's first app with its 4 placements × 10 countries × 5 hours of yesterday: 200 events. */
async function hotApp(runtime: Runtime, companyId: number): Promise<HotApp> {
  const { db } = runtime.database;
  const app = await db
    .selectFrom("app")
    .select(["id", "app_key", "sdk_secret"])
    .where("company_id", "=", companyId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const placements = await db
    .selectFrom("ad_position")
    .select("id")
    .where("company_id", "=", companyId)
    .where("app_id", "=", app.id)
    .execute();
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const events = placements.flatMap(({ id }) =>
    COUNTRIES.flatMap((country) =>
      Array.from({ length: HOURS }, (_, hour) => ({
        adpos_id: id,
        country,
        hour: `${day}T${String(hour).padStart(2, "0")}:00:00Z`,
        request: 10,
        fill: 9,
        show: 8,
        click: 1,
        revenue: 0.0125,
      })),
    ),
  );
  return { companyId, appKey: app.app_key, secret: app.sdk_secret, events };
}

function runClients(plan: ClientPlan): Promise<ClientResult> {
  const worker = new Worker(new URL("./ingest-client.ts", import.meta.url), { workerData: plan });
  return new Promise((resolve, reject) => {
    worker.once("message", (result: ClientResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
}

/** CLIENTS callers appending the same rows with one multi-row INSERT each, for `seconds`. */
async function bareInsert(runtime: Runtime, hot: HotApp, seconds: number): Promise<IngestLoad> {
  const { db } = runtime.database;
  await sql`create table if not exists bench_bare_raw (like sdk_event_raw including all)`.execute(db);
  const rows = hot.events;
  const insert = sql`
    insert into bench_bare_raw
      (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
    select ${hot.companyId}, u.hour, u.pos, u.country, 0, 1, u.request, u.fill, u.show, u.click, u.revenue
    from unnest(${rows.map((r) => r.hour)}::timestamptz[], ${rows.map((r) => r.adpos_id)}::int[],
      ${rows.map((r) => r.country)}::text[], ${rows.map((r) => r.request)}::bigint[],
      ${rows.map((r) => r.fill)}::bigint[], ${rows.map((r) => r.show)}::bigint[],
      ${rows.map((r) => r.click)}::bigint[], ${rows.map((r) => String(r.revenue))}::numeric[])
      as u(hour, pos, country, request, fill, show, click, revenue)`;
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const begun = performance.now();
        await insert.execute(db);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await sql`drop table bench_bare_raw`.execute(db);
  return {
    eventsPerSecond: (latencies.length * rows.length) / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    faults: 0,
    busy: 0,
  };
}

/** The SDK endpoint under CLIENTS concurrent clients, then the bare INSERT floor. */
export async function measureIngest(
  baseUrl: string,
  runtime: Runtime,
  companyId: number,
  seconds: number,
): Promise<{ sdk: IngestLoad; bare: IngestLoad; clients: number; eventsPerBatch: number }> {
  const hot = await hotApp(runtime, companyId);
  const result = await runClients({
    baseUrl,
    appKey: hot.appKey,
    secret: hot.secret,
    events: hot.events,
    clients: CLIENTS,
    seconds,
  });
  const sdk = {
    eventsPerSecond: result.accepted / result.seconds,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    faults: result.faults + result.refused,
    busy: result.busy,
  };
  const bare = await bareInsert(runtime, hot, seconds);
  return { sdk, bare, clients: CLIENTS, eventsPerBatch: hot.events.length };
}
