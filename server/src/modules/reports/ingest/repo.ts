/**
 * SQL of report ingest: SDK counters and affiliate daily totals are only appended (`sdk_event_raw`,
 * `affiliate_stat_raw`); the calculation folds them into the report tables later (pipeline/).
 */
import type { SdkEvent } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";

export type AppendOutcome = "appended" | "repeated" | "placementUnknown";

/**
 * A PostgreSQL array literal of values that need no quoting: numbers, and texts already checked to hold
 * none of `{},"\\` or spaces (an SDK event's hour and country). Far cheaper to build than pg's escaped arrays.
 */
const plainArray = (values: readonly (string | number)[]) => `{${values.join(",")}}`;

export interface SdkBatch {
  batchId: string;
  events: readonly SdkEvent[];
}

/**
 * Takes each batch id for an app and appends that batch's events, all in one statement (one round trip, one
 * commit), and answers each batch's outcome in order: nothing of a batch naming a placement that is not the
 * app's (`placementUnknown`) or whose id was taken before (`repeated`). App and ad style come from the
 * placements; events of one key are not added up here (the calculation folds them). Only batch ids' unique
 * keys are ever waited on, by another statement carrying the same id (a retry); the ids are claimed in sorted
 * order, so two such statements wait in line and never deadlock. The ids must differ within a call.
 */
export async function appendSdkBatches(
  db: Db,
  app: { companyId: number; appId: number },
  batches: readonly SdkBatch[],
): Promise<AppendOutcome[]> {
  const events = batches.flatMap((batch) => batch.events);
  const column = <K extends keyof SdkEvent>(key: K) => plainArray(events.map((event) => event[key]));
  const batchOfEvent = plainArray(batches.flatMap((batch, index) => batch.events.map(() => index + 1)));
  const placementIds = plainArray([...new Set(events.map((event) => event.adpos_id))]);
  const { rows } = await sql<{ unknown: boolean; fresh: boolean }>`
    with batch as (
      select * from unnest(${batches.map((batch) => batch.batchId)}::text[],
        ${plainArray(batches.map((batch) => batch.events.length))}::int[]) with ordinality as b(batch_id, event_count, n)
    ), event as (
      select * from unnest(${batchOfEvent}::int[], ${column("hour")}::timestamptz[], ${column("adpos_id")}::int[],
        ${column("country")}::text[], ${column("request")}::bigint[], ${column("fill")}::bigint[],
        ${column("show")}::bigint[], ${column("click")}::bigint[], ${column("revenue")}::numeric[])
        as u(n, hour, pos, country, request, fill, show, click, revenue)
    ), placement as (
      select id, ad_style from ad_position
      where company_id = ${app.companyId} and app_id = ${app.appId} and id = any(${placementIds}::int[])
    ), refused as (
      select distinct e.n from event e where not exists (select from placement p where p.id = e.pos)
    ), claimed as (
      insert into sdk_event_batch (company_id, app_id, batch_id, event_count)
      select ${app.companyId}, ${app.appId}, b.batch_id, b.event_count from batch b
      where b.n not in (select n from refused)
      order by b.batch_id
      on conflict (company_id, app_id, batch_id) do nothing
      returning batch_id
    ), appended as (
      insert into sdk_event_raw
        (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select ${app.companyId}, e.hour, e.pos, e.country, ${app.appId}, p.ad_style,
        e.request, e.fill, e.show, e.click, e.revenue
      from event e
      join placement p on p.id = e.pos
      join batch b on b.n = e.n
      where b.batch_id in (select batch_id from claimed)
    )
    select b.n in (select n from refused) as unknown, b.batch_id in (select batch_id from claimed) as fresh
    from batch b order by b.n`.execute(db);
  return rows.map((row) => (row.unknown ? "placementUnknown" : row.fresh ? "appended" : "repeated"));
}

export interface AffiliateValues {
  /** yyyy-MM-DD */
  dt: string;
  subChannel: string;
  offerId: string;
  pkgName: string;
  country: string;
  click: number;
  conversion: number;
  refuse: number;
  settleAmount: string;
  payout: string;
}

/** Appends a call's affiliate daily totals; the calculation keeps the latest call's values of each key. */
export async function appendAffiliateStats(db: Db, companyId: number, rows: readonly AffiliateValues[]) {
  if (rows.length === 0) return;
  await sql`
    with call as (select nextval('affiliate_stat_call') as id)
    insert into affiliate_stat_raw
      (company_id, call_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount,
       payout)
    select ${companyId}, call.id, u.*
    from call, unnest(
      ${rows.map((r) => r.dt)}::date[], ${rows.map((r) => r.subChannel)}::text[],
      ${rows.map((r) => r.offerId)}::text[], ${rows.map((r) => r.pkgName)}::text[],
      ${rows.map((r) => r.country)}::text[], ${rows.map((r) => r.click)}::bigint[],
      ${rows.map((r) => r.conversion)}::bigint[], ${rows.map((r) => r.refuse)}::bigint[],
      ${rows.map((r) => r.settleAmount)}::numeric[], ${rows.map((r) => r.payout)}::numeric[]
    ) as u(dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)`.execute(
    db,
  );
}

/** The placements of an app among some ids, with their ad style (for counting events). */
export async function placementsOfApp(db: Db, companyId: number, appId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom("ad_position")
    .select(["id", "ad_style"])
    .where("company_id", "=", companyId)
    .where("app_id", "=", appId)
    .where("id", "in", [...ids])
    .execute();
}
