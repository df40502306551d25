/**
 * Hot statements are prepared once per connection (issue 15, db/prepared.ts): the session lookup every
 * authenticated call makes and the lists' page and count queries. Sent unnamed, PostgreSQL planned each one
 * on every call, more work than running it. PostgreSQL only: PGlite runs statements unnamed.
 */
import type { AppListAnswer, PlacementListAnswer, UserListAnswer } from "@pc/contract";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, demoPublisher, type Publisher } from "./support/publisher.ts";

/** The text of every statement prepared on any of the pool's connections. */
async function preparedStatements(pool: pg.Pool): Promise<string[]> {
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const answers = await Promise.all(
      clients.map((client) => client.query<{ statement: string }>("select statement from pg_prepared_statements")),
    );
    return answers.flatMap((answer) => answer.rows.map((row) => row.statement));
  } finally {
    for (const client of clients) client.release();
  }
}

describe.skipIf(!process.env.DATABASE_URL)("hot statements are prepared once per connection", () => {
  let t: TestApp;
  let demo: Publisher;
  beforeAll(async () => {
    t = await startTestApp();
    demo = await demoPublisher(t.runtime.database.db);
  });
  afterAll(() => t.close());

  const list = <T>(url: string, query: Record<string, string> = {}) =>
    callAs<T>(t.app, demo, { method: "GET", url, query });

  it("prepares the session lookup and each list's page and count", async () => {
    await list<AppListAnswer>("/v1/app/list");
    await list<PlacementListAnswer>("/v1/adpos/list");
    await list<UserListAnswer>("/v1/user/list", { plat_type: "3" });
    const pool = t.runtime.database.pgPool;
    if (!pool) throw new Error("PostgreSQL has a pool");
    const statements = await preparedStatements(pool);
    const prepared = (pattern: RegExp) => statements.some((text) => pattern.test(text));
    expect(prepared(/from "session_token"/)).toBe(true);
    for (const table of ["app", "ad_position", "app_user"]) {
      expect(prepared(new RegExp(`from "${table}" .*limit \\$\\d+ offset \\$\\d+$`))).toBe(true);
      expect(prepared(new RegExp(`^select count\\(\\*\\) as "count" from "${table}"`))).toBe(true);
    }
  });

  it("answers each call with its own values when the statement is reused", async () => {
    const all = await list<AppListAnswer>("/v1/app/list", { page_size: "100" });
    const [first] = all.data.list;
    if (!first) throw new Error("the demo company has apps");
    for (let call = 0; call < 6; call++) {
      // past PostgreSQL's fifth execution, when it may switch a prepared statement to a generic plan
      const named = await list<AppListAnswer>("/v1/app/list", { name: first.name });
      expect(named.data.list.map((app) => app.id)).toContain(first.id);
      expect(named.data.total).toBeLessThanOrEqual(all.data.total);
      const none = await list<AppListAnswer>("/v1/app/list", { name: `no such app ${call}` });
      expect(none.data).toEqual({ list: [], total: 0 });
    }
  });
});
