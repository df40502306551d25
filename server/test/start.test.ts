/**
 * The one-time start work (migrations, the demo seed) on a PostgreSQL database that several processes
 * share, and a database that is not up yet when the server starts. PostgreSQL only: an embedded database has
 * one owner and runs inside the process.
 */
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { prepareRuntime, type Runtime } from "../src/bootstrap.ts";
import { loadConfig } from "../src/config.ts";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./support/app.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { tokenOverHttp } from "./support/http-sign-in.ts";
import { testLoginKeyPem } from "./support/keys.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";

let database: TestDatabase | undefined;
let servers: ServerProcess[] = [];
let proxy: TcpProxy | undefined;
let runtime: Runtime | undefined;
afterEach(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  servers = [];
  await runtime?.database.db.destroy();
  runtime = undefined;
  await proxy?.close();
  proxy = undefined;
  await database?.drop();
  database = undefined;
});

describe.skipIf(!process.env.DATABASE_URL)("starting on a shared PostgreSQL database", () => {
  it("seeds once when two processes start together on an empty database, and both serve", async () => {
    database = await createTestDatabase();
    const env = { DATABASE_URL: database.url ?? "" };
    servers = await Promise.all([startServerProcess(env, 120_000), startServerProcess(env, 120_000)]);
    for (const server of servers) {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await tokenOverHttp(server.url, DEMO_EMAIL, DEMO_PASSWORD)).toMatch(/.+/);
    }
    runtime = await prepareRuntime(configFor(env.DATABASE_URL, "false"));
    const { rows } = await sql<{ name: string }>`select name from company order by id`.execute(
      runtime.database.db,
    );
    expect(rows.map((row) => row.name)).toEqual(["Publisher Platform", "Demo Publisher"]);
  }, 180_000);

  it("waits for a database that is not up yet, says so, and starts once it is", async () => {
    database = await createTestDatabase();
    const direct = new URL(database.url ?? "");
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    await proxy.stop();
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);

    const waits: string[] = [];
    const opened = proxy;
    const starting = prepareRuntime(configFor(viaProxy.toString(), "true"), {
      onWait: (reason) => {
        waits.push(reason);
        // the database comes up after the server has waited twice
        if (waits.length === 2) void opened.start();
      },
    });
    runtime = await starting;
    expect(runtime.seeded).toBe(true);
    expect(waits.length).toBeGreaterThanOrEqual(2);
    expect(waits[0]).toMatch(/ECONNREFUSED|Connection terminated|connect/);
  }, 60_000);
});

function configFor(databaseUrl: string, seed: "true" | "false") {
  return loadConfig({
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    RSA_PRIVATE_KEY: testLoginKeyPem(),
    DEMO_SEED: seed,
    DEMO_SEED_REPORTS: "false",
    CONSOLE_ADMIN_EMAIL: DEMO_EMAIL,
    CONSOLE_ADMIN_PASSWORD: DEMO_PASSWORD,
    ...(process.env.DATABASE_POOLER ? { DATABASE_POOLER: process.env.DATABASE_POOLER } : {}),
  });
}
