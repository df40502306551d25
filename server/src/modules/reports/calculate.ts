/**
 * Rebuilding a company's report days from raw data (DESIGN §5 Pipeline, §9): the finest grain first, then
 * each rollup from the smallest table that holds it, then the day totals with the number of groups of
 * every dimension combination. Callers run it inside one transaction, so a failure leaves the old report.
 */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { dimensionSubsets, type KindModel, MODELS, OFFLINE, ONLINE } from "./model.ts";
import { foldAffiliateStats, foldSdkEvents } from "./repo.ts";
import { refreshSpans } from "./spans.ts";

export interface DayRange {
  /** yyyy-MM-DD, both included. */
  from: string;
  to: string;
}

const columnsOf = (model: KindModel, dims: readonly string[]) =>
  dims.map((key) => {
    const found = model.dimensions.find((dim) => dim.key === key);
    if (!found) throw new Error(`no dimension ${key}`);
    return found.column;
  });

const counterList = (model: KindModel) => model.counters.map((counter) => counter.column);

async function deleteDayRows(db: Db, model: KindModel, companyId: number, days: DayRange) {
  for (const rollup of model.rollups) {
    await sql`delete from ${sql.table(rollup.table)} where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date`.execute(
      db,
    );
  }
}

/** Removes a company's report of these days (every table of the kind, the blocks holding them rebuilt). */
export async function deleteReportRows(db: Db, model: KindModel, companyId: number, days: DayRange) {
  await deleteDayRows(db, model, companyId, days);
  await refreshSpans(db, model, companyId, days);
}

/** Inserts a rollup grouped from another table of the kind. */
async function rollUp(
  db: Db,
  model: KindModel,
  target: string,
  source: string,
  dims: readonly string[],
  companyId: number,
  days: DayRange,
) {
  const columns = [
    "dt",
    ...columnsOf(
      model,
      dims.filter((dim) => dim !== "dt"),
    ),
  ];
  const counters = counterList(model);
  const list = sql.raw([...columns, ...counters].join(", "));
  const sums = sql.raw(counters.map((counter) => `sum(${counter})`).join(", "));
  const groups = sql.raw(columns.join(", "));
  await sql`
    insert into ${sql.table(target)} (company_id, ${list})
    select company_id, ${groups}, ${sums}
    from ${sql.table(source)}
    where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date
    group by company_id, ${groups}`.execute(db);
}

/**
 * The day totals and, per day, the number of groups of every dimension combination, each counted in the
 * smallest rollup holding it (a rollup whose key is exactly those dimensions counts its rows). One small
 * query per combination; the day rows are then written at once.
 */
async function dayTotals(db: Db, model: KindModel, companyId: number, days: DayRange) {
  const counters = counterList(model);
  const range = sql`company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date`;
  const smallest = model.rollups.find((rollup) => rollup.dims.length > 1);
  if (!smallest) throw new Error("a kind without rollups");
  const { rows: totals } = await sql<Record<string, string | number>>`
    select to_char(dt, 'YYYY-MM-DD') as dt, ${sql.raw(counters.map((c) => `sum(${c})::text as ${c}`).join(", "))}
    from ${sql.table(smallest.table)} where ${range} group by dt`.execute(db);
  if (totals.length === 0) return;
  const counts = new Map<string, Record<string, number>>(totals.map((row) => [String(row.dt), { "": 1 }]));
  for (const subset of dimensionSubsets(model)) {
    if (subset.length === 0) continue;
    const key = [...subset].sort().join(",");
    const needed = ["dt", ...subset];
    const rollup = model.rollups.find((candidate) => needed.every((dim) => candidate.dims.includes(dim)));
    if (!rollup) throw new Error(`no rollup holds ${key}`);
    const exact = rollup.key.length === needed.length && rollup.key.every((dim) => needed.includes(dim));
    const columns = sql.raw(["dt", ...columnsOf(model, subset)].join(", "));
    const { rows } = await (exact
      ? sql<{ dt: string; n: number }>`
          select to_char(dt, 'YYYY-MM-DD') as dt, count(*)::int as n from ${sql.table(rollup.table)}
          where ${range} group by dt`
      : sql<{ dt: string; n: number }>`
          select to_char(dt, 'YYYY-MM-DD') as dt, count(*)::int as n
          from (select distinct ${columns} from ${sql.table(rollup.table)} where ${range}) d group by dt`
    ).execute(db);
    for (const row of rows) {
      const day = counts.get(row.dt);
      if (day) day[key] = Number(row.n);
    }
  }
  const arrays = counters.map((counter) => sql`${totals.map((row) => String(row[counter]))}::numeric[]`);
  await sql`
    insert into ${sql.table(model.dayTable)} (company_id, dt, ${sql.raw(counters.join(", "))}, group_counts)
    select ${companyId}, u.*
    from unnest(${totals.map((row) => String(row.dt))}::date[], ${sql.join(arrays, sql`, `)},
      ${totals.map((row) => JSON.stringify(counts.get(String(row.dt))))}::jsonb[])
      as u(dt, ${sql.raw(counters.join(", "))}, group_counts)`.execute(db);
}

