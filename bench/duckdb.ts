/**
 * The reference of the report budgets (docs/performance.md#budgets): DuckDB (in-process, columnar) answering
 * each report question naively over the same finest-grain rows the console calculated (copied from the
 * measured database), so every endpoint's time can be printed as a ratio to it.
 */
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished } from "node:stream/promises";
import { type DuckDBConnection, DuckDBInstance } from "@duckdb/node-api";
import { reportDateToIso } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../server/src/db/database.ts";

/** The finest-grain tables and their columns, copied as they are. */
const TABLES = {
  online_fine: {
    source: "rpt_online_fine",
    key: ["company_id", "dt", "ad_position_id", "country"],
    columns: {
      company_id: "integer",
      dt: "date",
      ad_position_id: "integer",
      country: "varchar",
      app_id: "integer",
      ad_style: "smallint",
      request: "bigint",
      fill: "bigint",
      show: "bigint",
      click: "bigint",
      revenue: "decimal(18, 6)",
    },
  },
  offline_fine: {
    source: "rpt_offline_fine",
    key: ["company_id", "dt", "sub_channel", "offer_id", "pkg_name", "country"],
    columns: {
      company_id: "integer",
      dt: "date",
      sub_channel: "varchar",
      offer_id: "varchar",
      pkg_name: "varchar",
      country: "varchar",
      click: "bigint",
      conversion: "bigint",
      refuse: "bigint",
      settle_amount: "decimal(18, 6)",
      payout: "decimal(18, 6)",
    },
  },
} as const;

const PAGE_ROWS = 50_000;

/** CSV text of a value the generated data holds (numbers, dates, plain codes). */
const cell = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** Pages through a table in key order and writes it as a CSV file (works on PostgreSQL and PGlite alike). */
async function dumpTable(db: Db, table: (typeof TABLES)[keyof typeof TABLES], file: string): Promise<number> {
  const columns = Object.keys(table.columns);
  const out = createWriteStream(file);
  const select = sql.raw(
    columns.map((column) => (column === "dt" ? "to_char(dt, 'YYYY-MM-DD') as dt" : column)).join(", "),
  );
  const key = sql.raw(table.key.join(", "));
  let after: unknown[] | null = null;
  let rows = 0;
  for (;;) {
    const condition: ReturnType<typeof sql> = after
      ? sql`where (${key}) > (${sql.join(after.map((value) => sql`${value}`))})`
      : sql``;
    const page = await sql<Record<string, unknown>>`
      select ${select} from ${sql.table(table.source)} ${condition} order by ${key} limit ${PAGE_ROWS}`.execute(
      db,
    );
    for (const row of page.rows) out.write(`${columns.map((column) => cell(row[column])).join(",")}\n`);
    rows += page.rows.length;
    const last = page.rows[page.rows.length - 1];
    if (!last || page.rows.length < PAGE_ROWS) break;
    after = table.key.map((column) => last[column]);
  }
  out.end();
  await finished(out);
  return rows;
}

export interface DuckMirror {
  connection: DuckDBConnection;
  rows: number;
  close: () => void;
}

/** Copies the finest-grain report tables of a database into an in-memory DuckDB. */
export async function mirrorToDuckDb(db: Db): Promise<DuckMirror> {
  const instance = await DuckDBInstance.create(":memory:");
  const connection = await instance.connect();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-bench-duck-"));
  let rows = 0;
  try {
    for (const [name, table] of Object.entries(TABLES)) {
      const file = path.join(dir, `${name}.csv`);
      rows += await dumpTable(db, table, file);
      const columns = Object.entries(table.columns)
        .map(([column, type]) => `'${column}': '${type}'`)
        .join(", ");
      await connection.run(
        `create table ${name} as select * from read_csv('${file}', header = false, columns = {${columns}})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { connection, rows, close: () => connection.closeSync() };
}

/** The date range and company a DuckDB question is asked for. */
export interface DuckScope {
  companyId: number;
  /** yyyyMMdd, both included. */
  start: string;
  end: string;
}

const ratio = (numerator: string, denominator: string) =>
  `case when ${denominator} = 0 then 0 else round(${numerator} / ${denominator}, 4) end`;

const ONLINE_METRICS = [
  "sum(request) as request",
  "sum(fill) as fill",
  `${ratio("sum(fill)", "sum(request)")} as fill_rate`,
  'sum("show") as shows',
  `${ratio('sum("show")', "sum(fill)")} as show_rate`,
  "sum(click) as click",
  `${ratio("sum(click)", 'sum("show")')} as click_rate`,
  "round(sum(revenue), 4) as revenue",
  `${ratio("sum(revenue) * 1000", 'sum("show")')} as ecpm`,
].join(", ");

const OFFLINE_METRICS = [
  "sum(click) as click",
  "sum(conversion) as conversion",
  "sum(refuse) as refuse",
  `${ratio("sum(conversion)", "sum(click)")} as conversion_rate`,
  `${ratio("sum(settle_amount)", "sum(click)")} as cpc`,
  "round(sum(settle_amount), 4) as settle_amount",
  "round(sum(payout), 4) as payout",
  "round(sum(settle_amount) - sum(payout), 4) as profit",
  `${ratio("sum(settle_amount) - sum(payout)", "sum(settle_amount)")} as profit_rate`,
].join(", ");

/** A report question as the endpoint answers it: a page of groups and their count (or the total row). */
export interface DuckQuestion {
  table: keyof typeof TABLES;
  /** Columns to group by (none: the total row). */
  groupBy: readonly string[];
  /** ORDER BY of the page; default the groups' own order (date newest first). */
  orderBy?: string;
  where?: string;
  limit?: number;
}

/** The statements answering a question the naive way, over the finest grain. */
export function duckStatements(question: DuckQuestion, scope: DuckScope): string[] {
  const metrics = question.table === "online_fine" ? ONLINE_METRICS : OFFLINE_METRICS;
  const where = [
    `company_id = ${Number(scope.companyId)}`,
    `dt between date '${reportDateToIso(scope.start)}' and date '${reportDateToIso(scope.end)}'`,
    ...(question.where ? [question.where] : []),
  ].join(" and ");
  const from = `from ${question.table} where ${where}`;
  if (question.groupBy.length === 0) return [`select ${metrics} ${from}`];
  const groups = question.groupBy.join(", ");
  const order =
    question.orderBy ?? question.groupBy.map((column) => (column === "dt" ? "dt desc" : column)).join(", ");
  return [
    `select ${groups}, ${metrics} ${from} group by ${groups} order by ${order} limit ${question.limit ?? 10}`,
    `select count(*) from (select 1 ${from} group by ${groups})`,
  ];
}

/** Runs a question's statements once; answers the milliseconds taken. */
export async function askDuckDb(
  connection: DuckDBConnection,
  statements: readonly string[],
): Promise<number> {
  const started = performance.now();
  for (const statement of statements) await connection.runAndReadAll(statement);
  return performance.now() - started;
}
