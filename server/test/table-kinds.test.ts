/**
 * Every table is placed on a Citus cluster on purpose (server/src/db/citus/table-kinds.ts) and can be placed
 * as listed: checked on the migrated schema of PGlite and PostgreSQL alike, so a new table or key that Citus
 * would refuse fails here before anyone runs a cluster. On a Citus coordinator, the tables are placed as listed.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DISTRIBUTION_COLUMN, TABLE_KINDS, type TableKind } from "../src/db/citus/table-kinds.ts";
import { startTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const kinds: Record<string, TableKind> = TABLE_KINDS;
const db = () => t.runtime.database.db;

async function tables(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`.execute(db());
  return rows.map((row) => row.name);
}

/** The columns of each table's primary key and unique indexes. */
async function uniqueKeys(): Promise<{ table: string; key: string; columns: string[] }[]> {
  const { rows } = await sql<{ table: string; key: string; columns: string[] }>`
    select t.relname as table, i.relname as key,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = t.oid and a.attnum = any(x.indkey) order by a.attname) as columns
    from pg_index x join pg_class t on t.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
    where t.relnamespace = 'public'::regnamespace and x.indisunique
    order by 1, 2`.execute(db());
  return rows;
}

async function foreignKeys(): Promise<{ from: string; to: string; columns: string[] }[]> {
  const { rows } = await sql<{ from: string; to: string; columns: string[] }>`
    select c.conrelid::regclass::text as from, c.confrelid::regclass::text as to,
      array(select a.attname::text from pg_attribute a
            where a.attrelid = c.conrelid and a.attnum = any(c.conkey) order by a.attname) as columns
    from pg_constraint c where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    order by 1, 2`.execute(db());
  return rows;
}

describe("the placement of every table on Citus", () => {
  it("lists every table of the schema", async () => {
    const unlisted = (await tables()).filter((table) => !(table in kinds));
    expect(unlisted).toEqual([]);
  });

  it("gives each distributed table the distribution column in every unique key", async () => {
    const keys = await uniqueKeys();
    const distributed = keys.filter((key) => kinds[key.table] === "distributed");
    expect(distributed.length).toBeGreaterThan(30);
    const without = distributed.filter((key) => !key.columns.includes(DISTRIBUTION_COLUMN));
    expect(without.map((key) => `${key.table}.${key.key}`)).toEqual([]);
  });

  it("keeps foreign keys within a company's shard or towards a reference table", async () => {
    // A Citus coordinator holds the shards of reference tables, whose foreign keys it lists too.
    const schema = new Set(await tables());
    const keys = (await foreignKeys()).filter((key) => schema.has(key.from));
    const refused = keys.filter(({ from, to, columns }) => {
      if (kinds[to] === "reference") return kinds[from] === "local";
      if (kinds[to] === "distributed")
        return kinds[from] !== "distributed" || !columns.includes(DISTRIBUTION_COLUMN);
      return kinds[from] !== "local";
    });
    expect(refused).toEqual([]);
  });

  it("places the tables as listed on a Citus coordinator", async () => {
    const { rows: citus } = await sql<{ present: boolean }>`
      select exists (select 1 from pg_extension where extname = 'citus') as present`.execute(db());
    if (!citus[0]?.present) return;
    const { rows } = await sql<{ name: string; kind: string }>`
      select table_name::text as name, citus_table_type as kind from citus_tables`.execute(db());
    const placed = Object.fromEntries(rows.map((row) => [row.name, row.kind]));
    const expected = Object.fromEntries(
      (await tables()).filter((table) => kinds[table] !== "local").map((table) => [table, kinds[table]]),
    );
    expect(placed).toEqual(expected);
  });
});
