import { buffer } from "node:stream/consumers";
import {
  Code,
  MESSAGES,
  OFFLINE_METRICS,
  type OfflineReportPage,
  ONLINE_METRICS,
  type OnlineReportPage,
} from "@pc/contract";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportReport } from "../src/modules/reports/query/export.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { exportEachWay } from "./support/report-export.ts";
import { calculateDays, eventGrid, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  bulkPlacements,
  daysAgo,
  hourOf,
  operatorAdmin,
  report,
  sdkAppOf,
  sendAffiliate,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let other: Publisher;
/** 2 days × 3 placements × 4 countries = 24 rows at the finest grain: above the limit of 20. */
const MAX_ROWS = 20;
const range = { startDate: daysAgo(3), endDate: daysAgo(1) };

/** The SDK report's first page of the range by these dimensions, with no filter, sort or comparison. */
const onlineQuery = (dimensions: (1 | 2 | 3 | 4 | 5)[]) => ({
  ...range,
  companyId: null,
  appName: null,
  adId: null,
  addId: null,
  adStyle: null,
  country: null,
  dimensions,
  pageIndex: 1,
  pageSize: 10,
  orderBy: null,
  order: null,
  metrics: null,
  compare: null,
});
const db = () => t.runtime.database.db;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error", EXPORT_MAX_ROWS: String(MAX_ROWS) });
  owner = await otherPublisher(db(), "Export Co");
  other = await otherPublisher(db(), "Export Other Co");
  const operator = await operatorAdmin(db());
  const evil = await appWithPlacements(t.app, owner, "=HYPERLINK(1)", [1, 2]);
  const plain = await appWithPlacements(t.app, owner, 'Tools, "Inc"', [3]);
  for (const made of [evil, plain]) {
    const sdk = await sdkAppOf(db(), made.appId);
    const events = eventGrid(
      made.placements,
      ["US", "BR", "JP", "OTHER"],
      [1, 2, 3],
      ({ placementIndex, day }) => ({
        hour: hourOf(day, 8),
        request: 1000 + placementIndex * 10 + day,
        fill: 800,
        show: 600,
        click: 7,
        revenue: 1.234567,
      }),
    );
    await ingestEvents(t.app, sdk, events);
  }
  await sendAffiliate(
    t.app,
    owner.companyId,
    ["=cmd", "+plus", "-minus", "@at", "plain"].flatMap((sub) =>
      [1, 2].map((day) => ({
        dt: daysAgo(day),
        sub_channel: sub,
        offer_id: "OF-1",
        pkg_name: "com.pkg",
        country: "US",
        click: 100,
        conversion: 3,
        refuse: 1,
        settle_amount: 2.5,
        payout: 3,
      })),
    ),
  );
  // Day 3 stays unpublished: never exported to the publisher.
  await calculateDays(t.app, operator, owner.companyId, [1, 2, 3], { published: [1, 2] });
});
afterAll(() => t.close());

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF or LF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

async function download(path: string, body: Record<string, unknown>, lang: "zh" | "en" = "en", who = owner) {
  const options: InjectOptions = {
    method: "POST",
    url: path,
    headers: { token: who.token, lang },
    payload: body,
  };
  const response = await t.app.inject(options);
  return { response, bytes: response.rawPayload };
}

describe("POST /v1/online/ssp/download", () => {
  it("streams the table's rows as CSV with a BOM, English headers and the file name", async () => {
    const body = { ...range, dimensions: [1, 2, 4] };
    const { response, bytes } = await download("/v1/online/ssp/download", body);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${owner.companyId}_\\d{13}\\.csv"$`),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString("utf8").slice(1));
    expect(rows[0]).toEqual([
      "Date",
      "App name",
      "Country",
      ...ONLINE_METRICS.map((metric) => metric.title.en),
    ]);
    const table = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", { ...body, pageSize: 1000 });
    expect(rows.length - 1).toBe(table.data.total);
    expect(table.data.total).toBeGreaterThan(0);
    const first = table.data.list[0];
    expect(rows[1]?.slice(0, 5)).toEqual([
      first?.dt,
      first?.appName?.startsWith("=") ? `'${first.appName}` : first?.appName,
      first?.country,
      String(first?.requestNum),
      String(first?.recallNum),
    ]);
    expect(rows[1]?.[5]).toBe(`${((first?.recallRate ?? 0) * 100).toFixed(2)}%`);
    expect(rows[1]?.[11]).toBe((first?.settleEcpm ?? 0).toFixed(4));
    // Only published days, like the table.
    expect(new Set(rows.slice(1).map((row) => row[0]))).toEqual(
      new Set([first?.dt, table.data.list.at(-1)?.dt]),
    );
  });

  it("writes headers in Chinese for a zh request, guards formula cells, quotes commas and quotes", async () => {
    const { bytes } = await download(
      "/v1/online/ssp/download",
      { ...range, dimensions: [2], metrics: ["requestNum", "settleAmount"] },
      "zh",
    );
    const rows = parseCsv(bytes.toString("utf8").slice(1));
    expect(rows[0]).toEqual(["应用名称", "请求数", "收入（USD）"]);
    const names = rows.slice(1).map((row) => row[0]);
    expect(names.sort()).toEqual(["'=HYPERLINK(1)", 'Tools, "Inc"']);
    expect(bytes.toString("utf8")).toContain('"Tools, ""Inc"""');
  });

  it("answers JSON 604 'Please add more query conditions and retry' above EXPORT_MAX_ROWS", async () => {
    const { response } = await download("/v1/online/ssp/download", { ...range, dimensions: [1, 3, 4, 5] });
    expect(response.headers["content-type"]).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      code: Code.ParamError,
      msg: MESSAGES.reportExportTooLarge.en,
      data: null,
    });
    const zh = await download("/v1/online/ssp/download", { ...range, dimensions: [1, 3, 4, 5] }, "zh");
    expect(zh.response.json().msg).toBe("请添加更多查询条件后重试");
  });

  it("refuses as the table does: dates, another company, no permission", async () => {
    const bad = await download("/v1/online/ssp/download", { startDate: daysAgo(0), endDate: daysAgo(0) });
    expect(bad.response.json()).toMatchObject({ code: Code.ParamError, data: { field: "endDate" } });
    const foreign = await download("/v1/online/ssp/download", { ...range, companyId: other.companyId });
    expect(foreign.response.json()).toMatchObject({ code: Code.NoPermission });
    const empty = await download("/v1/online/ssp/download", { ...range, dimensions: [1] }, "en", other);
    expect(parseCsv(empty.bytes.toString("utf8").slice(1))).toHaveLength(1);
  });
});

