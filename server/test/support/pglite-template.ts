/**
 * `node pglite-template.ts FILE`: writes a migrated embedded database as a tarball to FILE (global-setup.ts
 * runs it in its own process, outside Vitest's module graph).
 */
import { Kysely } from "kysely";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { SerializedPGliteDialect } from "../../src/db/pglite-dialect.ts";
import { PGliteThread } from "../../src/db/pglite-thread.ts";
import type { Database } from "../../src/db/schema.ts";

const file = process.argv[2];
if (!file) throw new Error("usage: pglite-template.ts FILE");
const thread = new PGliteThread({ dataDir: "memory://" });
const db = new Kysely<Database>({ dialect: new SerializedPGliteDialect(thread) });
await migrateToLatest(db);
await thread.dumpTo(file);
await db.destroy();
