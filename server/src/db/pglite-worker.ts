/**
 * The embedded database's own thread (docs/performance.md): PGlite runs its WASM Postgres synchronously, so
 * on the main thread every statement froze the whole server for its run. This worker owns the PGlite instance
 * and answers the main thread's statements (pglite-dialect.ts) one message each.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import type { WorkerAnswer, WorkerRequest, WorkerSettings } from "./pglite-protocol.ts";

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Counters and money arrive as JavaScript numbers; int8 ids and sums stay below 2^53. */
const toNumber = (value: string) => Number(value);

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const { dataDir, template } = workerData as WorkerSettings;
const client = new PGlite(dataDir, {
  parsers: { [INT8_OID]: toNumber, [NUMERIC_OID]: toNumber },
  ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
});

const { serialize } = protocol;

/** The parameters' type OIDs of each statement prepared in this session, by name (prepared.ts). */
const preparedTypes = new Map<string, number[]>();

function joined(messages: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    whole.set(message, offset);
    offset += message.length;
  }
  return whole;
}

/** Each value as PGlite's own query sends it: null, or text by its parameter's type. */
const serialized = (params: unknown[], types: number[]) =>
  params.map((value, index) => {
    if (value === null || value === undefined) return null;
    const toText = client.serializers[types[index] ?? 0];
    return toText ? toText(value) : String(value);
  });

/**
 * Runs a prepared query's statement by name: parsed and described once in the session, then only bound and
 * executed, so PostgreSQL may reuse its plan (PGlite's own query parses and plans every call). Each message
 * ends with Sync, so an error leaves the session ready for the next statement.
 */
async function runPrepared(name: string, sql: string, params: unknown[]) {
  let types = preparedTypes.get(name);
  if (!types) {
    const described = await client.execProtocol(
      joined([
        serialize.parse({ name, text: sql }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
    );
    types = parse.parseDescribeStatementResults(described.messages);
    preparedTypes.set(name, types);
  }
  const { messages } = await client.execProtocol(
    joined([
      serialize.bind({ statement: name, values: serialized(params, types) }),
      serialize.describe({ type: "P" }),
      serialize.execute({}),
      serialize.sync(),
    ]),
  );
  const [result] = parse.parseResults(messages, client.parsers);
  if (!result) throw new Error(`the prepared statement ${name} answered no result`);
  return result;
}

/** An error's message and its PostgreSQL fields (code, constraint, table…), which structured clone drops. */
function describe(error: unknown): WorkerAnswer & { ok: false } {
  if (!(error instanceof Error)) return { ok: false, id: 0, message: String(error), fields: {} };
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error)) if (typeof value === "string") fields[key] = value;
  return { ok: false, id: 0, message: error.message, fields };
}

async function answer(request: WorkerRequest): Promise<WorkerAnswer> {
  try {
    if (request.type === "ready") {
      await client.waitReady;
      return { ok: true, id: request.id, rows: [] };
    }
    if (request.type === "close") {
      await client.close();
      return { ok: true, id: request.id, rows: [] };
    }
    if (request.type === "dump") {
      const tarball = await client.dumpDataDir("none");
      writeFileSync(request.file, Buffer.from(await tarball.arrayBuffer()));
      return { ok: true, id: request.id, rows: [] };
    }
    const result = request.name
      ? await runPrepared(request.name, request.sql, request.params)
      : await client.query(request.sql, request.params);
    return {
      ok: true,
      id: request.id,
      rows: result.rows,
      ...(result.affectedRows === undefined ? {} : { affectedRows: result.affectedRows }),
    };
  } catch (error) {
    return { ...describe(error), id: request.id };
  }
}

port.on("message", (request: WorkerRequest) => {
  void answer(request).then((reply) => {
    port.postMessage(reply);
    if (request.type === "close") port.close();
  });
});
