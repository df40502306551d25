/**
 * Large groupings on the embedded database (no request may hold PGlite for long; docs/performance.md). A query that
 * must sum many rollup rows (e.g. placement × country over 90 days, without the date) is summed a few days
 * at a time, each a short query that lets other requests in between, and the partial sums are added here;
 * the metrics are then derived from the sums as the SQL derives them (both from the contract's formulas,
 * ../metrics.ts), then ordered and paged like the SQL query.
 */
import { sql } from "kysely";
import type { Db } from "../../../db/database.ts";
import { type CounterSums, exactSum } from "../metrics.ts";
import { groupCountKey, type KindModel } from "../model.ts";
import { daysOf, type Piece } from "../spans.ts";
import { appNames } from "./repo.ts";
import {
  columnOf,
  type PageRequest,
  type Plan,
  planOfPieces,
  type ReportSelection,
  sortedDimension,
  sumsQuery,
} from "./sql.ts";

/** Rows one chunk may sum (about 20–40 ms of PGlite). */
const CHUNK_ROWS = 20_000;

export interface QueryOptions {
  /** PGlite: large groupings are summed a few days at a time, so no query holds it long. */
  embedded?: boolean;
  /** Rows a chunk may sum (tests make it small). */
  chunkRows?: number;
}

/** The metrics named in `keys` (default all) of summed counters. */
function metricsOf(model: KindModel, sums: CounterSums, keys?: readonly string[]): Record<string, number> {
  const metrics = keys ? model.metrics.filter((metric) => keys.includes(metric.key)) : model.metrics;
  return Object.fromEntries(metrics.map((metric) => [metric.key, metric.value(sums)]));
}

/** How many rollup rows a query would sum, per day (from the day totals' group counts). */
async function rowsPerDay(db: Db, selection: ReportSelection, plan: Plan): Promise<Map<string, number>> {
  const key = groupCountKey(plan.rollup.key);
  const { rows } = await sql<{ dt: string; n: number }>`
    select to_char(dt, 'YYYY-MM-DD') as dt, coalesce((group_counts ->> ${key})::int, 0) as n
    from ${sql.table(selection.model.dayTable)}
    where company_id = ${selection.companyId} and dt between ${selection.start}::date and ${selection.end}::date
      ${selection.days ? sql`and dt = any(${[...selection.days]}::date[])` : sql``}
    order by dt`.execute(db);
  return new Map(rows.map((row) => [row.dt, Number(row.n)]));
}

/** What a query reads, in parts: its days, or the blocks of days of its plan (a block's rows ≤ its largest day's). */
interface Part {
  days: string[];
  rows: number;
  /** The plan's piece it is, when the plan reads pieces. */
  piece: Piece | null;
}

function partsOf(plan: Plan, perDay: Map<string, number>): Part[] {
  if (!plan.pieces) return [...perDay].map(([day, rows]) => ({ days: [day], rows, piece: null }));
  return plan.pieces.map((piece) => {
    const days = daysOf(piece);
    return { days, rows: Math.max(0, ...days.map((day) => perDay.get(day) ?? 0)), piece };
  });
}

/** True when a grouped query would sum more rows than one short query should. */
function isLarge(plan: Plan, perDay: Map<string, number>, chunkRows = CHUNK_ROWS): boolean {
  if (!plan.grouped) return false;
  return partsOf(plan, perDay).reduce((total, part) => total + part.rows, 0) > chunkRows;
}

