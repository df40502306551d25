/**
 * CSV export of a report query (docs/rules/reports.md#export; docs/performance.md): the same rows as the
 * table, streamed in constant memory with a UTF-8 BOM and headers in the request's language. On PostgreSQL
 * the database writes the CSV itself (`COPY (query) TO STDOUT` through pg-copy-streams; COPY takes no bind
 * parameters, so values go in as checked literals); on PGlite, pages of rows follow the export order by key
 * (each page a short query, so the embedded database is never held long) through csv-stringify. The cells'
 * texts, the formula guard included, come from the same SQL on both.
 */
import { Readable } from "node:stream";
import {
  Code,
  compareSidesOf,
  exportFileName,
  type LangValue,
  type OfflineReportQuery,
  type OnlineReportQuery,
  type ReportKindValue,
} from "@pc/contract";
import { stringify } from "csv-stringify/sync";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { RawBuilder } from "kysely";
import { to as copyTo } from "pg-copy-streams";
import type { DatabaseHandle, Db } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import { MODELS } from "../model.ts";
import { comparedSelections } from "./comparison.ts";
import {
  afterKeyParts,
  type ExportColumn,
  type ExportComparison,
  exportColumns,
  exportQuery,
  isRanked,
} from "./export-sql.ts";
import type { Viewer } from "./selection.ts";
import { countQuery, type Plan, planOf, type ReportOrder, type ReportSelection } from "./sql.ts";

const BOM = "\uFEFF";
/**
 * Rows per page on PGlite: each page is one short query, and a request waits for one page at most
 * (docs/performance.md). On the bench's 90-day export a page of 1000 rows held the session about 100 ms,
 * a page of 250 about 20 ms, for about the same total time (a page's sort grows faster than its rows).
 */
const EXPORT_PAGE_ROWS = 250;

export interface ExportRequest {
  kind: ReportKindValue;
  viewer: Viewer;
  query: OnlineReportQuery | OfflineReportQuery;
  lang: LangValue;
  timeZone: string;
  maxRows: number;
  now?: Date;
  /** How rows are read: COPY (PostgreSQL's default) or pages by key (PGlite's, and for comparison). */
  method?: "copy" | "paged";
  /** Rows per page of the paged method. */
  pageRows?: number;
}

export interface ExportFile {
  fileName: string;
  rows: number;
  body: Readable;
}

/** A SQL literal of a bound value (COPY takes no parameters): finite numbers, texts, arrays of those. */
function sqlLiteral(value: unknown): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error("a non-finite number cannot be a literal");
    return String(value);
  }
  if (typeof value === "string") {
    if (value.includes("\0")) throw new Error("a text with NUL cannot be a literal");
    return `'${value.replaceAll("'", "''")}'`;
  }
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) {
    return value.length === 0 ? "'{}'" : `array[${value.map((item) => sqlLiteral(item)).join(", ")}]`;
  }
  throw new Error(`no literal for a ${typeof value}`);
}

/** The compiled query with each $n replaced by its value's literal. */
function inlineParameters(query: RawBuilder<unknown>, db: Db): string {
  const compiled = query.compile(db);
  return compiled.sql.replace(/\$(\d+)/g, (_, index: string) =>
    sqlLiteral(compiled.parameters[Number(index) - 1]),
  );
}

const headerLine = (columns: readonly ExportColumn[]) =>
  BOM + stringify([columns.map((column) => column.title)]);

function copyStream(database: DatabaseHandle, text: string): AsyncIterable<Buffer> {
  const pool = database.pgPool;
  if (!pool) throw new Error("COPY needs PostgreSQL");
  return {
    async *[Symbol.asyncIterator]() {
      const client = await pool.connect();
      let finished = false;
      const stream = client.query(copyTo(`copy (${text}) to stdout with (format csv)`));
      try {
        for await (const chunk of stream) yield chunk as Buffer;
        finished = true;
      } finally {
        if (!finished) stream.destroy();
        // A connection left in the middle of a COPY cannot be reused.
        client.release(finished ? undefined : new Error("export interrupted"));
      }
    },
  };
}

/** What the paged method reads: the query's rows in its order, its language and metrics, its comparison. */
interface PagedExport {
  selection: ReportSelection;
  plan: Plan;
  lang: LangValue;
  metrics: readonly string[];
  order: ReportOrder;
  compare: ExportComparison | null;
}

