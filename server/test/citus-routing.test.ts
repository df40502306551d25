/**
 * On a Citus cluster, what a publisher does reads and writes the one shard of its company: every call the
 * publisher makes (support/endpoint-calls.ts: sign-in, the console's pages, the SDK, the reports) runs no
 * statement that visits several shards. Citus counts both kinds per database (`citus_stat_counters`, turned on
 * for the tests' databases by support/database.ts). Runs only when DATABASE_URL names a coordinator.
 */
import { Code } from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { onCitus } from "./support/database.ts";
import {
  endpointCalls,
  homeOf,
  isOperatorCall,
  type Owner,
  operatorOf,
  requestOf,
} from "./support/endpoint-calls.ts";

let t: TestApp;
let home: Owner;
let operator: Owner;
const db = () => t.runtime.database.db;
const { calls } = endpointCalls({ app: () => t.app, db, operator: () => operator });

interface ShardCounts {
  single: number;
  multi: number;
}

async function resetCounts(): Promise<void> {
  await sql`select citus_stat_counters_reset(oid) from pg_database where datname = current_database()`.execute(
    db(),
  );
}

async function counts(): Promise<ShardCounts> {
  const { rows } = await sql<{ single: string; multi: string }>`
    select query_execution_single_shard as single, query_execution_multi_shard as multi
    from citus_stat_counters where name = current_database()`.execute(db());
  const [row] = rows;
  if (!row) throw new Error("citus_stat_counters has no row for this database");
  return { single: Number(row.single), multi: Number(row.multi) };
}

describe.runIf(await onCitus())("one shard per publisher on Citus", () => {
  beforeAll(async () => {
    t = await startTestApp();
    home = await homeOf(db());
    operator = await operatorOf(db());
  }, 180_000);
  afterAll(() => t?.close());

  it("counts a statement about one company as single-shard and one about all as multi-shard", async () => {
    await resetCounts();
    await db().selectFrom("app").select("id").where("company_id", "=", home.companyId).execute();
    expect(await counts()).toEqual({ single: 1, multi: 0 });
    await db().selectFrom("app").select("id").execute();
    expect((await counts()).multi).toBe(1);
  });

  // The operators' calls act on every company by design; a publisher's act on its own.
  for (const call of calls.filter((each) => !isOperatorCall(each))) {
    it(`${call.method} ${call.url} reads one shard when a publisher calls it`, async () => {
      const request = await requestOf(
        call,
        home,
        { user: { companyId: home.companyId, userId: home.adminId } },
        db(),
      );
      await resetCounts();
      const answer = await t.app.inject(request);
      const seen = await counts();
      expect(answer.statusCode, answer.body.slice(0, 300)).toBe(200);
      if (String(answer.headers["content-type"]).startsWith("application/json")) {
        expect(answer.json<{ code: number }>().code, answer.body.slice(0, 300)).toBe(Code.Ok);
      }
      expect(seen.multi, `${call.method} ${call.url} visited several shards`).toBe(0);
    });
  }
});
