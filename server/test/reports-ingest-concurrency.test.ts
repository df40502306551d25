/**
 * Ingest under concurrency: many SDK batches and affiliate calls at once over the same
 * keys, in opposite orders, never fault (before, PostgreSQL answered 602 `deadlock detected` for most of them)
 * and are counted exactly once; a call past the per-process limit is answered 429 with Retry-After.
 */
import { Code, type OfflineReportPage, type OnlineReportSummary } from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import {
  type AffiliateRowInput,
  appWithPlacements,
  batchId,
  daysAgo,
  hourOf,
  manage,
  operatorAdmin,
  report,
  type SdkApp,
  type SdkEventInput,
  sdkAppOf,
  sendAffiliate,
  sendEvents,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let operator: Publisher;
let sdk: SdkApp;
let placements: number[];
let strangerPlacement: number;

const COUNTRIES = ["US", "BR", "DE", "JP", "IN"];

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(t.runtime.database.db, "Hot Keys Co");
  operator = await operatorAdmin(t.runtime.database.db);
  const made = await appWithPlacements(t.app, owner, "Hot App", [1, 2, 3, 4]);
  sdk = await sdkAppOf(t.runtime.database.db, made.appId);
  placements = made.placements.map((placement) => placement.id);
  const stranger = await appWithPlacements(t.app, owner, "Other App", [1]);
  strangerPlacement = stranger.placements[0]?.id ?? 0;
});
afterAll(() => t.close());

/** The hot app's taken batch ids, and the transactions that took them (each row's xmin). */
async function batchTransactions() {
  const { rows } = await sql<{ batches: number; transactions: number }>`
    select count(*)::int as batches, count(distinct xmin::text)::int as transactions
    from sdk_event_batch where app_id = ${sdk.id}`.execute(t.runtime.database.db);
  return rows[0] ?? { batches: 0, transactions: 0 };
}

/** Every placement × country × hour of a day: the same hot keys in every batch. */
const hotEvents = (day: number, ids = placements): SdkEventInput[] =>
  ids.flatMap((adpos_id) =>
    COUNTRIES.flatMap((country) =>
      [0, 1, 2, 3, 4, 5].map((hour) => ({
        adpos_id,
        country,
        hour: hourOf(day, hour),
        request: 3,
        fill: 2,
        show: 1,
        click: 1,
        revenue: 0.001,
      })),
    ),
  );

/** The day's SDK total as an operator reads it after calculating the day. */
async function onlineTotal(day: number) {
  expect((await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId)).code).toBe(
    Code.Ok,
  );
  const range = { startDate: daysAgo(day), endDate: daysAgo(day), companyId: owner.companyId };
  const answer = await report<OnlineReportSummary>(t.app, operator, "/v1/online/summary", range);
  return answer.data.total;
}

describe("concurrent SDK batches over the same keys", () => {
  it("never fault, whatever the order of their events, and count every event once", async () => {
    const day = 2;
    const events = hotEvents(day);
    const batches = Array.from({ length: 32 }, (_, index) => ({
      batch_id: batchId(),
      events: index % 2 === 0 ? events : [...events].reverse(),
    }));
    const answers = await Promise.all(batches.map((body) => sendEvents(t.app, sdk, body)));
    expect(answers.map((answer) => [answer.status, answer.code, answer.data.accepted])).toEqual(
      batches.map(() => [200, Code.Ok, true]),
    );
    const total = await onlineTotal(day);
    expect(total.requestNum).toBe(32 * events.length * 3);
    expect(total.showNum).toBe(32 * events.length);
    expect(total.settleAmount).toBeCloseTo(32 * events.length * 0.001, 6);
  });

  it("share commits: batches that arrive together are appended by fewer statements than batches", async () => {
    const before = await batchTransactions();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => sendEvents(t.app, sdk, { batch_id: batchId(), events: hotEvents(5) })),
    );
    expect(answers.every((answer) => answer.data.accepted)).toBe(true);
    const after = await batchTransactions();
    expect(after.batches - before.batches).toBe(24);
    expect(after.transactions - before.transactions).toBeLessThanOrEqual(12);
  });

  it("refuse only the batch naming another app's placement when it shares a statement with others", async () => {
    const day = 6;
    const sends = Array.from({ length: 9 }, (_, index) => {
      const events = hotEvents(day);
      if (index === 4) events.splice(7, 1, { ...events[7], adpos_id: strangerPlacement } as SdkEventInput);
      return sendEvents(t.app, sdk, { batch_id: batchId(), events });
    });
    const answers = await Promise.all(sends);
    expect(answers[4]).toMatchObject({
      status: 200,
      code: Code.ParamError,
      data: { field: "events.7.adpos_id" },
    });
    expect(answers.filter((answer) => answer.data?.accepted)).toHaveLength(8);
    expect((await onlineTotal(day)).requestNum).toBe(8 * hotEvents(day).length * 3);
  });

  it("count a batch sent many times at once exactly once", async () => {
    const day = 3;
    const body = { batch_id: batchId(), events: hotEvents(day) };
    const answers = await Promise.all(Array.from({ length: 8 }, () => sendEvents(t.app, sdk, body)));
    expect(answers.every((answer) => answer.code === Code.Ok)).toBe(true);
    expect(answers.filter((answer) => answer.data.accepted)).toHaveLength(1);
    expect((await onlineTotal(day)).requestNum).toBe(body.events.length * 3);
  });

  it("leave a calculated day stale when a batch arrives during or after its calculation", async () => {
    const day = 4;
    await sendEvents(t.app, sdk, { batch_id: batchId(), events: hotEvents(day) });
    const [calculated, late] = await Promise.all([
      manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId),
      sendEvents(t.app, sdk, { batch_id: batchId(), events: hotEvents(day) }),
    ]);
    expect([calculated.code, late.data.accepted]).toEqual([Code.Ok, true]);
    const counted = (
      await report<OnlineReportSummary>(t.app, operator, "/v1/online/summary", {
        startDate: daysAgo(day),
        endDate: daysAgo(day),
        companyId: owner.companyId,
      })
    ).data;
    const perBatch = hotEvents(day).length * 3;
    // The late batch is either in the report or waiting, never lost: stale exactly when it is waiting.
    expect(counted.days[0]?.stale).toBe(counted.total.requestNum === perBatch);
    expect((await onlineTotal(day)).requestNum).toBe(2 * perBatch);
  });
});

