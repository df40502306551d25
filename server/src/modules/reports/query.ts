/**
 * Report queries as SQL (DESIGN §5 Reports, §9): each query reads the smallest rollup that holds its
 * dimensions and filters, skips the GROUP BY when that rollup's rows already are the groups, and counts its
 * groups from the per-day `group_counts` when it is grouped by date without filters. Identifiers come from
 * the kind's model only; every value is a bound parameter (the export inlines them as checked literals).
 */
import { compareColumnTitles, OFFLINE_DIMENSIONS, ONLINE_DIMENSIONS } from "@pc/contract";
import { type RawBuilder, sql } from "kysely";
import { containsPattern } from "../../lib/paging.ts";
import { adStyleTitleSql, groupCountKey, type KindModel, type Rollup } from "./model.ts";
import { coverOf, dayNumber, isoOf, type Piece, spanSource } from "./spans.ts";

export type Filter =
  | { dim: string; op: "eq"; value: string | number }
  | { dim: string; op: "in"; values: readonly number[] }
  | { dim: string; op: "contains"; value: string }
  /** One of these values (the keys of a page, when its comparison rows are read). */
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

/** The smallest rollup holding the query's dimensions and filters. */
export function planOf(selection: ReportSelection): Plan {
  const needed = new Set<string>(["dt", ...selection.dims, ...selection.filters.map((f) => f.dim)]);
  const rollup = selection.model.rollups.find((candidate) => sameOrSuperset(candidate.dims, needed));
  if (!rollup) throw new Error(`no rollup holds ${[...needed].join(",")}`);
  const grouped = selection.dims.length === 0 || !sameOrSuperset(selection.dims, rollup.key);
  const spanned = grouped && rollup.table === selection.model.fineTable && !selection.dims.includes("dt");
  const pieces = spanned ? coverOf(visibleDays(selection)) : null;
  return { rollup, grouped, pieces: pieces?.some((piece) => piece.level > 0) ? pieces : null };
}

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
function sourceOf(selection: ReportSelection, plan: Plan, extra: RawBuilder<unknown> | null = null) {
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
    } else parts.push(sql`${column} ilike ${containsPattern(filter.value)}`);
  }
  if (extra) parts.push(extra);
  const table = plan.pieces
    ? spanSource(model, selection.companyId, plan.pieces)
    : sql.table(plan.rollup.table);
  return sql`${table} r where ${parts.length > 0 ? sql.join(parts, sql` and `) : sql`true`}`;
}

/** The summing function of a plan: sum() over rollup rows, or the row's own value. */
const summer = (grouped: boolean) => (column: string) => (grouped ? `sum(r.${column})` : `r.${column}`);

function metricSelect(model: KindModel, grouped: boolean): RawBuilder<unknown> {
  const sum = summer(grouped);
  return sql.raw(model.metrics.map((metric) => `${metric.expr(sum)} as "${metric.key}"`).join(", "));
}

const dimColumns = (selection: ReportSelection) =>
  selection.dims.map((key) => columnOf(selection.model, key));

/** ORDER BY terms over the rollup's columns: the chosen metric or date first, then date desc, dims asc. */
function orderTerms(selection: ReportSelection, grouped: boolean, order: ReportOrder): string[] {
  const terms: string[] = [];
  const direction = (order.order ?? "desc").toUpperCase();
  if (order.orderBy && order.orderBy !== "dt") {
    const metric = selection.model.metrics.find((m) => m.key === order.orderBy);
    if (metric) terms.push(`${metric.sort(summer(grouped))} ${direction}`);
  }
  const hasDate = selection.dims.includes("dt");
  if (hasDate) terms.push(`r.dt ${order.orderBy === "dt" ? direction : "DESC"}`);
  for (const key of selection.dims) if (key !== "dt") terms.push(`r.${columnOf(selection.model, key)} ASC`);
  return terms;
}

export interface PageRequest extends ReportOrder {
  limit: number;
  offset: number;
}

/** A page of rows: the dimension columns (raw) and the metrics under their keys. */
export function pageQuery(
  selection: ReportSelection,
  page: PageRequest,
): RawBuilder<Record<string, unknown>> {
  const plan = planOf(selection);
  const dims = dimColumns(selection);
  const select = sql.raw([...dims.map((column) => `r.${column}`)].join(", "));
  const metrics = metricSelect(selection.model, plan.grouped);
  const terms = orderTerms(selection, plan.grouped, page);
  const orderBy = terms.length > 0 ? sql` order by ${sql.raw(terms.join(", "))}` : sql``;
  const head = dims.length > 0 ? sql`${select}, ${metrics}` : metrics;
  const groupBy = !plan.grouped
    ? sql``
    : dims.length > 0
      ? sql` group by ${sql.raw(dims.map((c) => `r.${c}`).join(", "))}`
      : sql` having count(*) > 0`;
  return sql<Record<string, unknown>>`
    select ${head} from ${sourceOf(selection, plan)}${groupBy}${orderBy}
    limit ${page.limit} offset ${page.offset}`;
}

