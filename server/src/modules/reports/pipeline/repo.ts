/**
 * SQL of the calculation pipeline: folding appended raw data into the report tables, and the batch queue
 * (`report_batch`: queued, claimed with FOR UPDATE SKIP LOCKED under a renewed lease, finished or failed).
 */
import type { ReportKindValue, ReportStatusValue } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import { CLAIM_CANDIDATES, claimFirst } from "../../../lib/claim-first.ts";
import type { DayRange } from "../days.ts";

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
        modify_time = excluded.modify_time
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
      settle_amount = excluded.settle_amount, payout = excluded.payout, modify_time = excluded.modify_time`.execute(
    db,
  );
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
      reason = null, publish_time = null, modify_time = excluded.modify_time, modify_user_id = excluded.modify_user_id`.execute(
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
 * rows another worker takes meanwhile (`claimFirst`): it becomes `calculating` under this claim id,
 * committed at once so every process sees it.
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
  const claimable = sql`((status = 'pending' and queued) or (status = 'calculating'
      and coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${leaseSeconds})))`;
  const parts = [claimable];
  if (scope.companyIds) parts.push(sql`company_id = any(${[...scope.companyIds]}::int[])`);
  if (scope.kinds) parts.push(sql`kind = any(${[...scope.kinds]}::text[])`);
  if (scope.dt) parts.push(sql`dt = ${scope.dt}::date`);
  const { rows: candidates } = await sql<{ company_id: number; kind: ReportKindValue; dt: string }>`
    select company_id, kind, to_char(dt, 'YYYY-MM-DD') as dt from report_batch
    where ${sql.join(parts, sql` and `)}
    order by dt desc, company_id, kind
    limit ${CLAIM_CANDIDATES}`.execute(db);
  return claimFirst(candidates, async (batch) => {
    const { rows } = await sql<{ publish_after: boolean }>`
      update report_batch set status = 'calculating', queued = false, claim_id = ${claimId},
        started_at = now(), heartbeat_at = now(), attempts = attempts + 1, modify_time = now()
      where company_id = ${batch.company_id} and kind = ${batch.kind} and dt = ${batch.dt}::date
        and ${claimable}
      returning publish_after`.execute(db);
    return rows[0] && { ...batch, claim_id: claimId, publish_after: rows[0].publish_after };
  });
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

/**
 * Records a range of seeded days of a kind (the demo seed): every day published except the last, which is
 * calculated and waits to be published; `counts` holds each day's rows (yyyy-MM-DD → count).
 */
export async function insertSeededBatches(
  db: Db,
  companyId: number,
  kind: ReportKindValue,
  days: DayRange,
  counts: ReadonlyMap<string, number>,
) {
  await sql`
    insert into report_batch
      (company_id, kind, dt, status, row_count, calculate_time, publish_time, attempts)
    select ${companyId}, ${kind}, d.dt::date,
      case when d.dt::date = ${days.to}::date then 'calculated' else 'published' end,
      coalesce((${JSON.stringify(Object.fromEntries(counts))}::jsonb ->> to_char(d.dt, 'YYYY-MM-DD'))::int, 0),
      now(), case when d.dt::date = ${days.to}::date then null else now() end, 1
    from generate_series(${days.from}::date, ${days.to}::date, interval '1 day') as d(dt)
    on conflict (company_id, kind, dt) do nothing`.execute(db);
}
