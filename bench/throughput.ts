/**
 * List-endpoint throughput under concurrent load (docs/performance.md#budgets: every list endpoint at least
 * 50 % of a bare Fastify route doing the same number of database round trips; the first floor was 30 %): each
 * console list, signed in, through a real socket, next to a bare Fastify route on the same machine and
 * database that makes the list's round trips itself (a one-row lookup for the session, the page of rows, the
 * count, any further query) and answers the page as JSON. autocannon drives both from a worker thread.
 */
import autocannon from "autocannon";
import Fastify from "fastify";
import { sql } from "kysely";
import type { Db } from "../server/src/db/database.ts";

const CONNECTIONS = 50;
const PAGE = "page_no=1&page_size=10";

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  failures: number;
}

interface ListEndpoint {
  name: string;
  path: string;
  /** The table the list pages through. */
  table: "app" | "ad_position" | "app_user";
  /** The list's round trips: the session lookup, the page, the count, and these many more. */
  extraRoundTrips: number;
}

export const LIST_ENDPOINTS: ListEndpoint[] = [
  { name: "app list", path: `/v1/app/list?${PAGE}`, table: "app", extraRoundTrips: 0 },
  // the page's floor prices in one more query
  { name: "placement list", path: `/v1/adpos/list?${PAGE}`, table: "ad_position", extraRoundTrips: 1 },
  { name: "user list", path: `/v1/user/list?${PAGE}&plat_type=3`, table: "app_user", extraRoundTrips: 0 },
];

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Throughput> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, workers: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** A bare route making the endpoint's round trips through the same database handle. */
function bareRoute(db: Db, companyId: number, endpoint: ListEndpoint) {
  const table = sql.table(endpoint.table);
  return async () => {
    await sql`select 1`.execute(db);
    const { rows } = await sql`select * from ${table} where company_id = ${companyId} limit 10`.execute(db);
    const { rows: count } = await sql<{ total: number }>`
      select count(*)::int as total from ${table} where company_id = ${companyId}`.execute(db);
    for (let trip = 0; trip < endpoint.extraRoundTrips; trip++) await sql`select 1`.execute(db);
    return { code: 200, msg: "Success", data: { list: rows, total: count[0]?.total ?? 0 } };
  };
}

export interface ListThroughput {
  name: string;
  list: Throughput;
  bare: Throughput;
}

/** Each list endpoint of the app listening at consoleUrl, then its bare route, one after the other. */
export async function measureThroughput(
  consoleUrl: string,
  db: Db,
  companyId: number,
  token: string,
  seconds: number,
): Promise<ListThroughput[]> {
  const bareApp = Fastify();
  LIST_ENDPOINTS.forEach((endpoint, index) => {
    bareApp.get(`/bare/${index}`, bareRoute(db, companyId, endpoint));
  });
  const bareUrl = await bareApp.listen({ host: "127.0.0.1", port: 0 });
  try {
    const results: ListThroughput[] = [];
    for (const [index, endpoint] of LIST_ENDPOINTS.entries()) {
      const list = await load(`${consoleUrl}${endpoint.path}`, { token, lang: "en" }, seconds);
      const bare = await load(`${bareUrl}/bare/${index}`, {}, seconds);
      results.push({ name: endpoint.name, list, bare });
    }
    return results;
  } finally {
    await bareApp.close();
  }
}
