/**
 * Hot statements (db/prepared.ts): the session lookup every authenticated call makes and the lists'
 * page and count queries are built once per shape, with each call's values filled in (both databases), and
 * prepared once per connection (sent unnamed, PostgreSQL planned each one on every call, more work than
 * running it; on PGlite's one session too, where the session lookup took 1.4 ms unnamed and 0.3 ms by name).
 */
import type { AppListAnswer, PlacementListAnswer, UserListAnswer } from "@pc/contract";
import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, demoPublisher, type Publisher } from "./support/publisher.ts";

/** The text of every statement prepared on any of the pool's connections. */
async function preparedOnPool(pool: pg.Pool): Promise<string[]> {
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const answers = await Promise.all(
      clients.map((client) =>
        client.query<{ statement: string }>("select statement from pg_prepared_statements"),
      ),
    );
    return answers.flatMap((answer) => answer.rows.map((row) => row.statement));
  } finally {
    for (const client of clients) client.release();
  }
}

/** The text of every statement prepared in the database's sessions. */
async function preparedStatements(): Promise<string[]> {
  const { pgPool, db } = t.runtime.database;
  if (pgPool) return preparedOnPool(pgPool);
  const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db);
  return rows.map((row) => row.statement);
}

let t: TestApp;
let demo: Publisher;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoPublisher(t.runtime.database.db);
});
afterAll(() => t.close());

const list = <T>(url: string, query: Record<string, string> = {}) =>
  callAs<T>(t.app, demo, { method: "GET", url, query });

// DATABASE_POOLER=transaction sends them unnamed (database-pooler.test.ts)
describe.skipIf(process.env.DATABASE_POOLER === "transaction")(
  "hot statements are prepared once per connection",
  () => {
    it("prepares the session lookup and each list's page and count", async () => {
      await list<AppListAnswer>("/v1/app/list");
      await list<PlacementListAnswer>("/v1/adpos/list");
      await list<UserListAnswer>("/v1/user/list", { plat_type: "3" });
      const statements = await preparedStatements();
      const prepared = (pattern: RegExp) => statements.some((text) => pattern.test(text));
      expect(prepared(/from "session_token"/)).toBe(true);
      for (const table of ["app", "ad_position", "app_user"]) {
        expect(prepared(new RegExp(`from "${table}" .*limit \\$\\d+ offset \\$\\d+$`))).toBe(true);
        expect(prepared(new RegExp(`^select count\\(\\*\\) as "count" from "${table}"`))).toBe(true);
      }
    });
  },
);

describe("a query built once per shape answers each call with its own values", () => {
  it("fills a reused statement with each call's values, past the fifth run", async () => {
    const all = await list<AppListAnswer>("/v1/app/list", { page_size: "100" });
    const [first, second] = all.data.list;
    if (!first || !second) throw new Error("the demo company has two apps");
    for (let call = 0; call < 6; call++) {
      // PostgreSQL may switch a prepared statement to a generic plan after its fifth run
      const app = call % 2 === 0 ? first : second;
      const named = await list<AppListAnswer>("/v1/app/list", { name: app.name, pkg: app.pkg });
      expect(named.data.list.map((row) => row.id)).toEqual([app.id]);
      const none = await list<AppListAnswer>("/v1/app/list", { name: `no such app ${call}` });
      expect(none.data).toEqual({ list: [], total: 0 });
    }
  });

  it("leaves out a filter that is not given, empty or given in another call", async () => {
    const all = await list<PlacementListAnswer>("/v1/adpos/list", { page_size: "100" });
    const [placement] = all.data.list;
    if (!placement) throw new Error("the demo company has placements");
    const byId = await list<PlacementListAnswer>("/v1/adpos/list", { id: String(placement.id) });
    expect(byId.data.list.map((row) => row.id)).toEqual([placement.id]);
    const empty = await list<PlacementListAnswer>("/v1/adpos/list", { page_size: "100", name: "" });
    expect(empty.data.total).toBe(all.data.total);
    const byStyle = await list<PlacementListAnswer>("/v1/adpos/list", {
      page_size: "100",
      ad_style: String(placement.ad_style),
    });
    expect(byStyle.data.list.every((row) => row.ad_style === placement.ad_style)).toBe(true);
    expect(byStyle.data.list.map((row) => row.id)).toContain(placement.id);
    const page2 = await list<PlacementListAnswer>("/v1/adpos/list", { page_no: "2", page_size: "1" });
    expect(page2.data.list.map((row) => row.id)).toEqual([all.data.list[1]?.id]);
  });
});
