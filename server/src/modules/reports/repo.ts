/**
 * SQL of the reports module: raw data (SDK counters, affiliate stats), the batch queue and statuses
 * (`report_batch`, claimed with FOR UPDATE SKIP LOCKED), and the name lookups of report rows.
 */
import type { ReportKindValue, ReportStatusValue } from "@pc/contract";
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";

// ─── Raw data ───────────────────────────────────────────────────────────────────────────────────────────

/** The instants bounding report days (yyyy-MM-DD, both included) in a time zone. */
const hoursOf = (from: string, to: string, timeZone: string) => ({
  start: sql`(${from}::date::timestamp at time zone ${timeZone})`,
  end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
});

/**
 * Moves the SDK counters appended for these report days into `sdk_event_hourly`, adding them up per key; at
 * most `limit` raw rows when given (any of them: the fold only adds, so any split sums the same). Answers how
 * many raw rows it moved. Run by the calculation, inside its transaction: counters appended meanwhile stay for
 * the next one.
 */
export async function foldSdkEvents(
  db: Db,
  companyId: number,
  from: string,
  to: string,
  timeZone: string,
  limit?: number,
): Promise<number> {
  const { start, end } = hoursOf(from, to, timeZone);
  const ofDays = sql`company_id = ${companyId} and hour >= ${start} and hour < ${end}`;
  const taken =
    limit === undefined
      ? ofDays
      : sql`ctid = any(array(select ctid from sdk_event_raw where ${ofDays} limit ${limit}))`;
  const { rows } = await sql<{ moved: number }>`
    with moved as (
      delete from sdk_event_raw where ${taken}
      returning hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue
    ), folded as (
      insert into sdk_event_hourly
        (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select ${companyId}, hour, ad_position_id, country, max(app_id), max(ad_style),
        sum(request), sum(fill), sum(show), sum(click), sum(revenue)
      from moved group by hour, ad_position_id, country
      on conflict (company_id, hour, ad_position_id, country) do update set
        request = sdk_event_hourly.request + excluded.request,
        fill = sdk_event_hourly.fill + excluded.fill,
        show = sdk_event_hourly.show + excluded.show,
        click = sdk_event_hourly.click + excluded.click,
        revenue = sdk_event_hourly.revenue + excluded.revenue,
        modify_time = now()
    )
    select count(*)::int as moved from moved`.execute(db);
  return rows[0]?.moved ?? 0;
}

/** Moves the affiliate totals appended for these days into `affiliate_stat`: the latest of each key wins. */
export async function foldAffiliateStats(db: Db, companyId: number, from: string, to: string) {
  await sql`
    with moved as (
      delete from affiliate_stat_raw
      where company_id = ${companyId} and dt between ${from}::date and ${to}::date
      returning *
    ), latest as (
      select distinct on (dt, sub_channel, offer_id, pkg_name, country) * from moved
      order by dt, sub_channel, offer_id, pkg_name, country, call_id desc
    )
    insert into affiliate_stat
      (company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)
    select company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout
    from latest
    on conflict (company_id, dt, sub_channel, offer_id, pkg_name, country) do update set
      click = excluded.click, conversion = excluded.conversion, refuse = excluded.refuse,
      settle_amount = excluded.settle_amount, payout = excluded.payout, modify_time = now()`.execute(db);
}

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

/** Locks a batch row and answers it; `has_report`: a calculation of it finished (and was not deleted). */
export async function lockBatch(db: Db, companyId: number, kind: ReportKindValue, dt: string) {
  const { rows } = await sql<{ status: ReportStatusValue; has_report: boolean }>`
    select status, calculate_time is not null as has_report from report_batch
    where company_id = ${companyId} and kind = ${kind} and dt = ${dt}::date
    for update`.execute(db);
  return rows[0];
}

/** Queues a calculation: pending and queued, unpublished at once; publish_after says what follows. */
export async function queueBatch(
  db: Db,
  batch: {
    companyId: number;
    kind: ReportKindValue;
    dt: string;
    publishAfter: boolean;
    userId: number | null;
  },
) {
  await sql`
    insert into report_batch (company_id, kind, dt, status, queued, publish_after, modify_user_id)
    values (${batch.companyId}, ${batch.kind}, ${batch.dt}::date, 'pending', true, ${batch.publishAfter},
      ${batch.userId})
    on conflict (company_id, kind, dt) do update set
      status = 'pending', queued = true, publish_after = excluded.publish_after, claim_id = null,
      reason = null, publish_time = null, modify_time = now(), modify_user_id = excluded.modify_user_id`.execute(
    db,
  );
}

