import {
  Code,
  metricChange,
  type OfflineReportPage,
  type OfflineReportSummary,
  type OnlineReportPage,
  type OnlineReportSummary,
  onlineReportQuery,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { exportEachWay } from "./support/report-export.ts";
import { calculateDays, ingestEvents } from "./support/report-seed.ts";
import {
  type AffiliateRowInput,
  appWithPlacements,
  daysAgo,
  hourOf,
  isoDaysAgo,
  operatorAdmin,
  report,
  sdkAppOf,
  sendAffiliate,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let placements: { id: number; style: number }[];
const db = () => t.runtime.database.db;

/** The range: 2 and 1 days ago. Previous period: 4 and 3 days ago. Same days last week: 9 and 8 days ago. */
const range = { startDate: daysAgo(2), endDate: daysAgo(1) };
const DAYS = [1, 2, 3, 4, 8, 9];

/** Affiliate clicks (and settlement = clicks / 10) by sub-channel and day. */
const CLICKS: Record<string, Partial<Record<number, number>>> = {
  A: { 1: 100, 2: 100, 3: 80, 4: 70, 8: 10, 9: 10 },
  B: { 1: 50 },
  C: { 3: 40 },
};

function affiliateRows(): AffiliateRowInput[] {
  return Object.entries(CLICKS).flatMap(([sub, days]) =>
    Object.entries(days).map(([day, click]) => ({
      dt: daysAgo(Number(day)),
      sub_channel: sub,
      offer_id: "OF-1",
      pkg_name: "com.compare",
      country: "US",
      click: click ?? 0,
      conversion: 0,
      refuse: 0,
      settle_amount: (click ?? 0) / 10,
      payout: 0,
    })),
  );
}

/** SDK requests by placement index and day (placement 0 on every day, placement 1 only in the range). */
const REQUESTS: Partial<Record<number, number>>[] = [
  { 1: 1000, 2: 1000, 3: 600, 4: 900, 8: 400, 9: 100 },
  { 1: 300 },
];

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Compare Co");
  const operator = await operatorAdmin(db());
  const made = await appWithPlacements(t.app, owner, "Compare App", [1, 2]);
  placements = made.placements;
  const sdk = await sdkAppOf(db(), made.appId);
  const events = REQUESTS.flatMap((days, index) =>
    Object.entries(days).map(([day, request]) => ({
      adpos_id: placements[index]?.id ?? 0,
      country: "US",
      hour: hourOf(Number(day), 6),
      request: request ?? 0,
      fill: (request ?? 0) / 2,
      show: (request ?? 0) / 4,
      click: 1,
      revenue: (request ?? 0) / 1000,
    })),
  );
  await ingestEvents(t.app, sdk, events);
  expect((await sendAffiliate(t.app, owner.companyId, affiliateRows())).code).toBe(Code.Ok);
  await calculateDays(t.app, operator, owner.companyId, DAYS);
});
afterAll(() => t.close());

const offline = (body: Record<string, unknown>) =>
  report<OfflineReportPage>(t.app, owner, "/v1/offline/ssp", { ...range, ...body });

