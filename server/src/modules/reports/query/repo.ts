/**
 * SQL of report queries besides the report rows themselves: the days' statuses and data, the published
 * batches, and the names of report rows' apps and placements.
 */
import type { ReportKindValue, ReportStatusValue } from "@pc/contract";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import { isWithinDay, type KindModel } from "../model.ts";
import { staleColumn } from "../staleness.ts";

/** The statuses of a company's days of a kind in a range (days without a batch are absent). */
export async function dayStatuses(
  db: Db,
  day: { companyId: number; kind: ReportKindValue; from: string; to: string },
  timeZone: string,
) {
  const { rows } = await sql<{ dt: string; status: ReportStatusValue; stale: boolean; has_report: boolean }>`
    select to_char(b.dt, 'YYYY-MM-DD') as dt, b.status, ${staleColumn(timeZone, day.companyId)},
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

/**
 * Whether a company's report of a day has its day rows but no hour rows: calculated before hours were kept
 * (migration 0020), so its hours would not add up to it until it is calculated again.
 */
export async function hoursMissing(db: Db, model: KindModel, companyId: number, day: string) {
  const hourly = model.rollups.find((rollup) => rollup.dims.some((key) => isWithinDay(model, key)));
  if (!hourly) return false;
  const { rows } = await sql<{ missing: boolean }>`
    select exists (select from ${sql.table(model.dayTable)} where company_id = ${companyId} and dt = ${day}::date)
      and not exists (select from ${sql.table(hourly.table)} where company_id = ${companyId} and dt = ${day}::date)
      as missing`.execute(db);
  return rows[0]?.missing ?? false;
}

// ─── Names of report rows ───────────────────────────────────────────────────────────────────────────────

/** Apps of a company whose name contains a text (current names, and names of apps seen in reports). */
export async function appIdsNamed(db: Db, companyId: number, patterns: readonly string[]): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select id from app where company_id = ${companyId} and name ilike any(${[...patterns]}::text[])
    union
    select app_id from rpt_online_app where company_id = ${companyId}
      and name ilike any(${[...patterns]}::text[])`.execute(db);
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
