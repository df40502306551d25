/**
 * List-endpoint throughput under concurrent load (DESIGN §9: at least 30 % of a bare Fastify route's at 50
 * connections): the console's app list, signed in, through a real socket, next to a Fastify route that
 * answers a constant on the same machine; autocannon drives both from a worker thread.
 */
import autocannon from "autocannon";
import Fastify from "fastify";

const CONNECTIONS = 50;

export interface Throughput {
  requestsPerSecond: number;
  p50Ms: number;
  failures: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Throughput> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds, workers: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** The console's list call (the app listening at consoleUrl) and the bare route, one after the other. */
export async function measureThroughput(
  consoleUrl: string,
  listPath: string,
  token: string,
  seconds: number,
): Promise<{ list: Throughput; bare: Throughput }> {
  const bareApp = Fastify();
  bareApp.get("/bare", async () => ({ code: 200, msg: "ok", data: { list: [], total: 0 } }));
  const bareUrl = await bareApp.listen({ host: "127.0.0.1", port: 0 });
  try {
    const list = await load(`${consoleUrl}${listPath}`, { token, lang: "en" }, seconds);
    const bare = await load(`${bareUrl}/bare`, {}, seconds);
    return { list, bare };
  } finally {
    await bareApp.close();
  }
}
