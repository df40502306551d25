/**
 * Stalls on the embedded database (docs/performance.md): a small request (the app list, signed in)
 * repeated every ~50 ms while a big day is calculated, then while a large export runs; prints its p50 and
 * slowest latency and the longest event-loop stall during each. The big day: the big publisher's last day
 * filled to every hour (placements × countries × 24 raw rows), recalculated through the management service.
 */
import { onlineReportQuery, reportDateToIso } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Runtime } from "../server/src/bootstrap.ts";
import { manageReport } from "../server/src/modules/reports/management/service.ts";
import { exportReport } from "../server/src/modules/reports/query/export.ts";
import { first, last, TZ } from "./generate.ts";
import { ms, percentile, timed, watchingStalls } from "./measure.ts";

export interface StallResult {
  name: string;
  /** How long the heavy work ran. */
  workMs: number;
  requests: number;
  p50: number;
  max: number;
  stall: number;
}

/** Runs `work` while probing the app list every ~50 ms; answers the probe's latencies and the longest stall. */
async function probing(
  app: FastifyInstance,
  token: string,
  name: string,
  work: () => Promise<unknown>,
): Promise<StallResult> {
  const latencies: number[] = [];
  const [workMs, stall] = await watchingStalls(async () => {
    let done = false;
    const running = timed(work).finally(() => {
      done = true;
    });
    while (!done) {
      const [response, took] = await timed(() =>
        app.inject({ method: "GET", url: "/v1/app/list?pageIndex=1&pageSize=20", headers: { token } }),
      );
      if (response.json<{ code: number }>().code !== 200) throw new Error(`app list: ${response.body}`);
      latencies.push(took);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return (await running)[1];
  });
  return {
    name,
    workMs,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    max: Math.max(...latencies),
    stall,
  };
}

export async function measureStalls(
  runtime: Runtime,
  app: FastifyInstance,
  token: string,
  bigCompanyId: number,
  log: (text: string) => void,
): Promise<StallResult[]> {
  const { db } = runtime.database;
  const day = reportDateToIso(last);
  const [, filled] = await timed(() =>
    sql`
      insert into sdk_event_hourly
        (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select e.company_id, e.hour + make_interval(hours => h - 12), e.ad_position_id, e.country, e.app_id,
        e.ad_style, e.request, e.fill, e.show, e.click, e.revenue
      from sdk_event_hourly e cross join generate_series(0, 23) as h
      where e.company_id = ${bigCompanyId} and e.hour >= ${day}::date and e.hour < ${day}::date + 1 and h <> 12`.execute(
      db,
    ),
  );
  const raw = await sql<{ n: number }>`
    select count(*)::int as n from sdk_event_hourly
    where company_id = ${bigCompanyId} and hour >= ${day}::date and hour < ${day}::date + 1`.execute(db);
  log(`  stall: the big day ${day} holds ${raw.rows[0]?.n} raw rows (filled in ${ms(filled)})`);

  const results: StallResult[] = [];
  results.push(
    await probing(app, token, `calculation of the big day (${raw.rows[0]?.n} raw rows)`, () =>
      manageReport(
        db,
        { action: "calculate", kind: "online", date: last, companyId: bigCompanyId, actor: null },
        { timeZone: TZ, autoPublish: true },
      ),
    ),
  );
  const query = onlineReportQuery.parse({ startDate: first, endDate: last, dimensions: [1, 3, 4, 5] });
  results.push(
    await probing(app, token, "export of 90 days, default dimensions", async () => {
      const answer = await exportReport(runtime.database, {
        kind: "online",
        viewer: { companyId: bigCompanyId, seesAll: false },
        query,
        lang: "en",
        timeZone: TZ,
        maxRows: 100_000_000,
      });
      for await (const _chunk of answer.body);
      return answer.rows;
    }),
  );
  for (const result of results) {
    log(
      `  stall: ${result.name}: ${ms(result.workMs)}; app list every 50 ms: ${result.requests} calls, ` +
        `p50 ${ms(result.p50)}, max ${ms(result.max)}; longest event-loop stall ${ms(result.stall)}`,
    );
  }
  return results;
}
