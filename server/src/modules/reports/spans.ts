/**
 * Spans of the finest grain (migration 0007; docs/performance.md): each kind's finest rows summed over
 * aligned blocks of 2^level days (level 1…SPAN_LEVELS), rebuilt by the calculation for the blocks holding the
 * days it writes. A grouping without the date reads the largest blocks whose days are all visible, and single
 * days from the finest table: any set of days is covered by at most ~2·SPAN_LEVELS pieces per run of days.
 */
import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { DayRange } from "./days.ts";
import type { KindModel } from "./model.ts";

/** Blocks of up to 2^6 = 64 days (the 90-day window holds at most one). */
export const SPAN_LEVELS = 6;

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a yyyy-MM-DD date, and back. */
export const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
export const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A block of 2^level days starting on `start` (yyyy-MM-DD); level 0 is one day of the finest table. */
export interface Piece {
  level: number;
  start: string;
}

/** The days of a piece, in order. */
export function daysOf(piece: Piece): string[] {
  const first = dayNumber(piece.start);
  return Array.from({ length: 2 ** piece.level }, (_, index) => isoOf(first + index));
}

/** The fewest aligned blocks covering exactly these days (yyyy-MM-DD, any order): largest first in each run. */
export function coverOf(days: readonly string[]): Piece[] {
  const numbers = [...new Set(days.map(dayNumber))].sort((a, b) => a - b);
  const pieces: Piece[] = [];
  let index = 0;
  while (index < numbers.length) {
    let runEnd = index;
    while (runEnd + 1 < numbers.length && numbers[runEnd + 1] === (numbers[runEnd] as number) + 1) runEnd++;
    let day = numbers[index] as number;
    const last = numbers[runEnd] as number;
    while (day <= last) {
      let level = SPAN_LEVELS;
      while (level > 0 && (day % 2 ** level !== 0 || day + 2 ** level - 1 > last)) level--;
      pieces.push({ level, start: isoOf(day) });
      day += 2 ** level;
    }
    index = runEnd + 1;
  }
  return pieces;
}

/** The finest table's columns other than the date: the dimensions, then the counters. */
function spanColumns(model: KindModel): string[] {
  const fine = model.rollups.find((rollup) => rollup.table === model.fineTable);
  if (!fine) throw new Error(`no finest table for ${model.kind}`);
  const dims = model.dimensions.filter((dim) => dim.key !== "dt" && fine.dims.includes(dim.key));
  return [...dims.map((dim) => dim.column), ...model.counters.map((counter) => counter.column)];
}

/**
 * Rebuilds a company's blocks of every level that hold a day of `days`, each level from the one below
 * (level 1 from the finest table). Run inside the transaction that wrote those days.
 */
export async function refreshSpans(db: Db, model: KindModel, companyId: number, days: DayRange) {
  for (let level = 1; level <= SPAN_LEVELS; level++)
    await refreshSpanLevel(db, model, companyId, days, level);
}

/**
 * Rebuilds one level's blocks holding a day of `days` from the level below; `within`, a condition on the
 * finest table's columns, limits it to a slice of the rows (the embedded database's sliced calculation).
 */
export async function refreshSpanLevel(
  db: Db,
  model: KindModel,
  companyId: number,
  days: DayRange,
  level: number,
  within: RawBuilder<unknown> = sql`true`,
) {
  const columns = spanColumns(model);
  const dims = columns.slice(0, columns.length - model.counters.length);
  const sums = model.counters.map((counter) => `sum(${counter.column})`);
  const table = sql.table(model.spanTable);
  const from = dayNumber(days.from);
  const to = dayNumber(days.to);
  const size = 2 ** level;
  const first = isoOf(from - (from % size));
  const end = isoOf(to - (to % size) + size);
  const blockOf = (column: string) =>
    sql.raw(`(date '1970-01-01' + ((${column} - date '1970-01-01') / ${size}) * ${size})`);
  await sql`delete from ${table}
    where company_id = ${companyId} and level = ${level} and start >= ${first}::date and start < ${end}::date
      and ${within}`.execute(db);
  const source =
    level === 1
      ? sql`select dt as day, ${sql.raw(columns.join(", "))} from ${sql.table(model.fineTable)}
          where company_id = ${companyId} and dt >= ${first}::date and dt < ${end}::date and ${within}`
      : sql`select start as day, ${sql.raw(columns.join(", "))} from ${table}
          where company_id = ${companyId} and level = ${level - 1} and start >= ${first}::date and start < ${end}::date
            and ${within}`;
  await sql`
    insert into ${table} (company_id, level, start, ${sql.raw(columns.join(", "))})
    select ${companyId}, ${level}, ${blockOf("s.day")}, ${sql.raw(dims.map((dim) => `s.${dim}`).join(", "))},
      ${sql.raw(sums.join(", "))}
    from (${source}) s
    group by ${blockOf("s.day")}, ${sql.raw(dims.map((dim) => `s.${dim}`).join(", "))}`.execute(db);
}

/**
 * The rows of a cover as one derived table (the company's blocks and single days), with the finest columns:
 * one select per block, so each reads exactly its rows through the primary key.
 */
export function spanSource(model: KindModel, companyId: number, pieces: readonly Piece[]) {
  const columns = sql.raw(spanColumns(model).join(", "));
  const parts = pieces
    .filter((piece) => piece.level > 0)
    .map(
      (block) => sql`select ${columns} from ${sql.table(model.spanTable)}
        where company_id = ${companyId} and level = ${block.level} and start = ${block.start}::date`,
    );
  const singles = pieces.filter((piece) => piece.level === 0).map((piece) => piece.start);
  if (singles.length > 0 || parts.length === 0) {
    parts.push(sql`select ${columns} from ${sql.table(model.fineTable)}
      where company_id = ${companyId} and dt = any(${singles}::date[])`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}