/** Queues the day for every publishing company that has no batch of it yet (the scheduler's day). */
export async function queueMissingBatches(db: Db, dt: string, publishAfter: boolean): Promise<number> {
  const result = await sql`
    insert into report_batch (company_id, kind, dt, status, queued, publish_after)
    select c.id, k.kind, ${dt}::date, 'pending', true, ${publishAfter}
    from company c cross join (values ('online'), ('offline')) as k(kind)
    where not c.is_operator
    on conflict (company_id, kind, dt) do nothing`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface Claim {
  company_id: number;
  kind: ReportKindValue;
  dt: string;
  claim_id: string;
  publish_after: boolean;
}

/**
 * Claims one queued batch, or one whose calculation stopped renewing its lease (its process died), skipping
 * rows another worker holds: it becomes `calculating` under this claim id, committed at once so every
 * process sees it.
 */
export async function claimBatch(
  db: Db,
  claimId: string,
  scope: {
    companyIds: readonly number[] | null;
    kinds: readonly ReportKindValue[] | null;
    dt: string | null;
  },
  leaseSeconds: number,
): Promise<Claim | undefined> {
  const parts = [
    sql`((status = 'pending' and queued) or (status = 'calculating'
      and coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${leaseSeconds})))`,
  ];
  if (scope.companyIds) parts.push(sql`company_id = any(${[...scope.companyIds]}::int[])`);
  if (scope.kinds) parts.push(sql`kind = any(${[...scope.kinds]}::text[])`);
  if (scope.dt) parts.push(sql`dt = ${scope.dt}::date`);
  const { rows } = await sql<Claim>`
    update report_batch set status = 'calculating', queued = false, claim_id = ${claimId},
      started_at = now(), heartbeat_at = now(), attempts = attempts + 1, modify_time = now()
    where (company_id, kind, dt) in (
      select company_id, kind, dt from report_batch where ${sql.join(parts, sql` and `)}
      order by dt desc, company_id, kind
      limit 1
      for update skip locked)
    returning company_id, kind, to_char(dt, 'YYYY-MM-DD') as dt, claim_id, publish_after`.execute(db);
  return rows[0];
}

const claimed = (claim: Claim) => sql`company_id = ${claim.company_id} and kind = ${claim.kind}
  and dt = ${claim.dt}::date and claim_id = ${claim.claim_id}`;

/** Whether a claim still holds its batch (a recalculation, a delete or a takeover ends it). */
export async function claimHolds(db: Db, claim: Claim): Promise<boolean> {
  const { rows } = await sql`select 1 as held from report_batch
    where ${claimed(claim)} and status = 'calculating'`.execute(db);
  return rows.length > 0;
}

/** Renews a running calculation's lease (a no-op once the claim is finished or taken over). */
export async function renewLease(db: Db, claim: Claim): Promise<void> {
  await sql`update report_batch set heartbeat_at = now()
    where ${claimed(claim)} and status = 'calculating'`.execute(db);
}

/**
 * Serializes the writers of a company's report rows of a kind (the calculation, a delete) until the
 * transaction ends: a day's rows are never written by two at once, nor the span blocks shared by its days.
 * Taken before any report row, and before the batch row, so no two writers wait on each other crosswise.
 */
export async function lockReportRows(db: Db, companyId: number, kind: ReportKindValue): Promise<void> {
  await sql`select pg_advisory_xact_lock(${companyId}, hashtext(${`report:${kind}`}))`.execute(db);
}

/**
 * Records a calculation's result if its claim still holds; false when a recalculation, a delete or
 * another worker took the batch meanwhile (the caller then rolls its work back).
 */
export async function finishBatch(
  db: Db,
  claim: Claim,
  outcome: { published: boolean; rowCount: number },
): Promise<boolean> {
  const { rows } = await sql`
    update report_batch set status = ${outcome.published ? "published" : "calculated"}, claim_id = null,
      reason = null, row_count = ${outcome.rowCount}, calculate_time = now(),
      publish_time = ${outcome.published ? sql`now()` : sql`null`}, modify_time = now()
    where ${claimed(claim)} and status = 'calculating'
    returning claim_id`.execute(db);
  return rows.length > 0;
}

/** Records a failed calculation, unless another request took the batch over meanwhile. */
export async function failBatch(db: Db, claim: Claim, reason: string): Promise<void> {
  await sql`
    update report_batch set status = 'error', claim_id = null, reason = ${reason.slice(0, 500)},
      modify_time = now()
    where ${claimed(claim)}`.execute(db);
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

/** A deleted report's batch: back to pending, not queued (the scheduler leaves it alone). */
export async function resetBatch(
  db: Db,
  companyId: number,
  kind: ReportKindValue,
  dt: string,
  userId: number | null,
): Promise<void> {
  await sql`
    update report_batch set status = 'pending', queued = false, claim_id = null, reason = null,
      row_count = null, calculate_time = null, publish_time = null, modify_time = now(),
      modify_user_id = ${userId}
    where company_id = ${companyId} and kind = ${kind} and dt = ${dt}::date`.execute(db);
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
