/**
 * The SDK clients of the ingest bench, in a worker thread so their signing and parsing do not share the
 * server's event loop: autocannon keeps `clients` connections busy for `seconds`, each call a signed batch with
 * a fresh batch_id, as the mobile SDK sends them. It signs with node:crypto (the server's implementation of the
 * one rule), so the load generator spends as little of the machine's two cores as it can.
 */
import { randomUUID } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";
import { SDK_EVENTS_PATH } from "@pc/contract";
import autocannon from "autocannon";
import { signatureOf, signedParamsOf } from "../server/src/lib/signing.ts";
import { percentile } from "./measure.ts";

export interface ClientPlan {
  baseUrl: string;
  appKey: string;
  secret: string;
  events: readonly unknown[];
  clients: number;
  seconds: number;
}

export interface ClientResult {
  accepted: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
  faults: number;
  refused: number;
  busy: number;
}

/** Each connection's context: when its call (one at a time, no pipelining) was sent. */
interface Connection {
  sentAt?: number;
}

const plan = workerData as ClientPlan;
const eventsJson = JSON.stringify(plan.events);
const counts = { accepted: 0, faults: 0, refused: 0, busy: 0 };
const latencies: number[] = [];
let serial = 0;
// Batch ids differ from those of any earlier run against the same database.
const run = randomUUID();

function signedBatch(request: autocannon.Request, connection: Connection): autocannon.Request {
  const body = `{"batch_id":"bench-${run}-${++serial}","events":${eventsJson}}`;
  const query = { app_key: plan.appKey };
  const timestamp = Math.floor(Date.now() / 1000);
  const sign = signatureOf(plan.secret, signedParamsOf(query, body), timestamp);
  const search = new URLSearchParams({ ...query, timestamp: String(timestamp), sign });
  connection.sentAt = performance.now();
  return { ...request, path: `${SDK_EVENTS_PATH}?${search}`, body };
}

function counted(status: number, body: string, connection: Connection) {
  latencies.push(performance.now() - (connection.sentAt ?? 0));
  if (status === 429 || status === 503) counts.busy += 1;
  else if (status >= 500) counts.faults += 1;
  else {
    const answer = JSON.parse(body) as { code: number; data: { accepted?: boolean; events?: number } | null };
    if (answer.code !== 200) counts.refused += 1;
    else if (answer.data?.accepted) counts.accepted += answer.data.events ?? 0;
  }
}

const result = await autocannon({
  url: plan.baseUrl,
  connections: plan.clients,
  duration: plan.seconds,
  requests: [
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      setupRequest: signedBatch,
      onResponse: counted,
    },
  ],
});
const answer: ClientResult = {
  ...counts,
  seconds: result.duration,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
};
parentPort?.postMessage(answer);