/** The summed counters (as text) of each group, the date as yyyy-MM-DD: a chunk of a large grouping. */
export function sumsQuery(selection: ReportSelection): RawBuilder<Record<string, unknown>> {
  const plan = planOf(selection);
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

/** The number of groups (rows) of a query. */
export function countQuery(selection: ReportSelection): RawBuilder<{ total: number }> {
  const { model } = selection;
  const plan = planOf(selection);
  if (selection.dims.length === 0) {
    return sql<{ total: number }>`
      select (case when exists (select 1 from ${sourceOf(selection, plan)}) then 1 else 0 end) as total`;
  }
  if (selection.dims.includes("dt") && selection.filters.length === 0) {
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

// ─── Export ─────────────────────────────────────────────────────────────────────────────────────────────

export interface ExportColumn {
  /** The SQL of the cell's text. */
  sql: string;
  title: string;
}

/** Text cells starting with = + - @ (or a tab or carriage return) get a leading ' (DESIGN §5 Export). */
const guard = (text: string) => `(case when ${text} ~ '^[-=+@\\t\\r]' then '''' || ${text} else ${text} end)`;

/** How each dimension is written in an export (from the grouped query `q`). */
function dimensionCell(model: KindModel, key: string, lang: "zh" | "en"): string {
  switch (key) {
    case "dt":
      return "to_char(q.dt, 'YYYY-MM-DD')";
    case "app":
      return guard("coalesce(a.name, ra.name, q.app_id::text)");
    case "pos":
      return "q.ad_position_id::text";
    case "style":
      return adStyleTitleSql("q.ad_style", lang);
    default:
      return guard(`q.${columnOf(model, key)}`);
  }
}

function metricCell(format: string, value: string): string {
  switch (format) {
    case "count":
      return `${value}::text`;
    case "rate":
      return `(${value} * 100)::numeric(30, 2)::text || '%'`;
    default:
      return `${value}::numeric(30, 4)::text`;
  }
}

export interface ExportRequest {
  lang: "zh" | "en";
  /** The metric keys to write, in order. */
  metrics: readonly string[];
  /** Adds the raw key columns `k0…kn` (for paging through the rows by key); the CSV leaves them out. */
  withKeys: boolean;
  /** A condition from afterKeyParts (rows after the previous page's last), or null from the start. */
  after: RawBuilder<unknown> | null;
  limit: number | null;
  /** With `compare`: the same query over the comparison range and how many days it lies before. */
  compare?: { selection: ReportSelection; shift: number } | null;
}

/** A metric's comparison cells: its comparison value, the change, and the change in % (empty on a zero base). */
function comparedCells(format: string, key: string): string[] {
  const value = `q."${key}"`;
  const base = `coalesce(c."${key}", 0)`;
  const percent = `(case when ${base} = 0 then null else round((${value} - ${base}) * 100.0 / abs(${base}), 2)::numeric(30, 2)::text || '%' end)`;
  return [metricCell(format, base), metricCell(format, `(${value} - ${base})`), percent];
}

/** The columns of an export: its dimensions, then its metrics, titled in a language. */
export function exportColumns(
  model: KindModel,
  dims: readonly string[],
  lang: "zh" | "en",
  metrics: readonly string[],
  compared = false,
): ExportColumn[] {
  return [
    ...dims.map((key) => ({
      sql: dimensionCell(model, key, lang),
      title: titleOfDimension(model, key, lang),
    })),
    ...metrics.flatMap((key) => {
      const metric = model.metrics.find((m) => m.key === key);
      if (!metric) throw new Error(`no metric ${key}`);
      const own = { sql: metricCell(metric.format, `q."${key}"`), title: metric.title[lang] };
      if (!compared) return [own];
      const titles = compareColumnTitles(metric.title[lang], lang);
      const cells = comparedCells(metric.format, key);
      return [own, ...cells.map((cell, index) => ({ sql: cell, title: titles[index] ?? "" }))];
    }),
  ];
}

/**
 * The comparison rows an export joins (`c`): the same grouping over the comparison range, its date moved
 * onto the range, reading only the keys of the rows of `q` (the export's own rows, a page of them on PGlite).
 */
function comparedSource(selection: ReportSelection, shift: number): RawBuilder<unknown> {
  const { model } = selection;
  const plan = planOf(selection);
  const dims = dimColumns(selection);
  const keys = dims.map((c) => (c === "dt" ? `q.dt - ${Number(shift)}` : `q.${c}`));
  const onKeys =
    dims.length > 0
      ? sql.raw(`(${dims.map((c) => `r.${c}`).join(", ")}) in (select ${keys.join(", ")} from q)`)
      : null;
  const select = dims.map((c) => (c === "dt" ? `(r.dt + ${Number(shift)}) as dt` : `r.${c}`));
  return sql`
    select ${sql.raw(select.length > 0 ? `${select.join(", ")}, ` : "")}${metricSelect(model, plan.grouped)}
    from ${sourceOf(selection, plan, onKeys)}${
      !plan.grouped
        ? sql``
        : dims.length > 0
          ? sql` group by ${sql.raw(dims.map((c) => `r.${c}`).join(", "))}`
          : sql` having count(*) > 0`
    }`;
}

/** The export's columns (titles in the request's language) and the query of their texts. */
export function exportQuery(
  selection: ReportSelection,
  request: ExportRequest,
): { columns: ExportColumn[]; query: RawBuilder<Record<string, unknown>> } {
  const { model } = selection;
  const plan = planOf(selection);
  const compare = request.compare ?? null;
  const columns = exportColumns(model, selection.dims, request.lang, request.metrics, compare !== null);
  const dims = dimColumns(selection);
  // Export order: date newest first, then the other dimensions ascending (a key, so pages can follow it).
  const keyOrder = selection.dims.map((key) => ({ column: columnOf(model, key), desc: key === "dt" }));
  const inner = sql`
    select ${sql.raw(dims.length > 0 ? `${dims.map((c) => `r.${c}`).join(", ")}, ` : "")}${metricSelect(model, plan.grouped)}
    from ${sourceOf(selection, plan, request.after)}${
      !plan.grouped
        ? sql``
        : dims.length > 0
          ? sql` group by ${sql.raw(dims.map((c) => `r.${c}`).join(", "))}`
          : sql` having count(*) > 0`
    }${keyOrder.length > 0 ? sql` order by ${sql.raw(keyOrder.map((k) => `r.${k.column}${k.desc ? " desc" : ""}`).join(", "))}` : sql``}${
      request.limit === null ? sql`` : sql` limit ${request.limit}`
    }`;
  const joins: string[] = [];
  if (selection.dims.includes("app")) {
    joins.push(
      `left join app a on a.company_id = ${Number(selection.companyId)} and a.id = q.app_id`,
      `left join rpt_online_app ra on ra.company_id = ${Number(selection.companyId)} and ra.app_id = q.app_id`,
    );
  }
  const keys = request.withKeys
    ? keyOrder
        .map((k, index) =>
          k.column === "dt" ? `, to_char(q.dt, 'YYYY-MM-DD') as k${index}` : `, q.${k.column} as k${index}`,
        )
        .join("")
    : "";
  const cells = columns.map((column, index) => `${column.sql} as c${index}`).join(", ");
  const outerOrder =
    keyOrder.length > 0
      ? ` order by ${keyOrder.map((k) => `q.${k.column}${k.desc ? " desc" : ""}`).join(", ")}`
      : "";
  if (compare) {
    const on = dims.length > 0 ? dims.map((c) => `c.${c} = q.${c}`).join(" and ") : "true";
    const query = sql<Record<string, unknown>>`
      with q as (${inner})
      select ${sql.raw(cells)}${sql.raw(keys)} from q
      left join (${comparedSource(compare.selection, compare.shift)}) c on ${sql.raw(on)}
      ${sql.raw(joins.join(" "))}${sql.raw(outerOrder)}`;
    return { columns, query };
  }
  const query = sql<Record<string, unknown>>`
    select ${sql.raw(cells)}${sql.raw(keys)} from (${inner}) q ${sql.raw(joins.join(" "))}${sql.raw(outerOrder)}`;
  return { columns, query };
}

function titleOfDimension(model: KindModel, key: string, lang: "zh" | "en"): string {
  const field = model.dimensions.find((dim) => dim.key === key)?.field;
  const titles = (model.kind === "online" ? ONLINE_DIMENSIONS : OFFLINE_DIMENSIONS).find(
    (dim) => dim.field === field,
  )?.title;
  return titles?.[lang] ?? key;
}

/**
 * The rows after a key in the export order (date newest first, the other dimensions ascending), as
 * conditions to read one after the other, each one an index can serve: the rest of the key's day, then
 * the days before it (or, without the date, one row comparison).
 */
export function afterKeyParts(selection: ReportSelection, values: readonly unknown[]): RawBuilder<unknown>[] {
  const columns = selection.dims.map((key) => columnOf(selection.model, key));
  const tuple = (from: number) => {
    const names = sql.raw(
      columns
        .slice(from)
        .map((c) => `r.${c}`)
        .join(", "),
    );
    const given = sql.join(values.slice(from).map((value) => sql`${value}`));
    return sql`(${names}) > (${given})`;
  };
  if (columns[0] !== "dt") return [tuple(0)];
  const day = values[0];
  const parts: RawBuilder<unknown>[] = [];
  if (columns.length > 1) parts.push(sql`r.dt = ${day}::date and ${tuple(1)}`);
  parts.push(sql`r.dt < ${day}::date`);
  return parts;
}
