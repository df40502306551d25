/** Opens the database: PostgreSQL through DATABASE_URL, otherwise PGlite in DATA_DIR. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { DatabaseFaults } from "./faults.ts";
import { SerializedPGliteDialect } from "./pglite-dialect.ts";
import { PGliteThread } from "./pglite-thread.ts";
import { sendPreparedByName } from "./prepared.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: "postgres" | "pglite";
  /** Connections in use and waiting, for /metrics (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** The pg pool behind Kysely, for what Kysely does not offer (COPY … TO STDOUT); null on PGlite. */
  pgPool: pg.Pool | null;
  /** Where an idle connection the database dropped is reported (the pool replaces it); stderr until set. */
  onConnectionLost(report: (error: Error) => void): void;
  /** Statements the database refused because a connection lost the state this process gave it. */
  faults: DatabaseFaults;
  /**
   * Lets every caller waiting for the database go first: what long work reading in slices awaits before each
   * slice. PGlite is one session, which the slices would otherwise take back before a request's next
   * statement; PostgreSQL's pool has a connection for each, so it resolves at once.
   */
  yieldSession(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Counters and money arrive as JavaScript numbers; int8 ids and sums stay below 2^53. */
const toNumber = (value: string) => Number(value);
/** How long a call waits for a connection before it is answered "try again later" (db-errors.ts). */
const CONNECT_TIMEOUT_MS = 3000;

const embedded = new WeakSet<Db>();
/**
 * Whether a database handle is the embedded PGlite: one session, which long work must not hold
 * (docs/performance.md).
 */
export const isEmbedded = (db: Db): boolean => embedded.has(db);

export type PoolerMode = "none" | "session" | "transaction";

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** What sits between the server and PostgreSQL (DATABASE_POOLER); "none" when absent. */
  pooler?: PoolerMode | undefined;
  /** A directory, or "memory://" for a throwaway embedded database. */
  dataDir: string;
  /** An in-memory embedded database's starting point instead of initdb (see WorkerSettings.template). */
  pgliteTemplate?: string | undefined;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? toNumber
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    let report = (error: Error) => console.warn(`database connection lost: ${error.message}`);
    // Without these listeners a connection the database drops (a restart, a terminated backend) is an
    // unhandled 'error' event and the process exits. An idle client's error reaches the pool, which has
    // already dropped the client; a client in use also fails its query, which answers the call.
    pool.on("error", (error) => report(error));
    const perConnectionState = options.pooler !== "transaction";
    pool.on("connect", (client) => {
      client.on("error", () => {});
      if (!perConnectionState) return;
      sendPreparedByName(client);
      // The console's reads are built to touch thousands of rows, not millions (rollups, spans, pages);
      // starting parallel workers for them costs more than it saves (a placement x country grouping over
      // 90 days: 32 -> 21 ms without), and under many users they take cores from other requests. Set per
      // session rather than as a startup option, which poolers such as PgBouncer refuse.
      client.query(`set max_parallel_workers_per_gather = 0`).catch(() => {});
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: "postgres",
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pgPool: pool,
      onConnectionLost: (listener) => {
        report = listener;
      },
      faults: new DatabaseFaults(),
      yieldSession: async () => {},
    };
  }
  const dataDir = options.dataDir === "memory://" ? "memory://" : path.join(options.dataDir, "pglite");
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const template = dataDir === "memory://" ? options.pgliteTemplate : undefined;
  const thread = new PGliteThread({ dataDir, template });
  const dialect = new SerializedPGliteDialect(thread);
  const db = new Kysely<Database>({ dialect });
  embedded.add(db);
  return {
    db,
    kind: "pglite",
    poolStats: () => null,
    pgPool: null,
    onConnectionLost: () => {},
    faults: new DatabaseFaults(),
    yieldSession: () => dialect.yieldTurn(),
  };
}