/** Reads the export's pages, each a short query; before each, waiting requests have the database first. */
async function* pagedRows(database: DatabaseHandle, request: PagedExport, pageRows: number) {
  const { selection, plan } = request;
  const read = async (query: RawBuilder<Record<string, unknown>>) => {
    await database.yieldSession();
    return (await query.execute(database.db)).rows;
  };
  const common = { lang: request.lang, metrics: request.metrics, compare: request.compare };
  if (isRanked(selection, plan, request.order)) {
    // a chosen order: pages by offset (each ranks the groups again; only the key order has an index path)
    for (let offset = 0; ; offset += pageRows) {
      const built = exportQuery(selection, plan, {
        ...common,
        withKeys: false,
        after: null,
        limit: pageRows,
        offset,
        order: request.order,
      });
      const rows = await read(built.query);
      if (rows.length > 0) yield csvOf(built.columns, rows);
      if (rows.length < pageRows) return;
    }
  }
  let after: unknown[] | null = null;
  for (;;) {
    const parts = after ? afterKeyParts(selection, after) : [null];
    const rows: Record<string, unknown>[] = [];
    let columns: ExportColumn[] = [];
    for (const part of parts) {
      if (rows.length >= pageRows) break;
      const built = exportQuery(selection, plan, {
        ...common,
        withKeys: true,
        after: part,
        limit: pageRows - rows.length,
      });
      columns = built.columns;
      rows.push(...(await read(built.query)));
    }
    if (rows.length === 0) return;
    yield csvOf(columns, rows);
    const last = rows[rows.length - 1];
    if (!last || rows.length < pageRows || selection.dims.length === 0) return;
    after = selection.dims.map((_, index) => last[`k${index}`]);
  }
}

const csvOf = (columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]) =>
  stringify(rows.map((row) => columns.map((_, index) => row[`c${index}`] ?? "")));

/** Checks the query and its size, then answers the file name and a stream of its CSV. */
export async function exportReport(database: DatabaseHandle, request: ExportRequest): Promise<ExportFile> {
  const { db } = database;
  const [selection, comparison] = await comparedSelections(
    db,
    request.kind,
    request.viewer,
    request.query,
    request.timeZone,
  );
  const plan = selection ? planOf(selection) : null;
  const rows =
    selection && plan ? Number((await countQuery(selection, plan).execute(db)).rows[0]?.total ?? 0) : 0;
  if (rows > request.maxRows) throw new AppError(Code.ParamError, "reportExportTooLarge");
  const model = MODELS[request.kind];
  const metrics = request.query.metrics ?? model.metrics.map((metric) => metric.key);
  const companyId = request.query.companyId ?? request.viewer.companyId;
  const fileName = exportFileName(request.kind, companyId, (request.now ?? new Date()).getTime());
  const dims = selection
    ? selection.dims
    : model.dimensions
        .filter((dim) => request.query.dimensions.some((code) => code === dim.code))
        .map((d) => d.key);
  const compare = comparison
    ? {
        selection: comparison.selection,
        plan: comparison.plan,
        shift: comparison.shift,
        range: comparison.range,
      }
    : null;
  const order = { orderBy: request.query.orderBy, order: request.query.order };
  const header = headerLine(
    exportColumns(model, dims, request.lang, metrics, compare && compareSidesOf(compare.range)),
  );
  async function* body() {
    yield Buffer.from(header, "utf8");
    if (!selection || !plan || rows === 0) return;
    const method = request.method ?? (database.kind === "postgres" ? "copy" : "paged");
    if (method === "copy") {
      const { query } = exportQuery(selection, plan, {
        lang: request.lang,
        metrics,
        withKeys: false,
        after: null,
        limit: null,
        order,
        compare,
      });
      yield* copyStream(database, inlineParameters(query, db));
    } else {
      const pageRows = request.pageRows ?? EXPORT_PAGE_ROWS;
      const paged = { selection, plan, lang: request.lang, metrics, order, compare };
      const pages = pagedRows(database, paged, pageRows);
      for await (const page of pages) yield Buffer.from(page, "utf8");
    }
  }
  return { fileName, rows, body: Readable.from(body(), { objectMode: false }) };
}

/** Answers an export file: CSV streamed, with its name and row count in the headers. */
function sendCsv(reply: FastifyReply, file: ExportFile) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${file.fileName}"`)
    .header("cache-control", "no-store")
    .header("x-export-rows", String(file.rows))
    .send(file.body);
}

/**
 * The CSV answer of a report query under the app's settings (time zone, row limit) for the viewer `viewerOf`
 * finds in a request: what the console's download routes and the reporting API's `format=csv` answer.
 */
export function csvAnswer(app: FastifyInstance, viewerOf: (request: FastifyRequest) => Viewer) {
  const settings = { timeZone: app.timeZone, maxRows: app.config.EXPORT_MAX_ROWS };
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: ReportKindValue,
    query: OnlineReportQuery | OfflineReportQuery,
  ) => {
    const viewer = viewerOf(request);
    return sendCsv(
      reply,
      await exportReport(app.database, { kind, viewer, query, lang: request.lang, ...settings }),
    );
  };
}
