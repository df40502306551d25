/**
 * The SDK report by hour: SDK events on known hours are ingested, calculated and published, then every
 * grouping with the hour dimension is checked against sums computed here, and against the day it divides
 * (the hours add up to the published day); sorting by hour, the CSV (pages and COPY alike), the comparison
 * with the same hours of the compared day; the rules: one day only, a day the publisher may see, a day
 * calculated with its hours; another company's hours never seen.
 */
import { Code, type OnlineReportPage, type OnlineReportSummary, onlineReportQuery } from "@pc/contract";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { exportEachWay } from "./support/report-export.ts";
import { calculateDays, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  expectedOnlineMetrics,
  hourOf,
  isoDaysAgo,
  operatorAdmin,
  report,
  type SdkEventInput,
  sdkAppOf,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let other: Publisher;
let operator: Publisher;
type Event = SdkEventInput & { appId: number; style: number };
const events: Event[] = [];
const otherEvents: SdkEventInput[] = [];

/** Days (days ago) and the hours of their events: 1 and 8 published (8 is 1's week before), 2 calculated only. */
const HOURS_OF_DAY: Record<number, number[]> = { 1: [0, 3, 15, 23], 2: [5], 8: [3, 9] };
const PUBLISHED = [1, 8];
const LIST = "/v1/online/ssp";
const SUMMARY = "/v1/online/summary";
const DOWNLOAD = "/v1/online/ssp/download";

const db = () => t.runtime.database.db;
const oneDay = (day: number) => ({ startDate: daysAgo(day), endDate: daysAgo(day) });

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Hours Co");
  other = await otherPublisher(db(), "Hours Neighbour");
  operator = await operatorAdmin(db());
  const apps = [
    await appWithPlacements(t.app, owner, "Alpha Hours", [1, 2]),
    await appWithPlacements(t.app, owner, "Beta Hours", [3]),
  ];
  let serial = 0;
  for (const [day, hours] of Object.entries(HOURS_OF_DAY)) {
    for (const app of apps) {
      for (const placement of app.placements) {
        for (const country of ["US", "BR"]) {
          for (const hour of hours) {
            serial += 1;
            const request = 1000 + serial * 37;
            const fill = Math.floor(request * 0.8) - (serial % 7);
            events.push({
              adpos_id: placement.id,
              country,
              hour: hourOf(Number(day), hour),
              request,
              fill,
              show: Math.floor(fill * 0.7) + (serial % 5),
              click: 3 + (serial % 11),
              revenue: Math.round((0.5 + serial * 0.123457) * 1e6) / 1e6,
              appId: app.appId,
              style: placement.style,
            });
          }
        }
      }
    }
  }
  for (const app of apps) {
    const mine = events.filter((event) => event.appId === app.appId);
    await ingestEvents(
      t.app,
      await sdkAppOf(db(), app.appId),
      mine.map(({ appId: _a, style: _s, ...event }) => event),
    );
  }
  // The neighbour has hours of its own on the same day, far larger: never in the owner's answers.
  const theirs = await appWithPlacements(t.app, other, "Neighbour Hours", [1]);
  for (const hour of [3, 4]) {
    otherEvents.push({
      adpos_id: theirs.placements[0]?.id ?? 0,
      country: "US",
      hour: hourOf(1, hour),
      request: 9_000_000,
      fill: 8_000_000,
      show: 7_000_000,
      click: 60_000,
      revenue: 90_000,
    });
  }
  await ingestEvents(t.app, await sdkAppOf(db(), theirs.appId), otherEvents);

  await calculateDays(t.app, operator, owner.companyId, [1, 2, 8], {
    kinds: ["online"],
    published: PUBLISHED,
  });
  await calculateDays(t.app, operator, other.companyId, [1], { kinds: ["online"] });
});
afterAll(() => t.close());

// ─── The reference ──────────────────────────────────────────────────────────────────────────────────────

const hourOfEvent = (event: Event) => Number(event.hour.slice(11, 13));