/** Runs of parts whose rows stay under chunkRows (a larger part is a run alone). */
function chunksOf(parts: readonly Part[], chunkRows: number): Part[][] {
  const chunks: Part[][] = [];
  let current: Part[] = [];
  let rows = 0;
  for (const part of parts) {
    if (current.length > 0 && rows + part.rows > chunkRows) {
      chunks.push(current);
      current = [];
      rows = 0;
    }
    current.push(part);
    rows += part.rows;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface ChunkedPage {
  rows: Record<string, unknown>[];
  total: number;
}

/** Sums a large grouping a few days at a time; answers the page (dimension columns + metrics) and the total. */
async function chunkedPage(
  db: Db,
  selection: ReportSelection,
  plan: Plan,
  perDay: Map<string, number>,
  page: PageRequest,
  chunkRows = CHUNK_ROWS,
): Promise<ChunkedPage> {
  const { model } = selection;
  const columns = selection.dims.map((key) => columnOf(model, key));
  const groups = new Map<string, { dims: unknown[]; sums: CounterSums }>();
  for (const chunk of chunksOf(partsOf(plan, perDay), chunkRows)) {
    const days = chunk.flatMap((part) => part.days);
    const first = days.reduce((a, b) => (a < b ? a : b));
    const last = days.reduce((a, b) => (a > b ? a : b));
    const pieces = chunk.flatMap((part) => (part.piece ? [part.piece] : []));
    const { rows } = await sumsQuery(
      { ...selection, start: first, end: last, days },
      planOfPieces(plan, pieces),
    ).execute(db);
    for (const row of rows) {
      const dims = columns.map((column) => (column === "dt" ? String(row.dt) : row[column]));
      const key = JSON.stringify(dims);
      const group = groups.get(key) ?? { dims, sums: {} };
      for (const counter of model.counters) {
        const value = exactSum(row[counter.column], counter.money);
        group.sums[counter.column] = (group.sums[counter.column] ?? 0n) + value;
      }
      groups.set(key, group);
    }
  }
  // Only the metric the page is ordered by is needed for every group; the page's rows get them all.
  const orderKeys = model.metrics.some((metric) => metric.key === page.orderBy)
    ? [page.orderBy as string]
    : [];
  const all = [...groups.values()].map((group) => ({
    ...Object.fromEntries(columns.map((column, index) => [column, group.dims[index]])),
    ...metricsOf(model, group.sums, orderKeys),
    sums: group.sums,
  })) as (Record<string, unknown> & { sums: CounterSums })[];
  all.sort(comparator(selection, page, await sortNames(db, selection, page, all)));
  const rows = all
    .slice(page.offset, page.offset + page.limit)
    .map(({ sums, ...row }) => ({ ...row, ...metricsOf(model, sums) }));
  return { rows, total: all.length };
}

/** When the page is sorted by app: each app's name as the SQL sorts it (else an empty map). */
async function sortNames(
  db: Db,
  selection: ReportSelection,
  page: PageRequest,
  rows: readonly Record<string, unknown>[],
): Promise<Map<number, string>> {
  if (sortedDimension(selection, page.orderBy)?.key !== "app") return new Map();
  return appNames(db, selection.companyId, [...new Set(rows.map((row) => Number(row.app_id)))]);
}

const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === "number" && typeof b === "number") return a - b;
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
};

/** The order of the SQL query (`orderTerms` in sql.ts): the chosen metric or dimension, then the default. */
function comparator(selection: ReportSelection, page: PageRequest, appNames: Map<number, string>) {
  type Term = { get: (row: Record<string, unknown>) => unknown; desc: boolean };
  const terms: Term[] = [];
  const direction = (page.order ?? "desc") === "desc";
  if (selection.model.metrics.some((metric) => metric.key === page.orderBy))
    terms.push({ get: (row) => row[page.orderBy as string], desc: direction });
  const sorted = sortedDimension(selection, page.orderBy);
  if (sorted?.key === "app") {
    terms.push({ get: (row) => appNames.get(Number(row.app_id)) ?? `#${row.app_id}`, desc: direction });
  } else if (sorted) terms.push({ get: (row) => row[sorted.column], desc: direction });
  const done = sorted && sorted.key !== "app" ? sorted.key : null;
  if (selection.dims.includes("dt") && done !== "dt") terms.push({ get: (row) => row.dt, desc: true });
  for (const key of selection.dims) {
    if (key === "dt" || key === done) continue;
    const column = columnOf(selection.model, key);
    terms.push({ get: (row) => row[column], desc: false });
  }
  return (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const term of terms) {
      const order = compareValues(term.get(a), term.get(b));
      if (order !== 0) return term.desc ? -order : order;
    }
    return 0;
  };
}

/**
 * On the embedded database, a large grouping summed a few days at a time (docs/performance.md); else null.
 */
export async function chunkedIfLarge(
  db: Db,
  selection: ReportSelection,
  plan: Plan,
  options: QueryOptions,
  page: PageRequest,
) {
  if (!options.embedded || !plan.grouped) return null;
  const perDay = await rowsPerDay(db, selection, plan);
  if (!isLarge(plan, perDay, options.chunkRows)) return null;
  return chunkedPage(db, selection, plan, perDay, page, options.chunkRows);
}