describe("affiliate report with compare", () => {
  it("answers the comparison range and each row's comparison values, matched by sub-channel", async () => {
    const answer = await offline({ dimensions: [2], compare: "previous_period" });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.compareRange).toEqual({
      compare: "previous_period",
      startDate: daysAgo(4),
      endDate: daysAgo(3),
      currentStartDate: daysAgo(2),
      currentEndDate: daysAgo(1),
      days: 2,
      leftOut: [],
      compareLeftOut: [],
    });
    expect(answer.data.total).toBe(2);
    const [a, b] = answer.data.list;
    expect(a).toMatchObject({ subChannel: "A", clickNum: 200, settleAmount: 20 });
    expect(a?.compare).toMatchObject({ clickNum: 150, settleAmount: 15 });
    expect(metricChange(a?.clickNum ?? 0, a?.compare?.clickNum ?? 0)).toEqual({ delta: 50, ratio: 1 / 3 });
    // B has no row in the previous period: its side is 0 and the % has no base.
    expect(b).toMatchObject({ subChannel: "B", clickNum: 50 });
    expect(b?.compare).toMatchObject({ clickNum: 0, settleAmount: 0, cpc: 0 });
    expect(metricChange(b?.clickNum ?? 0, b?.compare?.clickNum ?? 0)).toEqual({ delta: 50, ratio: null });
  });

  it("compares with the same days a week before", async () => {
    const answer = await offline({ dimensions: [2], compare: "previous_week" });
    expect(answer.data.compareRange).toMatchObject({
      compare: "previous_week",
      startDate: daysAgo(9),
      endDate: daysAgo(8),
      days: 2,
    });
    expect(answer.data.list.map((row) => [row.subChannel, row.compare?.clickNum])).toEqual([
      ["A", 20],
      ["B", 0],
    ]);
  });

  it("matches a date by its offset in the range", async () => {
    const answer = await offline({
      dimensions: [1],
      compare: "previous_period",
      orderBy: "dt",
      order: "asc",
    });
    expect(answer.data.list.map((row) => [row.dt, row.clickNum, row.compare?.clickNum])).toEqual([
      [isoDaysAgo(2), 100, 70],
      [isoDaysAgo(1), 150, 120],
    ]);
  });

  it("keeps paging: a later page carries its own rows' comparison", async () => {
    const answer = await offline({ dimensions: [2], compare: "previous_period", pageIndex: 2, pageSize: 1 });
    expect(answer.data.total).toBe(2);
    expect(answer.data.list).toHaveLength(1);
    expect(answer.data.list[0]).toMatchObject({ subChannel: "B", clickNum: 50, compare: { clickNum: 0 } });
  });

  it("compares the total, a row only in the comparison period included", async () => {
    const answer = await report<OfflineReportSummary>(t.app, owner, "/v1/offline/summary", {
      ...range,
      dimensions: [2],
      compare: "previous_period",
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.total).toMatchObject({ clickNum: 250, settleAmount: 25 });
    // A 150 + C 40 (C never appears on a page of the range)
    expect(answer.data.total.compare).toMatchObject({ clickNum: 190, settleAmount: 19 });
    expect(answer.data.compareRange?.startDate).toBe(daysAgo(4));
  });

  it("answers exactly as before without compare", async () => {
    const page = await offline({ dimensions: [2] });
    expect(page.data).not.toHaveProperty("compareRange");
    expect(page.data.list[0]).not.toHaveProperty("compare");
    const summary = await report<OfflineReportSummary>(t.app, owner, "/v1/offline/summary", range);
    expect(summary.data).not.toHaveProperty("compareRange");
    expect(summary.data.total).not.toHaveProperty("compare");
  });

  it("refuses an unknown compare with 604 naming the field", async () => {
    for (const path of ["/v1/offline/ssp", "/v1/offline/summary", "/v1/online/ssp", "/v1/online/summary"]) {
      const answer = await report(t.app, owner, path, { ...range, compare: "last_year" });
      expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "compare" } });
    }
    const download = await t.app.inject({
      method: "POST",
      url: "/v1/offline/ssp/download",
      headers: { token: owner.token, lang: "en" },
      payload: { ...range, compare: 7 },
    });
    expect(download.json()).toMatchObject({ code: Code.ParamError, data: { field: "compare" } });
  });
});

describe("SDK report with compare", () => {
  it("compares each placement and the total", async () => {
    const page = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [3],
      compare: "previous_period",
    });
    expect(page.code, page.msg).toBe(Code.Ok);
    expect(page.data.list.map((row) => [row.adId, row.requestNum, row.compare?.requestNum])).toEqual([
      [placements[0]?.id, 2000, 1500],
      [placements[1]?.id, 300, 0],
    ]);
    expect(page.data.list[0]?.compare).toMatchObject({ recallNum: 750, recallRate: 0.5, settleAmount: 1.5 });
    const summary = await report<OnlineReportSummary>(t.app, owner, "/v1/online/summary", {
      ...range,
      compare: "previous_week",
    });
    expect(summary.data.total.requestNum).toBe(2300);
    expect(summary.data.total.compare?.requestNum).toBe(500);
  });

  it("gives the trend (by day, oldest first) the comparison series by day offset", async () => {
    const trend = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [1],
      orderBy: "dt",
      order: "asc",
      pageSize: 1000,
      compare: "previous_week",
    });
    expect(trend.data.list.map((row) => [row.dt, row.requestNum, row.compare?.requestNum])).toEqual([
      [isoDaysAgo(2), 1000, 100],
      [isoDaysAgo(1), 1300, 400],
    ]);
  });
});

// ─── Export ─────────────────────────────────────────────────────────────────────────────────────────────

async function csvOf(body: Record<string, unknown>, lang: "zh" | "en") {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/offline/ssp/download",
    headers: { token: owner.token, lang },
    payload: { ...range, ...body },
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload.toString("utf8");
}

const lines = (text: string) =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split(/\r?\n/);