describe("POST /v1/offline/ssp/download", () => {
  it("is named <companyId>_Affiliate_Reports_Detail_List_<timestamp>.csv and guards = + - @ cells", async () => {
    const { response, bytes } = await download("/v1/offline/ssp/download", {
      ...range,
      dimensions: [1, 2, 3, 4, 5],
    });
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${owner.companyId}_Affiliate_Reports_Detail_List_\\d{13}\\.csv"$`),
    );
    const rows = parseCsv(bytes.toString("utf8").slice(1));
    expect(rows[0]).toEqual([
      "Date",
      "Sub-channel",
      "Offer ID",
      "Package name",
      "Country",
      ...OFFLINE_METRICS.map((metric) => metric.title.en),
    ]);
    const table = await report<OfflineReportPage>(t.app, owner, "/v1/offline/ssp", {
      ...range,
      dimensions: [1, 2, 3, 4, 5],
      pageSize: 1000,
    });
    expect(rows.length - 1).toBe(table.data.total);
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(
      new Set(["'=cmd", "'+plus", "'-minus", "'@at", "plain"]),
    );
    // A negative profit is a number, not a formula: left as it is.
    expect(rows[1]?.[12]).toBe("-0.5000");
    expect(rows[1]?.[13]).toBe("-20.00%");
  });
});

describe("the two ways of reading rows", () => {
  it("COPY and key-ordered pages write the same bytes, for every grouping", async () => {
    for (const dims of [[1, 2, 3, 4, 5], [1, 3], [4], [2, 5], []]) {
      const paged = await exportEachWay(
        t.runtime.database,
        {
          kind: "online" as const,
          viewer: { companyId: owner.companyId, seesAll: false },
          query: onlineQuery(dims as (1 | 2 | 3 | 4 | 5)[]),
        },
        2,
      );
      expect(parseCsv(paged.text.slice(1)).length - 1).toBe(paged.rows);
    }
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))("an export on PGlite's one session", () => {
  it("yields it between slices: a request's statements wait for one slice, not one slice each", async () => {
    let slices = 0;
    const counted = db().withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        slices++;
        return result;
      },
    });
    const file = await exportReport(
      { ...t.runtime.database, db: counted },
      {
        kind: "online",
        viewer: { companyId: owner.companyId, seesAll: false },
        query: onlineQuery([1, 3, 4]),
        lang: "en",
        timeZone: "UTC",
        maxRows: 1000,
        method: "paged",
        pageRows: 1,
      },
    );
    const reading = buffer(file.body);
    while (slices < 3) await new Promise((resolve) => setImmediate(resolve));
    // a request's statements one after the other, as a request makes them (its session, then its own)
    const before = slices;
    for (let statement = 0; statement < 3; statement++) await sql`select 1`.execute(db());
    const during = slices - before;
    const text = (await reading).toString("utf8");
    expect(parseCsv(text.slice(1))).toHaveLength(file.rows + 1);
    expect(slices).toBeGreaterThan(before + during + 10);
    expect(during).toBeLessThanOrEqual(1);
  });

  it("holds it for short pages: a request waits for at most 250 rows' query", async () => {
    // 3 days × 40 placements × 25 countries (1000 rows a day), calculated as ingest's hours would be
    const big = await otherPublisher(db(), "Export Big Co");
    await bulkPlacements(db(), big.companyId, 10, "big");
    await sql`
      insert into sdk_event_hourly
        (company_id, hour, ad_position_id, country, app_id, ad_style, request, fill, show, click, revenue)
      select p.company_id, current_date - d + interval '12 hours', p.id, 'C' || c, p.app_id, p.ad_style,
        1000 + p.id, 800, 600, 7, 1.25
      from ad_position p, generate_series(1, 3) as d, generate_series(1, 25) as c
      where p.company_id = ${big.companyId}`.execute(db());
    await calculateDays(t.app, await operatorAdmin(db()), big.companyId, [1, 2, 3], { kinds: ["online"] });
    const pages: number[] = [];
    const counted = db().withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        pages.push(result.rows.length);
        return result;
      },
    });
    const file = await exportReport(
      { ...t.runtime.database, db: counted },
      {
        kind: "online",
        viewer: { companyId: big.companyId, seesAll: false },
        query: { ...onlineQuery([1, 3, 4, 5]), startDate: daysAgo(3), endDate: daysAgo(1) },
        lang: "en",
        timeZone: "UTC",
        maxRows: 100_000,
      },
    );
    expect(parseCsv((await buffer(file.body)).toString("utf8").slice(1))).toHaveLength(3001);
    // A request waits for one statement at most (above); pages of 1000 rows held PGlite's session 100-500 ms on
    // the bench's data, pages of 250 about 20 ms (docs/performance.md).
    expect(Math.max(...pages)).toBeLessThanOrEqual(250);
    expect(pages.length).toBeGreaterThanOrEqual(12);
  });
});
