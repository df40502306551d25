/**
 * The SDK clients of the ingest bench, in a worker thread so their signing and parsing do not share the
 * server's event loop: `clients` loops, each sending signed batches (a fresh batch_id each) one after the
 * other for `seconds`, as the mobile SDK does (a 429 or 503 waits its Retry-After).
 */
import { parentPort, workerData } from "node:worker_threads";
import { SDK_EVENTS_PATH, sign, signedParams } from "@pc/contract";

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
  latenciesMs: number[];
  faults: number;
  refused: number;
  busy: number;
}

const plan = workerData as ClientPlan;
const result: ClientResult = { accepted: 0, latenciesMs: [], faults: 0, refused: 0, busy: 0 };
let serial = 0;

async function sendOne(): Promise<number> {
  const body = JSON.stringify({ batch_id: `bench-${process.pid}-${++serial}`, events: plan.events });
  const query = { app_key: plan.appKey };
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = await sign(plan.secret, await signedParams(query, body), timestamp);
  const search = new URLSearchParams({ ...query, timestamp: String(timestamp), sign: signature });
  const started = performance.now();
  const response = await fetch(`${plan.baseUrl}${SDK_EVENTS_PATH}?${search}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
  });
  const answer = (await response.json()) as { code: number; data: { accepted?: boolean } | null };
  result.latenciesMs.push(performance.now() - started);
  if (response.status === 429 || response.status === 503) {
    result.busy += 1;
    return Number(response.headers.get("retry-after") ?? "1") * 1000;
  }
  if (response.status >= 500) result.faults += 1;
  else if (answer.code !== 200) result.refused += 1;
  else if (answer.data?.accepted) result.accepted += plan.events.length;
  return 0;
}

async function client(until: number) {
  while (performance.now() < until) {
    const wait = await sendOne();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

const until = performance.now() + plan.seconds * 1000;
await Promise.all(Array.from({ length: plan.clients }, () => client(until)));
parentPort?.postMessage(result);
