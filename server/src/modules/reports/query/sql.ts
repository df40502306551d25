/**
 * Report queries as SQL (docs/rules/reports.md#metrics; docs/performance.md): each query reads the smallest
 * rollup that holds its dimensions and filters, skips the GROUP BY when that rollup's rows already are the
 * groups, and counts its groups from the per-day `group_counts` when it is grouped by date without filters.
 * Identifiers come from the kind's model only; every value is a bound parameter (the export inlines them as
 * checked literals).
 */
import { type RawBuilder, sql } from "kysely";
import { containsPattern } from "../../../lib/paging.ts";
import { groupCountKey, isWithinDay, type KindModel, type Rollup } from "../model.ts";
import { coverOf, dayNumber, isoOf, type Piece, spanSource } from "../spans.ts";

export type Filter =
  | { dim: string; op: "eq"; value: string | number }
  | { dim: string; op: "in"; values: readonly number[] }
  /** Contains any of these texts, ignoring case. */
  | { dim: string; op: "contains"; values: readonly string[] }
  /** One of these values (filters of several values; the keys of a page, when its comparison rows are read). */
  | { dim: string; op: "anyOf"; values: readonly (string | number)[]; type: "date" | "int" | "text" };

export interface ReportSelection {
  model: KindModel;
  companyId: number;
  /** yyyy-MM-DD, both included. */
  start: string;
  end: string;
  /** The days the caller may see (yyyy-MM-DD), or null for every day of the range (operators). */
  days: readonly string[] | null;
  /** Dimension keys to group by (model keys), in code order. */
  dims: readonly string[];
  filters: readonly Filter[];
}

export interface ReportOrder {
  /** "dt", a metric key, or null for the default order. */
  orderBy: string | null;
  order: "asc" | "desc" | null;
}

export interface Plan {
  rollup: Rollup;
  /** True when rows of the rollup must be summed into groups. */
  grouped: boolean;
  /** For a grouping of the finest grain without the date: the blocks and single days it reads instead. */
  pieces: Piece[] | null;
}

const sameOrSuperset = (have: readonly string[], need: Iterable<string>) => {
  for (const key of need) if (!have.includes(key)) return false;
  return true;
};

/**
 * The smallest rollup holding the query's dimensions and filters: one by hour for a query grouped by the hour,
 * else one of the days' (the hours' rollups hold every other dimension too, but many times the rows).
 */
export function planOf(selection: ReportSelection): Plan {
  const { model } = selection;
  const needed = new Set<string>(["dt", ...selection.dims, ...selection.filters.map((f) => f.dim)]);
  const hourly = selection.dims.some((key) => isWithinDay(model, key));
  const rollup = model.rollups.find(
    (candidate) =>
      sameOrSuperset(candidate.dims, needed) &&
      candidate.dims.some((key) => isWithinDay(model, key)) === hourly,
  );
  if (!rollup) throw new Error(`no rollup holds ${[...needed].join(",")}`);
  const grouped = selection.dims.length === 0 || !sameOrSuperset(selection.dims, rollup.key);
  const spanned = grouped && rollup.table === selection.model.fineTable && !selection.dims.includes("dt");
  return { rollup, grouped, pieces: spanned ? blocksOnly(coverOf(visibleDays(selection))) : null };
}

/** Pieces worth reading as such: only when some is a block (else the rollup's rows of the days serve). */
const blocksOnly = (pieces: Piece[]) => (pieces.some((piece) => piece.level > 0) ? pieces : null);

/** The plan of some of a plan's pieces, in order (a chunk of a large grouping): what planOf would find. */
export const planOfPieces = (plan: Plan, pieces: Piece[]): Plan => ({
  ...plan,
  pieces: plan.pieces ? blocksOnly(pieces) : null,
});

export const columnOf = (model: KindModel, key: string): string => {
  const found = model.dimensions.find((dim) => dim.key === key);
  if (!found) throw new Error(`no dimension ${key}`);
  return found.column;
};

const col = (name: string) => sql.raw(`r.${name}`);

/** The days of the range the caller may see (yyyy-MM-DD, ascending). */
function visibleDays(selection: ReportSelection): string[] {
  if (selection.days) {
    return [...selection.days].filter((d) => d >= selection.start && d <= selection.end).sort();
  }
  const days: string[] = [];
  for (let day = dayNumber(selection.start); day <= dayNumber(selection.end); day++) {
    days.push(isoOf(day));
  }
  return days;
}

/**
 * The date condition: the range narrowed to the visible days; the list of days only when they have gaps
 * (usually every day of the range is published, and a plain range lets the indexes do all the work).
 */
