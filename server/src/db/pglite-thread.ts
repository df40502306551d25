/**
 * The main thread's handle on PGlite running in a worker thread (pglite-worker.ts): statements go out as
 * {sql, params} and rows come back by structured clone (Dates and numbers as PGlite parsed them), so a long
 * statement no longer stalls the event loop. Errors come back with their PostgreSQL fields (db-errors.ts).
 */
import { Worker } from "node:worker_threads";
import type { WorkerAnswer, WorkerRequest, WorkerSettings } from "./pglite-protocol.ts";

export interface EmbeddedResult<R> {
  rows: R[];
  affectedRows?: number;
}

/** TypeScript that Node runs as it is (its type stripping), in the server and under vitest alike. */
const workerFile = new URL("./pglite-worker.ts", import.meta.url);

type Pending = { resolve: (answer: WorkerAnswer & { ok: true }) => void; reject: (error: Error) => void };

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #exited: Error | null = null;
  readonly waitReady: Promise<void>;

  constructor(settings: WorkerSettings) {
    this.#worker = new Worker(workerFile, { workerData: settings });
    // The worker keeps the process alive only while a statement is out (see #send).
    this.#worker.unref();
    this.#worker.on("message", (answer: WorkerAnswer) => this.#settle(answer));
    this.#worker.on("error", (error) => this.#fail(error));
    this.#worker.on("exit", (code) => this.#fail(new Error(`the PGlite worker exited (code ${code})`)));
    this.waitReady = this.#send({ type: "ready", id: 0 }).then(() => undefined);
  }

  async query<R>(sql: string, params: readonly unknown[], name?: string): Promise<EmbeddedResult<R>> {
    const answer = await this.#send({ type: "query", id: 0, sql, params: [...params], name });
    return {
      rows: answer.rows as R[],
      ...(answer.affectedRows === undefined ? {} : { affectedRows: answer.affectedRows }),
    };
  }

  /** Writes the data directory as a tarball (see WorkerSettings.template). */
  async dumpTo(file: string): Promise<void> {
    await this.#send({ type: "dump", id: 0, file });
  }

  async close(): Promise<void> {
    if (this.#exited) return;
    const exited = new Promise<void>((resolve) => this.#worker.once("exit", () => resolve()));
    await this.#send({ type: "close", id: 0 });
    this.#worker.ref();
    await exited;
  }

  #send(request: WorkerRequest): Promise<WorkerAnswer & { ok: true }> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #settle(answer: WorkerAnswer) {
    const pending = this.#pending.get(answer.id);
    if (!pending) return;
    this.#pending.delete(answer.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (answer.ok) pending.resolve(answer);
    else pending.reject(Object.assign(new Error(answer.message), answer.fields));
  }

  #fail(error: Error) {
    this.#exited ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
