/**
 * Rebuilding a company's report days from raw data (docs/rules/reports.md#pipeline; docs/performance.md): the
 * finest grain first, then each rollup from the smallest table that holds it, then the day totals with the
 * number of groups of every dimension combination, then the spans. Callers run it inside one transaction, so
 * a failure leaves the old report; or, on the embedded database, sliced: many short transactions (see
 * rebuildSliced).
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import type { DayRange } from "../days.ts";
import { dayDimensionKeys, dimensionSubsets, type KindModel, OFFLINE, ONLINE } from "../model.ts";
import { refreshSpanLevel, refreshSpans, SPAN_LEVELS } from "../spans.ts";
import { foldAffiliateStats, foldSdkEvents } from "./repo.ts";

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

/** A rollup built by the calculation: its table, the table it is grouped from, its dimensions. */
interface RollupStep {
  target: string;
  source: string;
  dims: readonly string[];
}

/**
 * Inserts a rollup grouped from another table of the kind, from the source rows `within` a slice; a slice's
 * sums are added to rows other slices wrote already.
 */
async function rollUp(
  db: Db,
  model: KindModel,
  step: RollupStep,
  companyId: number,
  days: DayRange,
  within: RawBuilder<unknown> = sql`true`,
) {
  const { target, source, dims } = step;
  const rollup = model.rollups.find((candidate) => candidate.table === target);
  if (!rollup) throw new Error(`no rollup ${target}`);
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
  const added = sql.raw(
    counters.map((counter) => `${counter} = t.${counter} + excluded.${counter}`).join(", "),
  );
  await sql`
    insert into ${sql.table(target)} as t (company_id, ${list})
    select company_id, ${groups}, ${sums}
    from ${sql.table(source)}
    where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date and ${within}
    group by company_id, ${groups}
    on conflict (company_id, ${sql.raw(columnsOf(model, rollup.key).join(", "))}) do update set ${added}`.execute(
    db,
  );
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

/** How one kind is calculated: its finest rows from raw data, then its rollups in order. */
interface KindPlan {
  model: KindModel;
  /** The finest table's first key column after the date, which a sliced calculation splits by. */
  sliceColumn: string;
  /**
   * Moves the raw rows appended for the days into the tables the finest rows are built from; with `limit`,
   * a part of them at a time where the kind allows it. Answers whether appended rows may remain.
   */
  fold(db: Db, companyId: number, days: DayRange, timeZone: string, limit?: number): Promise<boolean>;
  /** The raw rows of the days per value of the slice column, in its order. */
  rawCounts(db: Db, companyId: number, days: DayRange, timeZone: string): Promise<SliceCount[]>;
  /** Writes the finest rows of the days (and of their hours, where the kind has them) from raw data, those `within` a slice. */
  fine(
    db: Db,
    companyId: number,
    days: DayRange,
    timeZone: string,
    within: RawBuilder<unknown>,
  ): Promise<void>;
  rollups: readonly RollupStep[];
  /** What follows the day totals. */
  finish(db: Db, companyId: number, days: DayRange): Promise<void>;
}

const ONLINE_PLAN: KindPlan = {
  model: ONLINE,
  sliceColumn: "ad_position_id",
  fold: async (db, companyId, days, timeZone, limit) => {
    const moved = await foldSdkEvents(db, companyId, days.from, days.to, timeZone, limit);
    return moved === limit;
  },
  rawCounts: (db, companyId, days, timeZone) =>
    countsOf(
      db,
      sql`select ad_position_id as value, count(*)::int as n from sdk_event_hourly
        where company_id = ${companyId}
          and hour >= (${days.from}::date::timestamp at time zone ${timeZone})
          and hour < ((${days.to}::date + 1)::timestamp at time zone ${timeZone})
        group by ad_position_id order by ad_position_id`,
    ),
  // The hours first, then the days as their sums: the published day is what its hours add up to.
  async fine(db, companyId, days, timeZone, within) {
    await sql`
      insert into rpt_online_hour
        (company_id, dt, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      with raw as (
        select (e.hour at time zone ${timeZone})::date as dt,
          extract(hour from e.hour at time zone ${timeZone})::smallint as hour,
          e.ad_position_id, e.country, e.app_id, e.ad_style, e.request, e.fill, e.show, e.click, e.revenue
        from sdk_event_hourly e
        where e.company_id = ${companyId}
          and e.hour >= (${days.from}::date::timestamp at time zone ${timeZone})
          and e.hour < ((${days.to}::date + 1)::timestamp at time zone ${timeZone})
          and ${within}
      ), attr as (
        select dt, ad_position_id, max(app_id) as app_id, max(ad_style) as ad_style
        from raw group by dt, ad_position_id
      )
      select ${companyId}, r.dt, r.hour, r.ad_position_id, r.country, a.app_id, a.ad_style,
        sum(r.request), sum(r.fill), sum(r.show), sum(r.click), sum(r.revenue)
      from raw r join attr a on a.dt = r.dt and a.ad_position_id = r.ad_position_id
      group by r.dt, r.hour, r.ad_position_id, r.country, a.app_id, a.ad_style`.execute(db);
    await sql`
      insert into rpt_online_fine
        (company_id, dt, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select company_id, dt, ad_position_id, country, app_id, ad_style,
        sum(request), sum(fill), sum(show), sum(click), sum(revenue)
      from rpt_online_hour
      where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date and ${within}
      group by company_id, dt, ad_position_id, country, app_id, ad_style`.execute(db);
  },
  rollups: [
    { target: "rpt_online_pos", source: ONLINE.fineTable, dims: ["pos", "app", "style"] },
    { target: "rpt_online_app_country", source: ONLINE.fineTable, dims: ["app", "country"] },
    { target: "rpt_online_style_country", source: ONLINE.fineTable, dims: ["style", "country"] },
    { target: "rpt_online_country", source: "rpt_online_style_country", dims: ["country"] },
    { target: "rpt_online_style", source: "rpt_online_style_country", dims: ["style"] },
    { target: "rpt_online_hour_pos", source: "rpt_online_hour", dims: ["hour", "pos", "app", "style"] },
    {
      target: "rpt_online_hour_style_country",
      source: "rpt_online_hour",
      dims: ["hour", "style", "country"],
    },
  ],
  async finish(db, companyId, days) {
    // The names of the apps seen, kept for reports of apps deleted later.
    await sql`
      insert into rpt_online_app (company_id, app_id, name)
      select a.company_id, a.id, a.name from app a
      where a.company_id = ${companyId} and a.id in (
        select distinct app_id from rpt_online_pos
        where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date)
      on conflict (company_id, app_id) do update set name = excluded.name`.execute(db);
  },
};

const OFFLINE_PLAN: KindPlan = {
  model: OFFLINE,
  sliceColumn: "sub_channel",
  // Daily totals of the networks, a few rows a key: folded whole (the latest call of a key must win).
  fold: async (db, companyId, days) => {
    await foldAffiliateStats(db, companyId, days.from, days.to);
    return false;
  },
  rawCounts: (db, companyId, days) =>
    countsOf(
      db,
      sql`select sub_channel as value, count(*)::int as n from affiliate_stat
        where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date
        group by sub_channel order by sub_channel`,
    ),
  async fine(db, companyId, days, _timeZone, within) {
    await sql`
      insert into rpt_offline_fine
        (company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout)
      select company_id, dt, sub_channel, offer_id, pkg_name, country, click, conversion, refuse, settle_amount, payout
      from affiliate_stat
      where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date and ${within}`.execute(
      db,
    );
  },
  rollups: [
    { target: "rpt_offline_offer", source: OFFLINE.fineTable, dims: ["offer", "pkg", "country"] },
    { target: "rpt_offline_sub", source: OFFLINE.fineTable, dims: ["sub"] },
    { target: "rpt_offline_country", source: "rpt_offline_offer", dims: ["country"] },
  ],
  finish: async () => {},
};

const PLANS = { online: ONLINE_PLAN, offline: OFFLINE_PLAN } as const;

/** The finest-grain row count of each day (yyyy-MM-DD → rows), from the day totals' group counts. */
async function fineCounts(db: Db, model: KindModel, companyId: number, days: DayRange) {
  const key = dayDimensionKeys(model).sort().join(",");
  const { rows } = await sql<{ dt: string; n: number }>`
    select to_char(dt, 'YYYY-MM-DD') as dt, (group_counts ->> ${key})::int as n
    from ${sql.table(model.dayTable)}
    where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date`.execute(db);
  return new Map(rows.map((row) => [row.dt, Number(row.n)]));
}

/** A sliced calculation (the embedded database): what each of its short transactions checks first. */
export interface Slicing {
  /** Whether the work is still wanted (e.g. its claim still held); when not, the calculation stops. */
  holds(tx: Db): Promise<boolean>;
}

/**
 * Replaces a company's report of these days with one rebuilt from raw data; answers the finest-grain row
 * count of each day (yyyy-MM-DD → rows). Run inside a transaction; or, with `sliced`, on the database
 * itself, in short transactions (an empty answer when `holds` stopped it).
 */
export async function rebuildReport(
  db: Db,
  kind: "online" | "offline",
  companyId: number,
  days: DayRange,
  timeZone: string,
  options: { sliced?: Slicing } = {},
): Promise<Map<string, number>> {
  const plan = PLANS[kind];
  if (options.sliced) return rebuildSliced(db, plan, companyId, days, timeZone, options.sliced);
  const { model } = plan;
  await plan.fold(db, companyId, days, timeZone);
  await deleteDayRows(db, model, companyId, days);
  await plan.fine(db, companyId, days, timeZone, sql`true`);
  for (const step of plan.rollups) await rollUp(db, model, step, companyId, days);
  await dayTotals(db, model, companyId, days);
  await plan.finish(db, companyId, days);
  await refreshSpans(db, model, companyId, days);
  return fineCounts(db, model, companyId, days);
}

/**
 * Raw rows per slice of a sliced calculation (about 50–100 ms of PGlite each): each is written twice, as its
 * hours and summed into the day, and summed into the hours' rollups (8,000 before the hours were kept).
 */
const RAW_SLICE_ROWS = 4_000;
/** Appended raw rows folded per transaction of a sliced calculation (about 50 ms of PGlite), whatever their keys. */
const FOLD_SLICE_ROWS = 4_000;
/** Finest rows per slice of a span level. */
const FINE_SLICE_ROWS = 2_500;

interface SliceCount {
  value: number | string | Date;
  n: number;
}

async function countsOf(db: Db, query: RawBuilder<SliceCount>): Promise<SliceCount[]> {
  return (await query.execute(db)).rows;
}

/**
 * Conditions on `column` splitting its values into runs of about `budget` rows; the first and last runs are
 * open-ended, so together they hold every value, also one absent from `counts`.
 */
function slicesOf(column: string, counts: readonly SliceCount[], budget: number): RawBuilder<unknown>[] {
  const starts: SliceCount["value"][] = [];
  let rows = 0;
  for (const { value, n } of counts) {
    if (rows >= budget) {
      starts.push(value);
      rows = 0;
    }
    rows += n;
  }
  const ref = sql.ref(column);
  return [null, ...starts].map((start, index) => {
    const end = starts[index];
    const parts = [
      ...(start === null ? [] : [sql`${ref} >= ${start}`]),
      ...(end === undefined ? [] : [sql`${ref} < ${end}`]),
    ];
    return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
  });
}

/**
 * The calculation in short transactions, so that other requests get the embedded database's one session in
 * between (docs/performance.md): the appended raw rows folded a few thousand at a time, the finest rows slice
 * by slice of the slice column, each slice's sums added to the rollups built from them; then the other
 * rollups and the day totals; then each span level slice by slice. Each transaction first checks `holds` (a
 * superseded calculation stops). The days are not published meanwhile (their batch is calculating), and a
 * calculation that stops half-way leaves its batch calculating or in error, never calculated: the next
 * calculation of those days deletes first.
 */
async function rebuildSliced(
  db: Db,
  plan: KindPlan,
  companyId: number,
  days: DayRange,
  timeZone: string,
  slicing: Slicing,
): Promise<Map<string, number>> {
  const { model } = plan;
  const step = (work: (tx: Db) => Promise<void>) =>
    db.transaction().execute(async (tx) => {
      if (!(await slicing.holds(tx))) return false;
      await work(tx);
      return true;
    });
  // the tables `fine` writes, each slice its own rows, and the rollups summed from them slice by slice
  const sliced = [model.fineTable, ...(model.hourTable ? [model.hourTable] : [])];
  const fromFine = plan.rollups.filter((rollup) => sliced.includes(rollup.source));
  const derived = plan.rollups.filter((rollup) => !sliced.includes(rollup.source));
  for (let more = true; more; ) {
    const folded = await step(async (tx) => {
      more = await plan.fold(tx, companyId, days, timeZone, FOLD_SLICE_ROWS);
    });
    if (!folded) return new Map();
  }
  let slices: RawBuilder<unknown>[] = [];
  const started = await step(async (tx) => {
    for (const rollup of model.rollups) {
      if (sliced.includes(rollup.table)) continue;
      await sql`delete from ${sql.table(rollup.table)}
        where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date`.execute(tx);
    }
    slices = slicesOf(plan.sliceColumn, await plan.rawCounts(tx, companyId, days, timeZone), RAW_SLICE_ROWS);
  });
  if (!started) return new Map();
  for (const within of slices) {
    const done = await step(async (tx) => {
      for (const table of sliced) {
        await sql`delete from ${sql.table(table)}
          where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date and ${within}`.execute(
          tx,
        );
      }
      await plan.fine(tx, companyId, days, timeZone, within);
      for (const rollup of fromFine) await rollUp(tx, model, rollup, companyId, days, within);
    });
    if (!done) return new Map();
  }
  const totalled = await step(async (tx) => {
    for (const rollup of derived) await rollUp(tx, model, rollup, companyId, days);
    await dayTotals(tx, model, companyId, days);
    await plan.finish(tx, companyId, days);
    const fine = await countsOf(
      tx,
      sql`select ${sql.ref(plan.sliceColumn)} as value, count(*)::int as n from ${sql.table(model.fineTable)}
        where company_id = ${companyId} and dt between ${days.from}::date and ${days.to}::date
        group by 1 order by 1`,
    );
    slices = slicesOf(plan.sliceColumn, fine, FINE_SLICE_ROWS);
  });
  if (!totalled) return new Map();
  for (let level = 1; level <= SPAN_LEVELS; level++) {
    for (const within of slices) {
      const done = await step((tx) => refreshSpanLevel(tx, model, companyId, days, level, within));
      if (!done) return new Map();
    }
  }
  let counts = new Map<string, number>();
  await step(async (tx) => {
    counts = await fineCounts(tx, model, companyId, days);
  });
  return counts;
}