async function rebuildOnline(db: Db, companyId: number, days: DayRange, timeZone: string) {
  await sql`
    insert into rpt_online_fine
      (company_id, dt, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
    with raw as (
      select (e.hour at time zone ${timeZone})::date as dt, e.ad_position_id, e.country, e.app_id, e.ad_style,
        e.request, e.fill, e.show, e.click, e.revenue
      from sdk_event_hourly e
      where e.company_id = ${companyId}
        and e.hour >= (${days.from}::date::timestamp at time zone ${timeZone})
        and e.hour < ((${days.to}::date + 1)::timestamp at time zone ${timeZone})
    ), attr as (
      select dt, ad_position_id, max(app_id) as app_id, max(ad_style) as ad_style
      from raw group by dt, ad_position_id
    )
    select ${companyId}, r.dt, r.ad_position_id, r.country, a.app_id, a.ad_style,
      sum(r.request), sum(r.fill), sum(r.show), sum(r.click), sum(r.revenue)
    from raw r join attr a on a.dt = r.dt and a.ad_position_id = r.ad_position_id
    group by r.dt, r.ad_position_id, r.country, a.app_id, a.ad_style`.execute(db);
  const fine = ONLINE.fineTable;
  await rollUp(db, ONLINE, "rpt_online_pos", fine, ["pos", "app", "style"], companyId, days);
  await rollUp(db, ONLINE, "rpt_online_app_country", fine, ["app", "country"], companyId, days);
  await rollUp(db, ONLINE, "rpt_online_style_country", fine, ["style", "country"], companyId, days);
  await rollUp(db, ONLINE, "rpt_online_country", "rpt_online_style_country", ["country"], companyId, days);
  await rollUp(db, ONLINE, "rpt_online_style", "rpt_online_style_country", ["style"], companyId, days);
  await dayTotals(db, ONLINE, companyId, days);
  // The names of the apps seen, kept for reports of apps deleted later.
  await sql`
    insert into rpt_online_app (company_id, app_id, name)
    select a.company_id, a.id, a.name from app a
    where a.company_id = ${companyId} and a.id in (
      select distinct app_id from rpt_online_pos
      where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date)
    on conflict (company_id, app_id) do update set name = excluded.name`.execute(db);
}

async function rebuildOffline(db: Db, companyId: number, days: DayRange) {
  await sql`
    insert into rpt_offline_fine
      (company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)
    select company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout
    from affiliate_stat
    where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date`.execute(db);
  const fine = OFFLINE.fineTable;
  await rollUp(db, OFFLINE, "rpt_offline_offer", fine, ["offer", "pkg", "country"], companyId, days);
  await rollUp(db, OFFLINE, "rpt_offline_sub", fine, ["sub"], companyId, days);
  await rollUp(db, OFFLINE, "rpt_offline_country", "rpt_offline_offer", ["country"], companyId, days);
  await dayTotals(db, OFFLINE, companyId, days);
}

/**
 * Replaces a company's report of these days with one rebuilt from raw data; answers the finest-grain row
 * count of each day (yyyy-MM-DD → rows). Run inside a transaction.
 */
export async function rebuildReport(
  db: Db,
  kind: "online" | "offline",
  companyId: number,
  days: DayRange,
  timeZone: string,
): Promise<Map<string, number>> {
  const model = MODELS[kind];
  if (kind === "online") await foldSdkEvents(db, companyId, days.from, days.to, timeZone);
  else await foldAffiliateStats(db, companyId, days.from, days.to);
  await deleteDayRows(db, model, companyId, days);
  if (kind === "online") await rebuildOnline(db, companyId, days, timeZone);
  else await rebuildOffline(db, companyId, days);
  await refreshSpans(db, model, companyId, days);
  const key = model.dimensions
    .map((dim) => dim.key)
    .filter((key) => key !== "dt")
    .sort()
    .join(",");
  const { rows } = await sql<{ dt: string; n: number }>`
    select to_char(dt, 'YYYY-MM-DD') as dt, (group_counts ->> ${key})::int as n
    from ${sql.table(model.dayTable)}
    where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date`.execute(db);
  return new Map(rows.map((row) => [row.dt, Number(row.n)]));
}
