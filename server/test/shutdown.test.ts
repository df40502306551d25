/**
 * Shutdown: the real server process gets SIGTERM twice, as npm forwards a group signal;
 * the calls in flight finish, a call arriving on an open connection answers the 608 envelope, exit 0.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./support/app.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { loginBodyOverHttp, tokenOverHttp } from "./support/http-sign-in.ts";
import { openRawConnection } from "./support/raw-http.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { lockTable, type TableLock } from "./support/table-lock.ts";

/** Resolves once the server accepts no new connection: it is closing. */
async function refusesConnections(url: string, limitMs = 5000) {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.once("connect", () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("error", () => resolve(true));
    });
    if (refused) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`still accepting connections after ${limitMs} ms`);
}

describe("shutdown", () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let lock: TableLock | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess(database.url ? { DATABASE_URL: database.url } : {}, 120_000);
  });

  afterAll(async () => {
    await lock?.release();
    await server?.stop();
    await database?.drop();
  });

  it("drains the calls in flight on two SIGTERMs and answers arriving calls 608", async () => {
    const { url } = server;
    const token = await tokenOverHttp(url, DEMO_EMAIL, DEMO_PASSWORD);

    // On PostgreSQL, a call held inside the database: its query waits for a lock of another session.
    let held: Promise<Response> | undefined;
    if (database.url) {
      lock = await lockTable(database.url, "app");
      held = fetch(`${url}/v1/app/list`, { headers: { token } });
      await lock.waitForBlockedCall();
    }
    // A sign-in whose body is still arriving: in flight on either database.
    const loginBody = await loginBodyOverHttp(url, DEMO_EMAIL, DEMO_PASSWORD);
    const slowBody = await openRawConnection(url);
    const half = Math.floor(loginBody.length / 2);
    slowBody.write(
      "POST /v1/passport/user/login HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${Buffer.byteLength(loginBody)}\r\n\r\n${loginBody.slice(0, half)}`,
    );
    // A kept-alive connection, used once, whose next call has begun arriving.
    const keptAlive = await openRawConnection(url);
    keptAlive.write("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n");
    expect((await keptAlive.answer()).status).toBe(200);
    keptAlive.write(`GET /v1/app/list HTTP/1.1\r\nHost: test\r\ntoken: ${token}\r\n`);

    server.child.kill("SIGTERM");
    await server.waitForLog((line) => line.msg.startsWith("shutting down"));
    server.child.kill("SIGTERM");
    await server.waitForLog((line) => line.msg.startsWith("already shutting down"));
    await refusesConnections(url);
    expect(server.alive()).toBe(true);

    keptAlive.write("\r\n");
    const arriving = await keptAlive.answer();
    expect(arriving.status).toBe(503);
    expect(arriving.headers["retry-after"]).toBe("2");
    expect(arriving.headers.connection).toBe("close");
    expect(JSON.parse(arriving.body)).toMatchObject({ code: 608, data: null });

    slowBody.write(loginBody.slice(half));
    const signedIn = await slowBody.answer();
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.connection).toBe("close");
    expect(JSON.parse(signedIn.body)).toMatchObject({ code: 200 });

    if (held && lock) {
      expect(server.alive()).toBe(true);
      await lock.release();
      lock = undefined;
      const list = await held;
      expect(list.status).toBe(200);
      expect(await list.json()).toMatchObject({ code: 200 });
    }
    expect(await server.exited).toBe(0);
  });
});