function dateCondition(selection: ReportSelection): RawBuilder<unknown> {
  if (!selection.days) return sql`r.dt between ${selection.start}::date and ${selection.end}::date`;
  const days = visibleDays(selection);
  const first = days[0] ?? selection.start;
  const last = days[days.length - 1] ?? selection.start;
  const range = sql`r.dt between ${first}::date and ${last}::date`;
  if (days.length === 0) return sql`false`;
  if (dayNumber(last) - dayNumber(first) + 1 === new Set(days).size) return range;
  return sql`${range} and r.dt = any(${days}::date[])`;
}

/**
 * `table r where …` of a query: the plan's rollup narrowed to the company and the visible days, or the
 * blocks and single days of its pieces (already narrowed); then the filters and any extra condition.
 */
export function sourceOf(selection: ReportSelection, plan: Plan, extra: RawBuilder<unknown> | null = null) {
  const { model } = selection;
  const parts: RawBuilder<unknown>[] = plan.pieces
    ? []
    : [sql`r.company_id = ${selection.companyId}`, dateCondition(selection)];
  for (const filter of selection.filters) {
    const column = col(columnOf(model, filter.dim));
    if (filter.op === "eq") parts.push(sql`${column} = ${filter.value}`);
    else if (filter.op === "in") parts.push(sql`${column} = any(${[...filter.values]}::int[])`);
    else if (filter.op === "anyOf") {
      parts.push(sql`${column} = any(${[...filter.values]}::${sql.raw(filter.type)}[])`);
    } else
      parts.push(sql`${column} ilike any(${filter.values.map((text) => containsPattern(text))}::text[])`);
  }
  if (extra) parts.push(extra);
  const table = plan.pieces
    ? spanSource(model, selection.companyId, plan.pieces)
    : sql.table(plan.rollup.table);
  return sql`${table} r where ${parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`}`;
}

/** The summing function of a plan: sum() over rollup rows, or the row's own value. */
const summer = (grouped: boolean) => (column: string) => (grouped ? `sum(r.${column})` : `r.${column}`);

export function metricSelect(model: KindModel, grouped: boolean): RawBuilder<unknown> {
  const sum = summer(grouped);
  return sql.raw(model.metrics.map((metric) => `${metric.sql(sum)} as "${metric.key}"`).join(", "));
}

export const dimColumns = (selection: ReportSelection) =>
  selection.dims.map((key) => columnOf(selection.model, key));

/** The grouped dimension a query is sorted by (its row field is `orderBy`), if any. */
export const sortedDimension = (selection: ReportSelection, orderBy: string | null) =>
  selection.model.dimensions.find((dim) => dim.field === orderBy && selection.dims.includes(dim.key));

/**
 * What a dimension is sorted by: its column, an app by its name (the app's, else the one the reports kept
 * of a deleted app, else `#id`, as the answered rows write it).
 */
function dimensionSort(selection: ReportSelection, key: string): string {
  if (key !== "app") return `r.${columnOf(selection.model, key)}`;
  const company = Number(selection.companyId);
  return `coalesce((select a.name from app a where a.company_id = ${company} and a.id = r.app_id),
    (select ra.name from rpt_online_app ra where ra.company_id = ${company} and ra.app_id = r.app_id),
    '#' || r.app_id)`;
}

/**
 * ORDER BY terms over the rollup's columns: the chosen metric or grouped dimension first, then the default
 * order, date newest first and the other dimensions ascending, which makes the order total (each group is
 * one combination of the dimensions).
 */
export function orderTerms(selection: ReportSelection, grouped: boolean, order: ReportOrder): string[] {
  const terms: string[] = [];
  const direction = (order.order ?? "desc").toUpperCase();
  const metric = selection.model.metrics.find((m) => m.key === order.orderBy);
  if (metric) terms.push(`${metric.sortSql(summer(grouped))} ${direction}`);
  const sorted = sortedDimension(selection, order.orderBy);
  if (sorted) terms.push(`${dimensionSort(selection, sorted.key)} ${direction}`);
  // an app sorted by name still needs its id after it: two apps may share a name
  const done = sorted && sorted.key !== "app" ? sorted.key : null;
  if (selection.dims.includes("dt") && done !== "dt") terms.push("r.dt DESC");
  for (const key of selection.dims) {
    if (key !== "dt" && key !== done) terms.push(`r.${columnOf(selection.model, key)} ASC`);
  }
  return terms;
}

export interface PageRequest extends ReportOrder {
  limit: number;
  offset: number;
}

/** The column of a page's rows holding the number of groups of the whole query (see `withTotal`). */
export const TOTAL_COLUMN = "groups_total";

