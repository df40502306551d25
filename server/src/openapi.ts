/**
 * Writes the API description (what /docs serves) to the file it is given, for a linter or a client generator:
 * `node server/src/openapi.ts openapi.json`. The app is built without listening, on a PostgreSQL pool that never
 * connects: building it reads nothing from the database, and an embedded one would take seconds to start.
 */
import { generateKeyPairSync } from "node:crypto";
import { writeFileSync } from "node:fs";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { loadLoginKey } from "./modules/identity/service.ts";

const [file] = process.argv.slice(2);
if (!file) {
  console.error("usage: node server/src/openapi.ts <file.json>");
  process.exit(2);
}
// Nothing listens there: the pool connects on its first query, which never comes.
const NO_DATABASE = "postgres://127.0.0.1:1/none";
const config = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: "memory://",
  DATABASE_URL: NO_DATABASE,
  LOG_LEVEL: "silent",
  API_DOCS: "true",
});
// A throwaway key: the description does not depend on it.
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const app = await buildApp({
  config,
  database: openDatabase({ databaseUrl: NO_DATABASE, dataDir: config.DATA_DIR }),
  loginKey: loadLoginKey({ pem, dataDir: config.DATA_DIR }),
});
await app.ready();
writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
