/**
 * A Kysely dialect for PGlite (running in its worker thread, pglite-thread.ts) that hands out its one session
 * to one caller at a time. PGlite is a single session: without this, a query from another request would run
 * inside an open transaction (kysely-pglite's driver shares the session freely, so we do not use it).
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

class SessionLock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => held);
    return ready;
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
  readonly #lock = new SessionLock();
  readonly #connections = new WeakMap<DatabaseConnection, () => void>();

  readonly #client: PGliteThread;

  constructor(client: PGliteThread) {
    this.#client = client;
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

  constructor(client: PGliteThread) {
    this.#client = client;
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.#client);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Parameters<Dialect["createIntrospector"]>[0]) {
    return new PostgresIntrospector(db);
  }
}