describe("concurrent affiliate calls over the same keys", () => {
  it("never fault, and each key ends with the values of one whole call", async () => {
    const day = 2;
    const rows = (click: number): AffiliateRowInput[] =>
      Array.from({ length: 30 }, (_, index) => ({
        dt: daysAgo(day),
        sub_channel: "hot",
        offer_id: `OF-${String(index).padStart(2, "0")}`,
        pkg_name: "com.hot",
        country: "US",
        click,
        conversion: 1,
        refuse: 0,
        settle_amount: click,
        payout: 0,
      }));
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, call) =>
        sendAffiliate(t.app, owner.companyId, call % 2 === 0 ? rows(call + 1) : rows(call + 1).reverse()),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.code])).toEqual(answers.map(() => [200, Code.Ok]));
    expect((await manage(t.app, operator, "offline", "calculate", daysAgo(day), owner.companyId)).code).toBe(
      Code.Ok,
    );
    const byOffer = await report<OfflineReportPage>(t.app, operator, "/v1/offline/ssp", {
      startDate: daysAgo(day),
      endDate: daysAgo(day),
      companyId: owner.companyId,
      dimensions: [3],
      pageSize: 40,
    });
    const clicks = new Set(byOffer.data.list.map((row) => row.clickNum));
    expect(byOffer.data.total).toBe(30);
    expect(clicks.size).toBe(1);
    expect([...clicks][0]).toBeGreaterThanOrEqual(1);
    expect([...clicks][0]).toBeLessThanOrEqual(8);
  });
});

describe("past INGEST_MAX_IN_FLIGHT", () => {
  let limited: TestApp;
  let limitedSdk: SdkApp;
  let limitedPlacements: number[];
  beforeAll(async () => {
    limited = await startTestApp({ LOG_LEVEL: "error", INGEST_MAX_IN_FLIGHT: "2" });
    const publisher = await otherPublisher(limited.runtime.database.db, "Busy Co");
    const made = await appWithPlacements(limited.app, publisher, "Busy App", [1]);
    limitedSdk = await sdkAppOf(limited.runtime.database.db, made.appId);
    limitedPlacements = made.placements.map((placement) => placement.id);
  });
  afterAll(() => limited.close());

  it("answers 429, code 607 and Retry-After at once, and takes batches again when the load is gone", async () => {
    const send = () =>
      sendEvents(limited.app, limitedSdk, { batch_id: batchId(), events: hotEvents(1, limitedPlacements) });
    const answers = await Promise.all(Array.from({ length: 12 }, send));
    const busy = answers.filter((answer) => answer.status === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer).toMatchObject({ code: Code.Busy, data: null });
      expect(answer.headers["retry-after"]).toBe("1");
      expect(answer.msg).toBe("The server is busy, please retry shortly");
    }
    expect(answers.filter((answer) => answer.status === 200 && answer.data.accepted)).toHaveLength(
      12 - busy.length,
    );
    expect((await send()).data.accepted).toBe(true);
  });
});
