/**
 * The CSV export's query (docs/rules/reports.md#export): the report query's groups with each cell's text
 * (titles in the request's language, formulas guarded), joined to the comparison period's rows when asked, in
 * key order.
 */
import {
  type CompareSide,
  changeFormatOf,
  compareColumnTitles,
  compareSidesOf,
  type MetricFormat,
  OFFLINE_DIMENSIONS,
  ONLINE_DIMENSIONS,
  type ReportCompareRange,
} from "@pc/contract";
import { type RawBuilder, sql } from "kysely";
import { adStyleTitleSql, type KindModel } from "../model.ts";
import {
  columnOf,
  dimColumns,
  metricSelect,
  orderTerms,
  type Plan,
  type ReportOrder,
  type ReportSelection,
  sourceOf,
} from "./sql.ts";

/** The column ranking an export's rows in a chosen order. */
const SORT_RANK = "sort_rank";

/** Whether an export is in a chosen order (read in pages by offset) rather than its key order. */
export const isRanked = (selection: ReportSelection, plan: Plan, order: ReportOrder | null | undefined) =>
  Boolean(order?.orderBy) && orderTerms(selection, plan.grouped, order as ReportOrder).length > 0;

export interface ExportColumn {
  /** The SQL of the cell's text. */
  sql: string;
  title: string;
}

/**
 * Text cells starting with = + - @ (or a tab or carriage return) get a leading '
 * (docs/rules/reports.md#export).
 */
const guard = (text: string) => `(case when ${text} ~ '^[-=+@\\t\\r]' then '''' || ${text} else ${text} end)`;

/** How each dimension is written in an export (from the grouped query `q`). */
function dimensionCell(model: KindModel, key: string, lang: "zh" | "en"): string {
  switch (key) {
    case "dt":
      return "to_char(q.dt, 'YYYY-MM-DD')";
    case "hour":
      // as the contract's hourText writes it: 13 → 13:00
      return "lpad(q.hour::text, 2, '0') || ':00'";
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

/** A value's text in a format, as the contract's formatMetricValue writes it. */
function metricCell(format: string, value: string): string {
  switch (format) {
    case "count":
      return `${value}::text`;
    case "rate":
      return `(${value} * 100)::numeric(30, 2)::text || '%'`;
    case "points":
      return `(${value} * 100)::numeric(30, 2)::text`;
    default:
      return `${value}::numeric(30, 4)::text`;
  }
}

/** The comparison an export joins. */
export interface ExportComparison {
  selection: ReportSelection;
  plan: Plan;
  shift: number;
  range: ReportCompareRange;
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
  /** Rows skipped first (pages of a chosen order). */
  offset?: number;
  /** A chosen order (`orderBy` set): rows ranked by it, else in key order. */
  order?: ReportOrder | null;
  /** With `compare`: the same query over the comparison range, how many days it lies before, its days. */
  compare?: ExportComparison | null;
}

/**
 * A metric's comparison cells: its comparison value, the change (a rate's in percentage points), and the
 * relative change in % (empty on a zero base).
 */
function comparedCells(format: MetricFormat, key: string): string[] {
  const value = `q."${key}"`;
  const base = `coalesce(c."${key}", 0)`;
  const percent = `(case when ${base} = 0 then null else round((${value} - ${base}) * 100.0 / abs(${base}), 2)::numeric(30, 2)::text || '%' end)`;
  return [metricCell(format, base), metricCell(changeFormatOf(format), `(${value} - ${base})`), percent];
}

/** The columns of an export: its dimensions, then its metrics, titled in a language. */
export function exportColumns(
  model: KindModel,
  dims: readonly string[],
  lang: "zh" | "en",
  metrics: readonly string[],
  /** With a comparison: the days of its two sides (the columns name them). */
  sides: { current: CompareSide; comparison: CompareSide } | null = null,
): ExportColumn[] {
  return [
    ...dims.map((key) => ({
      sql: dimensionCell(model, key, lang),
      title: titleOfDimension(model, key, lang),
    })),
    ...metrics.flatMap((key) => {
      const metric = model.metrics.find((m) => m.key === key);
      if (!metric) throw new Error(`no metric ${key}`);
      const own = metricCell(metric.format, `q."${key}"`);
      if (!sides) return [{ sql: own, title: metric.title[lang] }];
      const titles = compareColumnTitles(metric, lang, sides);
      const cells = [own, ...comparedCells(metric.format, key)];
      return cells.map((cell, index) => ({ sql: cell, title: titles[index] ?? "" }));
    }),
  ];
}

/**
 * The comparison rows an export joins (`c`): the same grouping over the comparison range, its date moved
 * onto the range, reading only the keys of the rows of `q` (the export's own rows, a page of them on PGlite).
 */
function comparedSource(selection: ReportSelection, plan: Plan, shift: number): RawBuilder<unknown> {
  const { model } = selection;
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
  plan: Plan,
  request: ExportRequest,
): { columns: ExportColumn[]; query: RawBuilder<Record<string, unknown>> } {
  const { model } = selection;
  const compare = request.compare ?? null;
  const sides = compare ? compareSidesOf(compare.range) : null;
  const columns = exportColumns(model, selection.dims, request.lang, request.metrics, sides);
  const dims = dimColumns(selection);
  // Export order: date newest first, then the other dimensions ascending (a key, so pages can follow it);
  // a chosen order ranks the rows (row_number over the table's order terms), so the outer query keeps it.
  const keyOrder = selection.dims.map((key) => ({ column: columnOf(model, key), desc: key === "dt" }));
  const rankTerms = request.order?.orderBy ? orderTerms(selection, plan.grouped, request.order) : [];
  const ranked = rankTerms.length > 0;
  const rank = ranked ? `, row_number() over (order by ${rankTerms.join(", ")}) as ${SORT_RANK}` : "";
  const innerOrder = ranked
    ? ` order by ${SORT_RANK}`
    : keyOrder.length > 0
      ? ` order by ${keyOrder.map((k) => `r.${k.column}${k.desc ? " desc" : ""}`).join(", ")}`
      : "";
  const inner = sql`
    select ${sql.raw(dims.length > 0 ? `${dims.map((c) => `r.${c}`).join(", ")}, ` : "")}${metricSelect(model, plan.grouped)}${sql.raw(rank)}
    from ${sourceOf(selection, plan, request.after)}${
      !plan.grouped
        ? sql``
        : dims.length > 0
          ? sql` group by ${sql.raw(dims.map((c) => `r.${c}`).join(", "))}`
          : sql` having count(*) > 0`
    }${sql.raw(innerOrder)}${request.limit === null ? sql`` : sql` limit ${request.limit}`}${
      request.offset ? sql` offset ${request.offset}` : sql``
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
  const outerOrder = ranked
    ? ` order by q.${SORT_RANK}`
    : keyOrder.length > 0
      ? ` order by ${keyOrder.map((k) => `q.${k.column}${k.desc ? " desc" : ""}`).join(", ")}`
      : "";
  if (compare) {
    const on = dims.length > 0 ? dims.map((c) => `c.${c} = q.${c}`).join(" and ") : "true";
    const query = sql<Record<string, unknown>>`
      with q as (${inner})
      select ${sql.raw(cells)}${sql.raw(keys)} from q
      left join (${comparedSource(compare.selection, compare.plan, compare.shift)}) c on ${sql.raw(on)}
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
