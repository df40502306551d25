/**
 * The reporting API's CSV throughput (docs/api.md#reporting-api) next to the console's export of the same
 * query, both over real HTTP on the listening app: `GET /api/v1/reports/sdk?format=csv` with a key of the
 * company, and `POST /v1/online/ssp/download` with a session. Each body is read to its end as a client
 * streams it.
 */
import { REPORT_API_PATHS } from "@pc/contract";
import type { Db } from "../server/src/db/database.ts";
import { createApiKey } from "../server/src/modules/api-keys/service.ts";
import { timed } from "./measure.ts";

export interface CsvRate {
  rows: number;
  bytes: number;
  ms: number;
  rowsPerSecond: number;
  megabytesPerSecond: number;
}

async function download(url: string, init: RequestInit): Promise<CsvRate> {
  const [{ rows, bytes }, ms] = await timed(async () => {
    const response = await fetch(url, init);
    const type = response.headers.get("content-type") ?? "";
    if (!response.ok || !type.startsWith("text/csv") || !response.body) {
      throw new Error(`${url}: HTTP ${response.status} ${type} ${await response.text()}`);
    }
    let read = 0;
    for await (const chunk of response.body) read += chunk.byteLength;
    return { rows: Number(response.headers.get("x-export-rows")), bytes: read };
  });
  const seconds = ms / 1000;
  return { rows, bytes, ms, rowsPerSecond: rows / seconds, megabytesPerSecond: bytes / 1048576 / seconds };
}

export async function measureReportApiCsv(
  baseUrl: string,
  db: Db,
  company: { id: number; userId: number },
  token: string,
  query: { startDate: string; endDate: string; dimensions: readonly number[] },
  timeZone: string,
): Promise<{ api: CsvRate; console: CsvRate }> {
  const { secret } = await createApiKey(
    db,
    { companyId: company.id, userId: company.userId },
    { name: "bench", scopes: ["sdk"], expires_on: null },
    timeZone,
  );
  const params = new URLSearchParams({
    startDate: query.startDate,
    endDate: query.endDate,
    dimensions: query.dimensions.join(","),
    format: "csv",
  });
  // Identity encoding on both: the bench measures the export, not compression.
  const headers = { lang: "en", "accept-encoding": "identity" };
  const consoleRate = await download(`${baseUrl}/v1/online/ssp/download`, {
    method: "POST",
    headers: { ...headers, token, "content-type": "application/json" },
    body: JSON.stringify({ ...query, dimensions: [...query.dimensions] }),
  });
  const api = await download(`${baseUrl}${REPORT_API_PATHS.sdk}?${params}`, {
    headers: { ...headers, authorization: `Bearer ${secret}` },
  });
  if (api.rows !== consoleRate.rows || api.bytes !== consoleRate.bytes) {
    throw new Error(`the API's CSV (${api.rows} rows) differs from the console's (${consoleRate.rows} rows)`);
  }
  return { api, console: consoleRate };
}
