/**
 * Takes the embedded data directory (one owner), opens the database, applies migrations, loads the login
 * key and seeds demo data when empty. A database out of reach at start (not up yet, restarting) is waited
 * for with backoff; the migrations and the seed are each one transaction, so a try cut short is redone.
 */
import { setTimeout } from "node:timers/promises";
import type { Config } from "./config.ts";
import { acquireDataDirLock, type DataDirLock } from "./db/data-dir-lock.ts";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { isDatabaseUnavailable } from "./lib/db-errors.ts";
import { type LoginKey, loadLoginKey } from "./modules/identity/service.ts";
import { seedDemo } from "./seed/demo.ts";

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  loginKey: LoginKey;
  seeded: boolean;
  /** Held while this process owns the embedded data directory; null on PostgreSQL and in memory. */
  dataDirLock: DataDirLock | null;
}

export interface StartOptions extends Pick<DatabaseOptions, "pgliteTemplate"> {
  /** Where the waits for the database are reported; stderr by default. */
  onWait?: WaitReport;
}

export async function prepareRuntime(config: Config, options: StartOptions = {}): Promise<Runtime> {
  const embedded = !config.DATABASE_URL && config.DATA_DIR !== "memory://";
  const dataDirLock = embedded ? acquireDataDirLock(config.DATA_DIR) : null;
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    pooler: config.DATABASE_POOLER,
    dataDir: config.DATA_DIR,
    pgliteTemplate: options.pgliteTemplate,
  });
  const { seeded } = await untilDatabaseAnswers(async () => {
    await migrateToLatest(database.db);
    return seedDemo(database.db, config);
  }, options.onWait ?? reportWait);
  const loginKey = loadLoginKey({ pem: config.RSA_PRIVATE_KEY, dataDir: config.DATA_DIR });
  return { config, database, loginKey, seeded, dataDirLock };
}

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 30_000;

/** What the start prints while it waits for the database. */
export type WaitReport = (reason: string, waitMs: number) => void;

const reportWait: WaitReport = (reason, waitMs) =>
  console.warn(`waiting for the database (${reason}); trying again in ${(waitMs / 1000).toFixed(1)}s`);

/** Runs `work` until it is not refused for the database being out of reach, waiting longer each time. */
async function untilDatabaseAnswers<T>(work: () => Promise<T>, report: WaitReport): Promise<T> {
  for (let waitMs = FIRST_WAIT_MS; ; waitMs = Math.min(waitMs * 2, LONGEST_WAIT_MS)) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      report(error instanceof Error ? error.message : String(error), waitMs);
      await setTimeout(waitMs);
    }
  }
}