describe("CSV export with compare", () => {
  const current = `${isoDaysAgo(2)} – ${isoDaysAgo(1)}`;
  const previous = `${isoDaysAgo(4)} – ${isoDaysAgo(3)}`;

  it("adds the comparison, Δ and Δ % columns of each chosen metric, in English", async () => {
    const text = await csvOf(
      { dimensions: [2], metrics: ["clickNum", "settleAmount"], compare: "previous_period" },
      "en",
    );
    expect(lines(text)).toEqual([
      `Sub-channel,Clicks (${current}),Clicks (comparison: ${previous}),Clicks Δ,Clicks Δ %,` +
        `Revenue (USD) (${current}),Revenue (USD) (comparison: ${previous}),` +
        "Revenue (USD) Δ,Revenue (USD) Δ %",
      "A,200,150,50,33.33%,20.0000,15.0000,5.0000,33.33%",
      "B,50,0,50,,5.0000,0.0000,5.0000,",
    ]);
  });

  it("titles them in Chinese for a zh request, and compares a week back", async () => {
    const text = await csvOf({ dimensions: [1], metrics: ["clickNum"], compare: "previous_week" }, "zh");
    expect(lines(text)).toEqual([
      `日期,点击数（${isoDaysAgo(2)} ~ ${isoDaysAgo(1)}）,点击数（对比：${isoDaysAgo(9)} ~ ${isoDaysAgo(8)}）,点击数 Δ,点击数 Δ %`,
      `${isoDaysAgo(1)},150,10,140,1400.00%`,
      `${isoDaysAgo(2)},100,10,90,900.00%`,
    ]);
  });

  it("writes zeros when the comparison period has no published day", async () => {
    // 16 and 15 days ago were never calculated
    const text = await csvOf(
      {
        startDate: daysAgo(9),
        endDate: daysAgo(8),
        dimensions: [2],
        metrics: ["clickNum"],
        compare: "previous_week",
      },
      "en",
    );
    expect(lines(text)).toEqual([
      `Sub-channel,Clicks (${isoDaysAgo(9)} – ${isoDaysAgo(8)}),Clicks (comparison: ${isoDaysAgo(16)} – ${isoDaysAgo(15)}),Clicks Δ,Clicks Δ %`,
      "A,20,0,20,",
    ]);
  });

  it("writes the same bytes without compare as before (no comparison column)", async () => {
    const text = await csvOf({ dimensions: [2], metrics: ["clickNum"] }, "en");
    expect(lines(text)).toEqual(["Sub-channel,Clicks", "A,200", "B,50"]);
  });

  it("writes the same bytes in pages of one row as in one piece (and as COPY on PostgreSQL)", async () => {
    const paged = await exportEachWay(
      t.runtime.database,
      {
        kind: "offline" as const,
        viewer: { companyId: owner.companyId, seesAll: false },
        query: {
          ...range,
          companyId: null,
          subChannel: null,
          offerId: null,
          pkgName: null,
          country: null,
          dimensions: [1, 2] as (1 | 2)[],
          pageIndex: 1,
          pageSize: 10,
          orderBy: null,
          order: null,
          metrics: null,
          compare: "previous_period" as const,
        },
      },
      1,
    );
    expect(lines(paged.text)).toHaveLength(4);
    expect(lines(paged.text)[1]).toMatch(new RegExp(`^${isoDaysAgo(1)},A,100,80,20,25.00%,`));
  });

  // CTR by placement: 2 clicks / 500 impressions (0.40%) against 2 / 375 (0.53%); the second placement
  // has no impression in the previous period.
  const ctrQuery = { ...range, dimensions: [3], metrics: ["clickRate"], compare: "previous_period" };

  it("writes a rate's Δ in percentage points and its Δ % as the relative change, the same bytes each way", async () => {
    const paged = await exportEachWay(
      t.runtime.database,
      {
        kind: "online",
        viewer: { companyId: owner.companyId, seesAll: false },
        query: onlineReportQuery.parse(ctrQuery),
      },
      1,
    );
    expect(lines(paged.text)).toEqual([
      `Placement ID,CTR (${current}),CTR (comparison: ${previous}),CTR Δ (pp),CTR Δ %`,
      `${placements[0]?.id},0.40%,0.53%,-0.13,-24.53%`,
      `${placements[1]?.id},1.33%,0.00%,1.33,`,
    ]);
  });

  it("says percentage points in a zh request's header", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/online/ssp/download",
      headers: { token: owner.token, lang: "zh" },
      payload: ctrQuery,
    });
    expect(lines(response.rawPayload.toString("utf8"))[0]).toBe(
      `广告位ID,点击率（${isoDaysAgo(2)} ~ ${isoDaysAgo(1)}）,点击率（对比：${isoDaysAgo(4)} ~ ${isoDaysAgo(3)}）,` +
        "点击率 Δ（个百分点）,点击率 Δ %",
    );
  });
});
