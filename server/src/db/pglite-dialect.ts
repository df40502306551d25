/**
 * A Kysely dialect for PGlite (running in its worker thread, pglite-thread.ts) that hands out its one session
 * to one caller at a time. PGlite is a single session: without this, a query from another request would run
 * inside an open transaction (kysely-pglite's driver shares the session freely, so we do not use it). Long
 * work that reads in slices yields the session between them (`yieldTurn`).
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from "kysely";
import type { PGliteThread } from "./pglite-thread.ts";
import { statementNameOf } from "./prepared.ts";

/** How long slices wait for a steady stream of requests to leave the session before taking one turn anyway. */
const YIELD_PATIENCE_MS = 100;

class SessionLock {
  #tail: Promise<void> = Promise.resolve();
  /** Callers holding the session or waiting for it. */
  #callers = 0;

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    this.#callers++;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      let released = false;
      release = () => {
        if (released) return;
        released = true;
        this.#callers--;
        resolve();
      };
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
  }

  /**
   * Resolves once the session has been left free for a turn of the event loop (or after YIELD_PATIENCE_MS of
   * others' turns). Work that reads in slices awaits it before each slice: a request queues its next statement
   * only once its previous one is answered, so without this a slice would slip in between each two of them
   * and the request would wait one slice per statement.
   */
  async yieldTurn(): Promise<void> {
    const until = performance.now() + YIELD_PATIENCE_MS;
    do {
      (await this.acquire())();
      await new Promise<void>((resolve) => setImmediate(resolve));
    } while (this.#callers > 0 && performance.now() < until);
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #client: PGliteThread;

  constructor(client: PGliteThread) {
    this.#client = client;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#client.query<R>(query.sql, [...query.parameters], statementNameOf(query.sql));
    return {
      rows: result.rows,
      ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
    };
  }

  // biome-ignore lint/correctness/useYield: PGlite answers whole results; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("PGlite does not stream results");
  }
}

class PGliteDriver implements Driver {
  readonly #connections = new WeakMap<DatabaseConnection, () => void>();
  readonly #client: PGliteThread;
  readonly #lock: SessionLock;

  constructor(client: PGliteThread, lock: SessionLock) {
    this.#client = client;
    this.#lock = lock;
  }

  async init(): Promise<void> {
    await this.#client.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire();
    const connection = new PGliteConnection(this.#client);
    this.#connections.set(connection, release);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#connections.get(connection)?.();
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

export class SerializedPGliteDialect implements Dialect {
  readonly #client: PGliteThread;
  /** The one session's turns, shared by every driver of it. */
  readonly #lock = new SessionLock();

  constructor(client: PGliteThread) {
    this.#client = client;
  }
  /** See SessionLock.yieldTurn. */
  yieldTurn(): Promise<void> {
    return this.#lock.yieldTurn();
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client, this.#lock);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Parameters<Dialect["createIntrospector"]>[0]) {
    return new PostgresIntrospector(db);
  }
}
