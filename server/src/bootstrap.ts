/**
 * Takes the embedded data directory (one owner), opens the database, applies migrations, loads the login
 * key and seeds demo data when empty.
 */
import type { Config } from "./config.ts";
import { acquireDataDirLock, type DataDirLock } from "./db/data-dir-lock.ts";
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { type LoginKey, loadLoginKey } from "./modules/passport/login-key.ts";
import { seedDemo } from "./seed/demo.ts";

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  loginKey: LoginKey;
  seeded: boolean;
  /** Held while this process owns the embedded data directory; null on PostgreSQL and in memory. */
  dataDirLock: DataDirLock | null;
}

export async function prepareRuntime(
  config: Config,
  options: Pick<DatabaseOptions, "pgliteTemplate"> = {},
): Promise<Runtime> {
  const embedded = !config.DATABASE_URL && config.DATA_DIR !== "memory://";
  const dataDirLock = embedded ? acquireDataDirLock(config.DATA_DIR) : null;
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, ...options });
  await migrateToLatest(database.db);
  const loginKey = loadLoginKey({ pem: config.RSA_PRIVATE_KEY, dataDir: config.DATA_DIR });
  const { seeded } = await seedDemo(database.db, config);
  return { config, database, loginKey, seeded, dataDirLock };
}