const FIELDS: Record<number, [string, (e: Event) => string | number]> = {
  1: ["dt", (e) => e.hour.slice(0, 10)],
  2: ["appId", (e) => e.appId],
  3: ["adId", (e) => e.adpos_id],
  4: ["country", (e) => e.country],
  5: ["adStyle", (e) => e.style],
  6: ["hour", hourOfEvent],
};

/** The rows of one day grouped by `dims`, each keyed by its dimension fields, sorted by that key. */
function expectedRows(day: number, dims: readonly number[]) {
  const groups = new Map<string, Event[]>();
  for (const event of events.filter((e) => e.hour.startsWith(isoDaysAgo(day)))) {
    const key = JSON.stringify(dims.map((dim) => FIELDS[dim]?.[1](event)));
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => ({ key, ...expectedOnlineMetrics(group) }));
}

const keyOf = (row: Record<string, unknown>, dims: readonly number[]) =>
  JSON.stringify(dims.map((dim) => row[FIELDS[dim]?.[0] ?? ""]));

function expectSameRows(list: readonly Record<string, unknown>[], dims: readonly number[], day: number) {
  const actual = list
    .map((row) => ({ row, key: keyOf(row, dims) }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const expected = expectedRows(day, dims);
  expect(actual.map((a) => a.key)).toEqual(expected.map((e) => e.key));
  expected.forEach(({ key: _key, ...metrics }, index) => {
    const got = actual[index]?.row ?? {};
    for (const [field, value] of Object.entries(metrics)) expect(got[field], field).toBeCloseTo(value, 4);
  });
}

const ask = (body: Record<string, unknown>, who = owner, path = LIST) =>
  report<OnlineReportPage>(t.app, who, path, { pageSize: 1000, ...body });

const subsets = (codes: number[]) =>
  Array.from({ length: 1 << codes.length }, (_, mask) => codes.filter((_, i) => mask & (1 << i)));

// ─── The hours and their day ────────────────────────────────────────────────────────────────────────────

describe("POST /v1/online/ssp grouped by hour", () => {
  it("answers every grouping with the hour as the events sum up, for the day's hours only", async () => {
    for (const others of subsets([1, 2, 3, 4, 5])) {
      const dims = [6, ...others];
      const answer = await ask({ ...oneDay(1), dimensions: dims });
      expect(answer.code, `${dims}: ${answer.msg}`).toBe(Code.Ok);
      expect(answer.data.total, String(dims)).toBe(answer.data.list.length);
      expectSameRows(answer.data.list, dims, 1);
    }
  });

  it("has hours that add up to the published day: its total, its row by date, each placement's and country's", async () => {
    const hours = await ask({ ...oneDay(1), dimensions: [6] });
    expect(hours.data.list.map((row) => row.hour)).toEqual(HOURS_OF_DAY[1]);
    const summary = await report<OnlineReportSummary>(t.app, owner, SUMMARY, {
      ...oneDay(1),
      dimensions: [6],
    });
    expect(summary.code, summary.msg).toBe(Code.Ok);
    const byDate = await ask({ ...oneDay(1), dimensions: [1] });
    const [dayRow] = byDate.data.list;
    for (const key of ["requestNum", "recallNum", "showNum", "clickNum"] as const) {
      const added = hours.data.list.reduce((total, row) => total + row[key], 0);
      expect(added, key).toBe(summary.data.total[key]);
      expect(added, key).toBe(dayRow?.[key]);
    }
    const revenue = hours.data.list.reduce((total, row) => total + row.settleAmount, 0);
    expect(revenue).toBeCloseTo(summary.data.total.settleAmount, 3);

    // the finest rows by hour summed per placement and country are the day's finest rows
    const fineHours = await ask({ ...oneDay(1), dimensions: [6, 3, 4] });
    const fineDay = await ask({ ...oneDay(1), dimensions: [3, 4] });
    const summed = new Map<string, number>();
    for (const row of fineHours.data.list) {
      const key = `${row.adId}/${row.country}`;
      summed.set(key, (summed.get(key) ?? 0) + row.requestNum);
    }
    expect(fineDay.data.list.length).toBe(summed.size);
    for (const row of fineDay.data.list)
      expect(summed.get(`${row.adId}/${row.country}`)).toBe(row.requestNum);
  });

  it("answers the trend's question: the hours in order, a page of 24", async () => {
    const trend = await ask({ ...oneDay(1), dimensions: [6], orderBy: "hour", order: "asc", pageSize: 24 });
    expect(trend.data.list.map((row) => row.hour)).toEqual([0, 3, 15, 23]);
    expect(trend.data.list.every((row) => row.dt === null)).toBe(true);
  });

  it("sorts by hour either way, by a metric, and by default the day's hours ascending", async () => {
    const down = await ask({ ...oneDay(1), dimensions: [6], orderBy: "hour", order: "desc" });
    expect(down.data.list.map((row) => row.hour)).toEqual([23, 15, 3, 0]);
    const byRevenue = await ask({ ...oneDay(1), dimensions: [6, 4], orderBy: "settleAmount", order: "desc" });
    const revenues = byRevenue.data.list.map((row) => row.settleAmount);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const byDefault = await ask({ ...oneDay(1), dimensions: [1, 6, 3] });
    const order = byDefault.data.list.map((row) => [row.hour, row.adId] as [number, number]);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // a page of the ordered rows, with the total of every group
    const page2 = await ask({
      ...oneDay(1),
      dimensions: [6, 3],
      orderBy: "hour",
      order: "asc",
      pageSize: 5,
      pageIndex: 2,
    });
    const all = await ask({ ...oneDay(1), dimensions: [6, 3], orderBy: "hour", order: "asc" });
    expect(page2.data.total).toBe(all.data.total);
    expect(page2.data.list).toEqual(all.data.list.slice(5, 10));
  });

  it("compares with the same hours of the compared day (0 where that day had none)", async () => {
    const answer = await ask({ ...oneDay(1), dimensions: [6], compare: "previous_week" });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.compareRange).toMatchObject({ startDate: daysAgo(8), endDate: daysAgo(8), days: 1 });
    const weekBefore = new Map(expectedRows(8, [6]).map((row) => [row.key, row]));
    for (const row of answer.data.list) {
      const base = weekBefore.get(JSON.stringify([row.hour]));
      expect(row.compare?.requestNum, `hour ${row.hour}`).toBe(base?.requestNum ?? 0);
    }
    expect(answer.data.list.find((row) => row.hour === 3)?.compare?.requestNum).toBeGreaterThan(0);
  });

  it("never shows another company's hours, nor lets the owner ask for them", async () => {
    const mine = await ask({ ...oneDay(1), dimensions: [6] });
    expect(mine.data.list.map((row) => row.hour)).not.toContain(4);
    expect(Math.max(...mine.data.list.map((row) => row.requestNum))).toBeLessThan(9_000_000);
    const theirs = await ask({ ...oneDay(1), dimensions: [6] }, other);
    expect(theirs.data.list.map((row) => [row.hour, row.requestNum])).toEqual([
      [3, 9_000_000],
      [4, 9_000_000],
    ]);
    const refused = await ask({ ...oneDay(1), dimensions: [6], companyId: other.companyId });
    expect(refused.code).toBe(Code.NoPermission);
  });
});

// ─── The rules ──────────────────────────────────────────────────────────────────────────────────────────

describe("the hour dimension's rules", () => {
  it("refuses a range of more than one day with code 604 naming the dimensions", async () => {
    const range = { startDate: daysAgo(8), endDate: daysAgo(1), dimensions: [1, 6] };
    for (const path of [LIST, SUMMARY]) {
      const answer = await ask(range, owner, path);
      expect(answer.code, path).toBe(Code.ParamError);
      expect(answer.data).toEqual({ field: "dimensions" });
      expect(answer.msg).toContain("one day");
    }
    const csv = await t.app.inject({
      method: "POST",
      url: DOWNLOAD,
      headers: { token: owner.token, lang: "zh" },
      payload: range,
    });
    expect(csv.json()).toMatchObject({ code: Code.ParamError, data: { field: "dimensions" } });
    expect(csv.json().msg).toContain("单日");
  });

  it("refuses a publisher a day that is not published, and lets an operator read it", async () => {
    const hidden = await ask({ ...oneDay(2), dimensions: [6] });
    expect(hidden.code).toBe(Code.ParamError);
    expect(hidden.data).toEqual({ field: "startDate" });
    expect(hidden.msg).toContain(isoDaysAgo(2));
    expect(hidden.msg).toContain("not published");
    const seen = await ask({ ...oneDay(2), dimensions: [6], companyId: owner.companyId }, operator);
    expect(seen.code, seen.msg).toBe(Code.Ok);
    expectSameRows(seen.data.list, [6], 2);
  });

  it("refuses the hours of a day calculated before they were kept, until it is calculated again", async () => {
    for (const table of ["rpt_online_hour", "rpt_online_hour_pos", "rpt_online_hour_style_country"]) {
      await sql`delete from ${sql.table(table)}
        where company_id = ${owner.companyId} and dt = ${isoDaysAgo(8)}::date`.execute(db());
    }
    const old = await ask({ ...oneDay(8), dimensions: [6] });
    expect(old.code).toBe(Code.ParamError);
    expect(old.data).toEqual({ field: "startDate" });
    expect(old.msg).toContain("recalculate");
    // the day itself still reads
    expect((await ask({ ...oneDay(8), dimensions: [1] })).code).toBe(Code.Ok);
    await calculateDays(t.app, operator, owner.companyId, [8], { kinds: ["online"] });
    const again = await ask({ ...oneDay(8), dimensions: [6] });
    expect(again.code, again.msg).toBe(Code.Ok);
    expectSameRows(again.data.list, [6], 8);
  });

  it("takes the hour as a sort key and a dimension code in the contract", () => {
    const parsed = onlineReportQuery.parse({ ...oneDay(1), dimensions: "6,1", orderBy: "hour" });
    expect(parsed.dimensions).toEqual([1, 6]);
    expect(parsed.orderBy).toBe("hour");
  });
});

// ─── The CSV ────────────────────────────────────────────────────────────────────────────────────────────

async function download(body: Record<string, unknown>, lang: "zh" | "en" = "en") {
  const options: InjectOptions = {
    method: "POST",
    url: DOWNLOAD,
    headers: { token: owner.token, lang },
    payload: body,
  };
  const response = await t.app.inject(options);
  return response.rawPayload.toString("utf8").slice(1).trim().split(/\r?\n/);
}

const exportQuery = (dims: number[], extra: Record<string, unknown> = {}) =>
  onlineReportQuery.parse({ ...oneDay(1), dimensions: dims, ...extra });

describe("the CSV by hour", () => {
  it("writes the hour after the date as HH:00, in the table's rows", async () => {
    const lines = await download({ ...oneDay(1), dimensions: [1, 6, 4] });
    expect(lines[0]).toBe(
      "Date,Hour,Country,Requests,Fills,Fill rate,Impressions,Show rate,Clicks,CTR,Revenue (USD),eCPM (USD)",
    );
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 3).join(","))).toEqual(
      ["00:00", "03:00", "15:00", "23:00"].flatMap((hour) =>
        ["BR", "US"].map((country) => `${isoDaysAgo(1)},${hour},${country}`),
      ),
    );
    const zh = await download({ ...oneDay(1), dimensions: [6] }, "zh");
    expect(zh[0]?.startsWith("小时,")).toBe(true);
  });

  it("reads the same bytes in pages and with COPY, in key order, sorted, and compared", async () => {
    const viewer = { companyId: owner.companyId, seesAll: false };
    for (const query of [
      exportQuery([6]),
      exportQuery([1, 6, 2, 3, 4, 5]),
      exportQuery([6, 3], { orderBy: "hour", order: "desc" }),
      exportQuery([6, 4], { orderBy: "settleAmount" }),
      exportQuery([6], { compare: "previous_week" }),
    ]) {
      const paged = await exportEachWay(t.runtime.database, { kind: "online", viewer, query }, 3);
      const table = await ask({ ...query, pageIndex: 1 });
      expect(paged.rows).toBe(table.data.total);
      expect(paged.text.trim().split(/\r?\n/).length - 1).toBe(table.data.total);
    }
  });
});
