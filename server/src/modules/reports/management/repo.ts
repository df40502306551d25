/**
 * SQL of report management: the batches (`report_batch`) of days as operator admins list them, and their
 * publishing.
 */
import type { ReportKindValue, ReportStatusValue } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import { staleColumn } from "../staleness.ts";

export interface BatchRecord {
  company_id: number;
  company_name: string;
  kind: ReportKindValue;
  dt: string;
  status: ReportStatusValue;
  stale: boolean;
  reason: string | null;
  row_count: number | null;
  calculate_time: Date | null;
  publish_time: Date | null;
  modify_time: Date;
}

/** The columns of a batch; `companyId` when every batch is that company's (staleColumn). */
const batchColumns = (
  timeZone: string,
  companyId: number | null,
) => sql`b.company_id, c.name as company_name, b.kind,
  to_char(b.dt, 'YYYY-MM-DD') as dt, b.status, ${staleColumn(timeZone, companyId)}, b.reason, b.row_count, b.calculate_time,
  b.publish_time, b.modify_time`;

export interface BatchFilter {
  companyId: number | null;
  kind: ReportKindValue | null;
  status: ReportStatusValue | null;
  /** yyyy-MM-DD */
  from: string;
  to: string;
}

function batchWhere(filter: BatchFilter) {
  const parts = [sql`b.dt between ${filter.from}::date and ${filter.to}::date`];
  if (filter.companyId !== null) parts.push(sql`b.company_id = ${filter.companyId}`);
  if (filter.kind !== null) parts.push(sql`b.kind = ${filter.kind}`);
  if (filter.status !== null) parts.push(sql`b.status = ${filter.status}`);
  return sql.join(parts, sql` and `);
}

export async function listBatches(
  db: Db,
  filter: BatchFilter,
  page: { limit: number; offset: number },
  timeZone: string,
) {
  const { rows } = await sql<BatchRecord>`
    select ${batchColumns(timeZone, filter.companyId)} from report_batch b join company c on c.id = b.company_id
    where ${batchWhere(filter)}
    order by b.dt desc, b.company_id, b.kind
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows;
}

export async function countBatches(db: Db, filter: BatchFilter): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from report_batch b where ${batchWhere(filter)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The publishing companies (every company but the operator's), for calls naming no company. */
export async function publisherCompanyIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom("company")
    .select("id")
    .where("is_operator", "=", false)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}
/** Publishes calculated batches of a day; answers how many changed. */
export async function publishBatches(
  db: Db,
  kind: ReportKindValue,
  dt: string,
  companyIds: readonly number[] | null,
  userId: number | null,
): Promise<number> {
  const result = await sql`
    update report_batch set status = 'published', publish_time = now(), modify_time = now(),
      modify_user_id = ${userId}
    where kind = ${kind} and dt = ${dt}::date and status = 'calculated'
      ${companyIds ? sql`and company_id = any(${[...companyIds]}::int[])` : sql``}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function batchesOfDay(
  db: Db,
  kind: ReportKindValue,
  dt: string,
  companyIds: readonly number[] | null,
  timeZone: string,
): Promise<BatchRecord[]> {
  const { rows } = await sql<BatchRecord>`
    select ${batchColumns(timeZone, null)} from report_batch b join company c on c.id = b.company_id
    where b.kind = ${kind} and b.dt = ${dt}::date
      ${companyIds ? sql`and b.company_id = any(${[...companyIds]}::int[])` : sql``}
    order by b.company_id`.execute(db);
  return rows;
}

/** Companies having a batch of the day and kind (a delete for every company reaches these). */
export async function companiesWithBatch(db: Db, kind: ReportKindValue, dt: string): Promise<number[]> {
  const { rows } = await sql<{ company_id: number }>`
    select company_id from report_batch where kind = ${kind} and dt = ${dt}::date order by company_id`.execute(
    db,
  );
  return rows.map((row) => row.company_id);
}
