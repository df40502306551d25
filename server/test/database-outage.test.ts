/**
 * The server survives its database: the real server process behind a TCP proxy that the
 * test stops and starts as a database restart would, and backends terminated under it. PostgreSQL only:
 * PGlite runs inside the process.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./support/app.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { tokenOverHttp } from "./support/http-sign-in.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { lockTable } from "./support/table-lock.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.DATABASE_URL)("the server survives its database", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error("DATABASE_URL is set, so the test database has a URL");
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    // The scheduler runs every second, so some of its runs fail while the database is down.
    server = await startServerProcess({ DATABASE_URL: viaProxy.toString(), REPORT_SCHEDULE_SECONDS: "1" });
    token = await tokenOverHttp(server.url, DEMO_EMAIL, DEMO_PASSWORD);
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await database?.drop();
  });

  const listApps = () => fetch(`${server.url}/v1/app/list`, { headers: { token } });

  /** Calls until the app list answers 200; the seconds it took. */
  async function secondsUntilServing(limitMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < limitMs) {
      if ((await listApps()).status === 200) return (performance.now() - started) / 1000;
      await sleep(100);
    }
    throw new Error(`not serving again within ${limitMs} ms`);
  }

  it("answers 503 (608, Retry-After) while the database is down and serves again by itself", async () => {
    // Calls at once leave the pool with idle connections beside the one a call holds below.
    const before = await Promise.all([listApps(), listApps(), listApps()]);
    expect(before.map((answer) => answer.status)).toEqual([200, 200, 200]);
    if (!database.url) throw new Error("the test database has a URL");
    const lock = await lockTable(database.url, "app");
    let outageFrom = 0;
    try {
      const inFlight = listApps();
      await lock.waitForBlockedCall();
      outageFrom = server.logs.length;
      await proxy.stop();
      // Every pool connection breaks, idle ones and the one of the call in flight: without listeners each
      // is an uncaught 'error' event and the process ends.
      const held = await inFlight;
      expect(held.status).toBe(503);
      expect(await held.json()).toMatchObject({ code: 608 });
    } finally {
      await lock.release();
    }
    const down = await listApps();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("2");
    expect(await down.json()).toMatchObject({ code: 608, data: null });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    await server.waitForLog((line) => line.level >= 40 && /scheduler/i.test(line.msg), { from: outageFrom });
    expect(server.alive()).toBe(true);

    await proxy.start();
    expect(await secondsUntilServing(5000)).toBeLessThan(5);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    const unavailable = server.logs.filter((line) => line.msg === "database unavailable");
    expect(unavailable.length).toBeGreaterThan(0);
    // Logged once per call at warn, with the reason and no stack; never as a fault (602).
    expect(unavailable.every((line) => line.level === 40 && typeof line.reason === "string")).toBe(true);
    expect(server.logs.some((line) => line.msg === "request failed")).toBe(false);
  });

  it("keeps serving when the database terminates its backends, one of them in a call", async () => {
    expect(server.alive()).toBe(true);
    if (!database.url) throw new Error("the test database has a URL");
    const lock = await lockTable(database.url, "app");
    try {
      const inFlight = listApps();
      await lock.waitForBlockedCall();
      await lock.session.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      const answer = await inFlight;
      expect(answer.status).toBe(503);
      expect(await answer.json()).toMatchObject({ code: 608 });
    } finally {
      await lock.release();
    }
    expect(server.alive()).toBe(true);
    expect(await secondsUntilServing(5000)).toBeLessThan(5);
    expect(server.alive()).toBe(true);
  });
});
