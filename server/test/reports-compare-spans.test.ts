/**
 * A comparison counts the same days on both sides. Day n (days ago) has 10 × n requests;
 * every day from 1 to 14 is calculated, all but 1 and 6 published (their data waits, not to be seen yet).
 */
import { Code, type OnlineReportPage, type OnlineReportSummary, type ReportCompareRange } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { calculateDays, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  hourOf,
  isoDaysAgo,
  operatorAdmin,
  report,
  sdkAppOf,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
const db = () => t.runtime.database.db;
const DAYS = Array.from({ length: 14 }, (_, index) => index + 1);
const WITHHELD = [1, 6];

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Spans Co");
  const operator = await operatorAdmin(db());
  const made = await appWithPlacements(t.app, owner, "Spans App", [1]);
  const sdk = await sdkAppOf(db(), made.appId);
  const events = DAYS.map((day) => ({
    adpos_id: made.placements[0]?.id ?? 0,
    country: "US",
    hour: hourOf(day, 6),
    request: 10 * day,
    fill: 10 * day,
    show: 10 * day,
    click: day,
    revenue: day / 100,
  }));
  await ingestEvents(t.app, sdk, events);
  await calculateDays(t.app, operator, owner.companyId, DAYS, {
    kinds: ["online"],
    published: DAYS.filter((day) => !WITHHELD.includes(day)),
  });
});
afterAll(() => t.close());

const summary = (range: { from: number; to: number }, compare: string) =>
  report<OnlineReportSummary>(t.app, owner, "/v1/online/summary", {
    startDate: daysAgo(range.from),
    endDate: daysAgo(range.to),
    compare,
  });

/** The lines of an SDK export of a query, in a language. */
async function csvLines(lang: "zh" | "en", payload: Record<string, unknown>): Promise<string[]> {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/online/ssp/download",
    headers: { token: owner.token, lang },
    payload,
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split(/\r?\n/);
}

const spans = (current: [number, number], comparison: [number, number], days: number, out: number[][] = []) =>
  ({
    startDate: daysAgo(comparison[0]),
    endDate: daysAgo(comparison[1]),
    currentStartDate: daysAgo(current[0]),
    currentEndDate: daysAgo(current[1]),
    days,
    leftOut: out.map(([day]) => daysAgo(day ?? 0)),
    compareLeftOut: out.map(([, pair]) => daysAgo(pair ?? 0)),
  }) satisfies Omit<ReportCompareRange, "compare">;

describe("a comparison counts the same days on both sides", () => {
  it("shortens a range whose last day is not published before deriving the previous period", async () => {
    // 3, 2 and 1 days ago, 1 not published: 3–2 against 5–4, not 3 days against 2
    const answer = await summary({ from: 3, to: 1 }, "previous_period");
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.compareRange).toEqual({ compare: "previous_period", ...spans([3, 2], [5, 4], 2) });
    expect(answer.data.total.requestNum).toBe(30 + 20);
    expect(answer.data.total.compare?.requestNum).toBe(50 + 40);
  });

  it("shortens it for the same days last week too", async () => {
    const answer = await summary({ from: 2, to: 1 }, "previous_week");
    expect(answer.data.compareRange).toEqual({ compare: "previous_week", ...spans([2, 2], [9, 9], 1) });
    expect([answer.data.total.requestNum, answer.data.total.compare?.requestNum]).toEqual([20, 90]);
  });

  it("leaves a day not published inside the range out of both sides, with its pair", async () => {
    // 7…2 against 13…8: 6 is not published, so 12 is left out too
    const answer = await summary({ from: 7, to: 2 }, "previous_period");
    expect(answer.data.compareRange).toEqual({
      compare: "previous_period",
      ...spans([7, 2], [13, 8], 5, [[6, 12]]),
    });
    expect(answer.data.total.requestNum).toBe(70 + 50 + 40 + 30 + 20);
    expect(answer.data.total.compare?.requestNum).toBe(130 + 110 + 100 + 90 + 80);
  });

  it("leaves a day out of the range when its pair in the comparison is not published", async () => {
    // 4…2 against 7…5: 6 is not published, so its pair 3 is left out of the range
    const answer = await summary({ from: 4, to: 2 }, "previous_period");
    expect(answer.data.compareRange).toEqual({
      compare: "previous_period",
      ...spans([4, 2], [7, 5], 2, [[3, 6]]),
    });
    expect([answer.data.total.requestNum, answer.data.total.compare?.requestNum]).toEqual([60, 120]);
    const trend = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      startDate: daysAgo(4),
      endDate: daysAgo(2),
      dimensions: [1],
      orderBy: "dt",
      order: "asc",
      compare: "previous_period",
    });
    expect(trend.data.compareRange).toEqual(answer.data.compareRange);
    expect(trend.data.list.map((row) => [row.dt, row.requestNum, row.compare?.requestNum])).toEqual([
      [isoDaysAgo(4), 40, 70],
      [isoDaysAgo(2), 20, 50],
    ]);
  });

  it("counts every day when none is withheld, as before", async () => {
    const answer = await summary({ from: 5, to: 2 }, "previous_week");
    expect(answer.data.compareRange).toEqual({
      compare: "previous_week",
      ...spans([5, 2], [12, 9], 4),
    });
  });

  it("writes the CSV over the same days, each side's columns titled with its days", async () => {
    const lines = await csvLines("en", {
      startDate: daysAgo(3),
      endDate: daysAgo(1),
      dimensions: [1],
      metrics: ["requestNum"],
      compare: "previous_period",
    });
    expect(lines).toEqual([
      `Date,Requests (${isoDaysAgo(3)} – ${isoDaysAgo(2)}),Requests (comparison: ${isoDaysAgo(5)} – ${isoDaysAgo(4)}),Requests Δ,Requests Δ %`,
      `${isoDaysAgo(2)},20,40,-20,-50.00%`,
      `${isoDaysAgo(3)},30,50,-20,-40.00%`,
    ]);
  });
});

describe("a side's days as the CSV titles them", () => {
  it("names the days left out, in each language", async () => {
    const [header, row] = await csvLines("zh", {
      startDate: daysAgo(7),
      endDate: daysAgo(2),
      metrics: ["requestNum"],
      compare: "previous_period",
    });
    expect(header).toBe(
      `请求数（${isoDaysAgo(7)} ~ ${isoDaysAgo(2)}，不含 ${isoDaysAgo(6)}）,` +
        `请求数（对比：${isoDaysAgo(13)} ~ ${isoDaysAgo(8)}，不含 ${isoDaysAgo(12)}）,请求数 Δ,请求数 Δ %`,
    );
    expect(row).toBe("210,510,-300,-58.82%");
  });
});
