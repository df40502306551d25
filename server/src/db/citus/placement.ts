/**
 * Places tables on a Citus cluster (docs/citus.md): when the `citus` extension is in the database, every
 * table not placed yet is made what `TABLE_KINDS` says at the end of the migration run that created it:
 * reference tables first, then distributed ones, each in the order it was created. Their foreign keys are
 * dropped meanwhile and made again once all are placed: making a table a reference table while a local table
 * points at it turns that one into a Citus local table, which Citus cannot distribute when other local tables
 * point at it or it has an identity column. Without the extension (PGlite, plain PostgreSQL) nothing happens.
 */
import { sql } from "kysely";
import type { Db } from "../database.ts";
import { DISTRIBUTION_COLUMN, TABLE_KINDS, type TableKind } from "./table-kinds.ts";

export async function hasCitus(db: Db): Promise<boolean> {
  const { rows } = await sql<{ present: boolean }>`
    select exists (select 1 from pg_extension where extname = 'citus') as present`.execute(db);
  return rows[0]?.present === true;
}

/** The kind a table is listed with; a table the list lacks stops the migration rather than stay unplaced. */
function kindOf(table: string): TableKind {
  const kind: TableKind | undefined = (TABLE_KINDS as Record<string, TableKind>)[table];
  if (!kind) throw new Error(`table ${table} is not listed in server/src/db/citus/table-kinds.ts`);
  return kind;
}

/**
 * Citus runs a transaction's statements on a table's shards over parallel connections unless told otherwise,
 * and refuses that after the same transaction wrote a reference table (migrations do both): one connection
 * per node then.
 */
export async function useOneConnectionPerNode(db: Db): Promise<void> {
  await sql`set local citus.multi_shard_modify_mode to 'sequential'`.execute(db);
}

interface ForeignKey {
  name: string;
  table: string;
  definition: string;
}

/** The foreign keys from or to the tables named, with what makes them again. */
async function foreignKeysOf(db: Db, tables: readonly string[]): Promise<ForeignKey[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<ForeignKey>`
    select c.conname as name, c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as definition
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace
      and (c.conrelid::regclass::text in (${sql.join(tables)}) or c.confrelid::regclass::text in (${sql.join(tables)}))
    order by c.oid`.execute(db);
  return rows;
}

export async function placeNewTables(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_dist_partition p where p.logicalrelid = c.oid)
    order by c.oid`.execute(db);
  const tables = rows.map(({ name }) => ({ name, kind: kindOf(name) }));
  const placed = tables.filter((table) => table.kind !== "local").map((table) => table.name);
  const foreignKeys = await foreignKeysOf(db, placed);
  for (const key of foreignKeys) {
    await sql`alter table ${sql.table(key.table)} drop constraint ${sql.ref(key.name)}`.execute(db);
  }
  for (const { name } of tables.filter((table) => table.kind === "reference")) {
    await sql`select create_reference_table(${name})`.execute(db);
  }
  for (const { name } of tables.filter((table) => table.kind === "distributed")) {
    await sql`select create_distributed_table(${name}, ${DISTRIBUTION_COLUMN})`.execute(db);
  }
  for (const key of foreignKeys) {
    await sql`alter table ${sql.table(key.table)} add constraint ${sql.ref(key.name)} ${sql.raw(key.definition)}`.execute(
      db,
    );
  }
}
