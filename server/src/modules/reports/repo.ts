/**
 * SQL of the reports module: raw data (SDK counters, affiliate stats), the batch queue and statuses
 * (`report_batch`, claimed with FOR UPDATE SKIP LOCKED), and the name lookups of report rows.
 */
import type { ReportKindValue, ReportStatusValue } from "@pc/contract";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";

/**
 * Whether the report of batch `b` is stale: it was calculated, and data of its day arrived since (appended
 * rows of the day wait to be folded in).
 */
const staleColumn = (timeZone: string) => sql`(b.status in ('calculated', 'published') and case b.kind
    when 'online' then exists (select from sdk_event_raw r where r.company_id = b.company_id
      and r.hour >= (b.dt::timestamp at time zone ${timeZone})
      and r.hour < ((b.dt + 1)::timestamp at time zone ${timeZone}))
    else exists (select from affiliate_stat_raw r where r.company_id = b.company_id and r.dt = b.dt)
  end) as stale`;

// ─── Batches ────────────────────────────────────────────────────────────────────────────────────────────

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

const batchColumns = (timeZone: string) => sql`b.company_id, c.name as company_name, b.kind,
  to_char(b.dt, 'YYYY-MM-DD') as dt, b.status, ${staleColumn(timeZone)}, b.reason, b.row_count, b.calculate_time,
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
    select ${batchColumns(timeZone)} from report_batch b join company c on c.id = b.company_id
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

/** The statuses of a company's days of a kind in a range (days without a batch are absent). */
export async function dayStatuses(
  db: Db,
  day: { companyId: number; kind: ReportKindValue; from: string; to: string },
  timeZone: string,
) {
  const { rows } = await sql<{ dt: string; status: ReportStatusValue; stale: boolean; has_report: boolean }>`
    select to_char(b.dt, 'YYYY-MM-DD') as dt, b.status, ${staleColumn(timeZone)},
      b.calculate_time is not null as has_report
    from report_batch b
    where b.company_id = ${day.companyId} and b.kind = ${day.kind}
      and b.dt between ${day.from}::date and ${day.to}::date`.execute(db);
  return rows;
}

/** Whether the report tables of a kind have rows of a company in the hours (online) or days (offline) of a day. */
const dayHasData = (kind: ReportKindValue, companyId: number, dt: RawBuilder<unknown>, timeZone: string) => {
  if (kind === "online") {
    const hours = sql`hour >= (${dt}::timestamp at time zone ${timeZone})
      and hour < ((${dt} + 1)::timestamp at time zone ${timeZone})`;
    return sql<boolean>`(exists (select from sdk_event_hourly where company_id = ${companyId} and ${hours})
      or exists (select from sdk_event_raw where company_id = ${companyId} and ${hours}))`;
  }
  return sql<boolean>`(exists (select from affiliate_stat where company_id = ${companyId} and dt = ${dt})
    or exists (select from affiliate_stat_raw where company_id = ${companyId} and dt = ${dt}))`;
};

/**
 * The days of a range (yyyy-MM-DD) on which a company has data of a kind: received, whether folded by a
 * calculation or still appended. One probe of each table's (company, time) index per day.
 */
export async function daysWithData(
  db: Db,
  range: { companyId: number; kind: ReportKindValue; from: string; to: string },
  timeZone: string,
): Promise<Set<string>> {
  const { rows } = await sql<{ dt: string }>`
    select to_char(d.dt, 'YYYY-MM-DD') as dt
    from (select day::date as dt from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as g(day)) d
    where ${dayHasData(range.kind, range.companyId, sql`d.dt`, timeZone)}`.execute(db);
  return new Set(rows.map((row) => row.dt));
}

/**
 * The first publisher company (by id) with a published report of a kind holding rows between two days
 * (yyyy-MM-DD), or null.
 */
export async function firstCompanyWithPublished(
  db: Db,
  kind: ReportKindValue,
  from: string,
  to: string,
): Promise<number | null> {
  const { rows } = await sql<{ company_id: number }>`
    select b.company_id from report_batch b join company c on c.id = b.company_id
    where not c.is_operator and b.kind = ${kind} and b.status = 'published' and b.row_count > 0
      and b.dt between ${from}::date and ${to}::date
    order by b.company_id limit 1`.execute(db);
  return rows[0]?.company_id ?? null;
}

/** Every published batch from a day on (yyyy-MM-DD), with when it was published. */
export async function publishedBatchesFrom(db: Db, from: string) {
  const { rows } = await sql<{ company_id: number; kind: ReportKindValue; dt: string; publish_time: Date }>`
    select company_id, kind, to_char(dt, 'YYYY-MM-DD') as dt, publish_time from report_batch
    where status = 'published' and publish_time is not null and dt >= ${from}::date
    order by company_id, kind, dt`.execute(db);
  return rows;
}

/** A company's last published day of a kind (yyyy-MM-DD) up to a day, or null. */
export async function lastPublishedDay(
  db: Db,
  companyId: number,
  kind: ReportKindValue,
  to: string,
): Promise<string | null> {
  const { rows } = await sql<{ dt: string }>`
    select to_char(dt, 'YYYY-MM-DD') as dt from report_batch
    where company_id = ${companyId} and kind = ${kind} and status = 'published' and dt <= ${to}::date
    order by dt desc limit 1`.execute(db);
  return rows[0]?.dt ?? null;
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

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  const row = await db.selectFrom("company").select("id").where("id", "=", companyId).executeTakeFirst();
  return row !== undefined;
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
    select ${batchColumns(timeZone)} from report_batch b join company c on c.id = b.company_id
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

// ─── Names of report rows ───────────────────────────────────────────────────────────────────────────────

/** Apps of a company whose name contains a text (current names, and names of apps seen in reports). */
export async function appIdsNamed(db: Db, companyId: number, pattern: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from app where company_id = ${companyId} and name ilike ${pattern}
    union
    select app_id from rpt_online_app where company_id = ${companyId} and name ilike ${pattern}`.execute(db);
  return rows.map((row) => row.id);
}

export async function appNames(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; name: string }>`
    select coalesce(a.id, r.app_id) as id, coalesce(a.name, r.name) as name
    from (select id, name from app where company_id = ${companyId} and id = any(${[...ids]}::int[])) a
    full join (select app_id, name from rpt_online_app
      where company_id = ${companyId} and app_id = any(${[...ids]}::int[])) r on r.app_id = a.id`.execute(db);
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function placementNames(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("ad_position")
    .select(["id", "name"])
    .where("company_id", "=", companyId)
    .where("id", "in", [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
