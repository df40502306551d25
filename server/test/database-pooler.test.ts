/**
 * A pooler in transaction mode (PgBouncer pool_mode=transaction) hands each transaction any server
 * connection: DATABASE_POOLER=transaction keeps no state on a connection, and a server that was not told
 * fails readiness once the database refuses its named statements. CI also runs the whole API suite through
 * PgBouncer in transaction mode (.ci/run).
 */
import { type AppListAnswer, Code } from "@pc/contract";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, demoPublisher } from "./support/publisher.ts";

/** Runs `work` on every connection the pool holds (each taken at once, so none is handed out twice). */
async function onEveryConnection<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T[]> {
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    return await Promise.all(clients.map(work));
  } finally {
    for (const client of clients) client.release();
  }
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function poolOf(app: TestApp): Promise<pg.Pool> {
  const pool = app.runtime.database.pgPool;
  if (!pool) throw new Error("PostgreSQL has a pool");
  return pool;
}

async function appLists(app: TestApp, count: number) {
  const demo = await demoPublisher(app.runtime.database.db);
  return Promise.all(
    Array.from({ length: count }, () =>
      callAs<AppListAnswer>(app.app, demo, { method: "GET", url: "/v1/app/list" }),
    ),
  );
}

describe.skipIf(!process.env.DATABASE_URL)("behind a pooler in transaction mode", () => {
  it("answers 40 concurrent calls and leaves no statement on any connection", async () => {
    t = await startTestApp({ DATABASE_POOLER: "transaction" });
    const answers = await appLists(t, 40);
    expect(answers.map((answer) => answer.code)).toEqual(answers.map(() => Code.Ok));
    const prepared = await onEveryConnection(await poolOf(t), async (client) =>
      (await client.query("select name from pg_prepared_statements")).rows.map((row) => row.name),
    );
    expect(prepared.flat()).toEqual([]);
  });
});

describe.skipIf(!process.env.DATABASE_URL || process.env.DATABASE_POOLER === "transaction")(
  "a database that refuses the server's named statements",
  () => {
    it("fails readiness, and says what to set", async () => {
      t = await startTestApp();
      expect((await appLists(t, 1))[0]?.code).toBe(Code.Ok);
      expect((await t.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);

      // What a pooler in transaction mode does: the next call's connection lacks the statements it named.
      await onEveryConnection(await poolOf(t), (client) => client.query("deallocate all"));
      const [failed] = await appLists(t, 1);
      expect(failed).toMatchObject({ status: 500, code: Code.SystemError });

      const ready = await t.app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(503);
      expect(ready.body).toBe(
        "database refuses statements: a named prepared statement is missing on its connection",
      );
      expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    });
  },
);
