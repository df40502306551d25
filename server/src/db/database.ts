/** Opens the database: PostgreSQL through DATABASE_URL, otherwise PGlite in DATA_DIR. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { SerializedPGliteDialect } from "./pglite-dialect.ts";
import { PGliteThread } from "./pglite-thread.ts";
import type { Database } from "./schema.ts";

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: "postgres" | "pglite";
  /** Connections in use and waiting, for /metrics (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /** The pg pool behind Kysely, for what Kysely does not offer (COPY … TO STDOUT); null on PGlite. */
  pgPool: pg.Pool | null;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
/** Counters and money arrive as JavaScript numbers; int8 ids and sums stay below 2^53. */
const toNumber = (value: string) => Number(value);

const embedded = new WeakSet<Db>();
/** Whether a database handle is the embedded PGlite: one session, which long work must not hold (DESIGN §9). */
export const isEmbedded = (db: Db): boolean => embedded.has(db);

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** A directory, or "memory://" for a throwaway embedded database. */
  dataDir: string;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? toNumber
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      kind: "postgres",
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      pgPool: pool,
    };
  }
  const dataDir = options.dataDir === "memory://" ? "memory://" : path.join(options.dataDir, "pglite");
  if (dataDir !== "memory://") mkdirSync(dataDir, { recursive: true });
  const db = new Kysely<Database>({ dialect: new SerializedPGliteDialect(new PGliteThread(dataDir)) });
  embedded.add(db);
  return {
    db,
    kind: "pglite",
    poolStats: () => null,
    pgPool: null,
  };
}
