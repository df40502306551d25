/** Reading a report's CSV each way the export can (pages by key, COPY), as the export tests compare them. */
import { buffer } from "node:stream/consumers";
import { expect } from "vitest";
import type { DatabaseHandle } from "../../src/db/database.ts";
import { type ExportRequest, exportReport } from "../../src/modules/reports/query/export.ts";

/**
 * Exports a report query (in English, UTC, up to 1000 rows) in pages of `pageRows` rows, in one page, and on
 * PostgreSQL with COPY, expecting the same bytes each way; answers the paged export's row count and text.
 */
export async function exportEachWay(
  database: DatabaseHandle,
  request: Pick<ExportRequest, "kind" | "viewer" | "query">,
  pageRows: number,
): Promise<{ rows: number; text: string }> {
  const common = { ...request, lang: "en" as const, timeZone: "UTC", maxRows: 1000, now: new Date(0) };
  const exported = async (how: Pick<ExportRequest, "method" | "pageRows">) => {
    const file = await exportReport(database, { ...common, ...how });
    return { rows: file.rows, text: (await buffer(file.body)).toString("utf8") };
  };
  const paged = await exported({ method: "paged", pageRows });
  expect(paged.text).toBe((await exported({ method: "paged", pageRows: 1000 })).text);
  if (database.kind === "postgres") expect((await exported({ method: "copy" })).text).toBe(paged.text);
  return paged;
}
