/**
 * Groupings without the date read blocks of days (spans; docs/performance.md): the cover of any set of days
 * is exact, and through the real endpoints the sums of a date-less grouping match the events of the days the
 * caller sees — with an unpublished day in the middle, after late data recalculates a day, and after a day is
 * deleted — on the plain query and on the embedded database's chunked one.
 */
import { Code, type OnlineReportPage, onlineReportQuery } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onlineReport } from "../src/modules/reports/query/service.ts";
import { coverOf, daysOf, SPAN_LEVELS } from "../src/modules/reports/spans.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { calculateDays, eventGrid, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  hourOf,
  isoDaysAgo,
  manage,
  operatorAdmin,
  report,
  type SdkEventInput,
  sdkAppOf,
} from "./support/reports.ts";

const isoDays = (from: string, count: number) =>
  Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
  );

describe("the cover of a set of days", () => {
  it("holds every day exactly once, in aligned blocks, largest first in each run", () => {
    const runs = [isoDays("2026-01-01", 90), isoDays("2026-05-07", 1), isoDays("2026-05-09", 37)];
    for (const days of [...runs, runs.flat(), isoDays("2026-03-03", 64)]) {
      const pieces = coverOf(days);
      const covered = pieces.flatMap(daysOf).sort();
      expect(covered).toEqual([...days].sort());
      for (const piece of pieces) {
        expect(piece.level).toBeLessThanOrEqual(SPAN_LEVELS);
        expect((Date.parse(piece.start) / 86_400_000) % 2 ** piece.level).toBe(0);
      }
    }
    // 90 consecutive days: a handful of blocks instead of 90 days.
    expect(coverOf(runs[0] ?? []).length).toBeLessThanOrEqual(2 * SPAN_LEVELS);
  });
});

describe("date-less groupings through the endpoints", () => {
  const DAYS = Array.from({ length: 12 }, (_, index) => index + 1);
  const HIDDEN = 6;
  let t: TestApp;
  let owner: Publisher;
  let operator: Publisher;
  let placements: { id: number; style: number }[];
  let sdk: Awaited<ReturnType<typeof sdkAppOf>>;
  const events: SdkEventInput[] = [];
  const db = () => t.runtime.database.db;

  const eventsOf = (day: number, extra = 0): SdkEventInput[] =>
    eventGrid(placements, ["US", "BR"], [day], ({ placementIndex: p, countryIndex: c }) => ({
      hour: hourOf(day, 10),
      request: 1000 + day * 10 + p * 3 + c + extra,
      fill: 800 + day + extra,
      show: 600 + p + extra,
      click: 10 + c,
      revenue: (day + p + c + extra) / 4,
    }));

  async function send(batch: SdkEventInput[]) {
    await ingestEvents(t.app, sdk, batch);
    events.push(...batch);
  }

  /** Sums per placement and country of the events of these days. */
  function expected(days: readonly number[]) {
    const visible = new Set(days.map(isoDaysAgo));
    const groups = new Map<string, { request: number; show: number; revenue: number }>();
    for (const event of events.filter((e) => visible.has(e.hour.slice(0, 10)))) {
      const key = `${event.adpos_id}/${event.country}`;
      const group = groups.get(key) ?? { request: 0, show: 0, revenue: 0 };
      group.request += event.request;
      group.show += event.show;
      group.revenue += event.revenue;
      groups.set(key, group);
    }
    return Object.fromEntries(groups);
  }

  const answered = (list: OnlineReportPage["list"]) =>
    Object.fromEntries(
      list.map((row) => [
        `${row.adId}/${row.country}`,
        { request: row.requestNum, show: row.showNum, revenue: row.settleAmount },
      ]),
    );

  const query = { startDate: daysAgo(12), endDate: daysAgo(1), dimensions: [3, 4], pageSize: 100 };

  async function byPlacementAndCountry(who: Publisher, extra: Record<string, unknown> = {}) {
    const answer = await report<OnlineReportPage>(t.app, who, "/v1/online/ssp", { ...query, ...extra });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    return answer.data;
  }

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: "error" });
    owner = await otherPublisher(db(), "Span Co");
    operator = await operatorAdmin(db());
    const made = await appWithPlacements(t.app, owner, "Span Game", [1, 3]);
    placements = made.placements;
    sdk = await sdkAppOf(db(), made.appId);
    await send(DAYS.flatMap((day) => eventsOf(day)));
    await calculateDays(t.app, operator, owner.companyId, DAYS, {
      kinds: ["online"],
      published: DAYS.filter((day) => day !== HIDDEN),
    });
  });
  afterAll(() => t.close());

  it("sums the published days only for the publisher, every day for an operator", async () => {
    const published = DAYS.filter((day) => day !== HIDDEN);
    const mine = await byPlacementAndCountry(owner);
    expect(mine.total).toBe(4);
    expect(answered(mine.list)).toEqual(expected(published));
    const all = await byPlacementAndCountry(operator, { companyId: owner.companyId });
    expect(answered(all.list)).toEqual(expected(DAYS));
    const us = await byPlacementAndCountry(owner, { dimensions: [3], country: "US" });
    expect(us.list.map((row) => row.requestNum).reduce((a, b) => a + b, 0)).toBe(
      Object.entries(expected(published))
        .filter(([key]) => key.endsWith("/US"))
        .reduce((total, [, group]) => total + group.request, 0),
    );
  });

  it("answers the same when summed a few days at a time on the embedded database", async () => {
    const viewer = { companyId: owner.companyId, seesAll: false };
    const parsed = onlineReportQuery.parse(query);
    const whole = await onlineReport(db(), viewer, parsed, "UTC");
    const chunked = await onlineReport(db(), viewer, parsed, "UTC", { embedded: true, chunkRows: 5 });
    expect(chunked).toEqual(whole);
  });

  it("follows late data of a recalculated day and a deleted day", async () => {
    await send(eventsOf(4, 7));
    await manage(t.app, operator, "online", "calculate", daysAgo(4), owner.companyId);
    await manage(t.app, operator, "online", "publish", daysAgo(4), owner.companyId);
    const published = DAYS.filter((day) => day !== HIDDEN);
    expect(answered((await byPlacementAndCountry(owner)).list)).toEqual(expected(published));

    expect((await manage(t.app, operator, "online", "delete", daysAgo(9), owner.companyId)).code).toBe(
      Code.Ok,
    );
    const remaining = DAYS.filter((day) => day !== 9);
    const all = await byPlacementAndCountry(operator, { companyId: owner.companyId });
    expect(answered(all.list)).toEqual(expected(remaining));
  });
});