/**
 * A page of rows: the dimension columns (raw) and the metrics under their keys; `withTotal` adds the number
 * of groups of the whole query to each row (TOTAL_COLUMN), counted in the same pass that sums them.
 */
export function pageQuery(
  selection: ReportSelection,
  plan: Plan,
  page: PageRequest,
  withTotal = false,
): RawBuilder<Record<string, unknown>> {
  const dims = dimColumns(selection);
  const select = sql.raw([...dims.map((column) => `r.${column}`)].join(", "));
  const summed = metricSelect(selection.model, plan.grouped);
  const metrics = withTotal ? sql`${summed}, count(*) over () as ${sql.ref(TOTAL_COLUMN)}` : summed;
  const terms = orderTerms(selection, plan.grouped, page);
  const orderBy = terms.length > 0 ? sql` order by ${sql.raw(terms.join(", "))}` : sql``;
  const head = dims.length > 0 ? sql`${select}, ${metrics}` : metrics;
  const groupBy = !plan.grouped
    ? sql``
    : dims.length > 0
      ? sql` group by ${sql.raw(dims.map((c) => `r.${c}`).join(", "))}`
      : sql` having count(*) > 0`;
  if (!plan.grouped) {
    // the rows already are the groups: order and cut them first, so the metrics (numeric divisions) are
    // computed for the page's rows only, not for every row an order without an index path sorts (bench:
    // 474 ms for a page of the finest rows by country over 90 days)
    return sql<Record<string, unknown>>`
      select ${head} from (select * from ${sourceOf(selection, plan)}${orderBy}
        limit ${page.limit} offset ${page.offset}) r${orderBy}`;
  }
  return sql<Record<string, unknown>>`
    select ${head} from ${sourceOf(selection, plan)}${groupBy}${orderBy}
    limit ${page.limit} offset ${page.offset}`;
}

/** The summed counters (as text) of each group, the date as yyyy-MM-DD: a chunk of a large grouping. */
export function sumsQuery(selection: ReportSelection, plan: Plan): RawBuilder<Record<string, unknown>> {
  const dims = dimColumns(selection);
  const select = dims.map((column) =>
    column === "dt" ? "to_char(r.dt, 'YYYY-MM-DD') as dt" : `r.${column}`,
  );
  const sums = selection.model.counters.map(
    (counter) => `sum(r.${counter.column})::text as ${counter.column}`,
  );
  const groupBy = dims.length > 0 ? sql` group by ${sql.raw(dims.map((c) => `r.${c}`).join(", "))}` : sql``;
  return sql<Record<string, unknown>>`
    select ${sql.raw([...select, ...sums].join(", "))} from ${sourceOf(selection, plan)}${groupBy}`;
}

/**
 * Whether counting a query's groups means summing its rows into groups again: no per-day group counts
 * answer it and the rollup's rows are not already the groups. Such a page is better read with its total.
 */
export const countsByGrouping = (selection: ReportSelection, plan: Plan): boolean =>
  plan.grouped && selection.dims.length > 0 && !countedPerDay(selection);

/** Whether the per-day group counts answer a query's number of groups: by date, unfiltered, not by hour. */
const countedPerDay = (selection: ReportSelection): boolean =>
  selection.dims.includes("dt") &&
  selection.filters.length === 0 &&
  !selection.dims.some((key) => isWithinDay(selection.model, key));

/** The number of groups (rows) of a query. */
export function countQuery(selection: ReportSelection, plan: Plan): RawBuilder<{ total: number }> {
  const { model } = selection;
  if (selection.dims.length === 0) {
    return sql<{ total: number }>`
      select (case when exists (select 1 from ${sourceOf(selection, plan)}) then 1 else 0 end) as total`;
  }
  if (countedPerDay(selection)) {
    const key = groupCountKey(selection.dims);
    const days: Plan = {
      rollup: { table: model.dayTable, dims: ["dt"], key: ["dt"] },
      grouped: false,
      pieces: null,
    };
    return sql<{ total: number }>`
      select coalesce(sum((r.group_counts ->> ${key})::bigint), 0) as total from ${sourceOf(selection, days)}`;
  }
  if (!plan.grouped) {
    return sql<{ total: number }>`select count(*) as total from ${sourceOf(selection, plan)}`;
  }
  const groups = sql.raw(
    dimColumns(selection)
      .map((c) => `r.${c}`)
      .join(", "),
  );
  return sql<{ total: number }>`
    select count(*) as total from (select 1 from ${sourceOf(selection, plan)} group by ${groups}) g`;
}
