/**
 * Report ingest (docs/rules/reports.md#pipeline; docs/api.md#the-signing-rule): SDK event batches signed with
 * the app's secret (body digest included), validated all-or-nothing, retries counting nothing; affiliate
 * stats signed with the external secret, each row replacing its key; late data marks calculated days stale.
 */
import { Code, MESSAGES, type MessageKey, nowSeconds } from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, otherPublisher, type Publisher } from "./support/publisher.ts";
import {
  type AffiliateRowInput,
  appWithPlacements,
  batchId,
  daysAgo,
  hourOf,
  isoDaysAgo,
  manage,
  operatorAdmin,
  type SdkApp,
  type SdkEventInput,
  sdkAppOf,
  sendAffiliate,
  sendEvents,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let other: Publisher;
let operator: Publisher;
let sdk: SdkApp;
let secondSdk: SdkApp;
let placement: number;
let secondAppPlacement: number;
let otherCompanyPlacement: number;

const db = () => t.runtime.database.db;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Ingest Co");
  other = await otherPublisher(db(), "Ingest Other Co");
  operator = await operatorAdmin(db());
  const first = await appWithPlacements(t.app, owner, "Ingest One", [1, 2]);
  const second = await appWithPlacements(t.app, owner, "Ingest Two", [3]);
  const foreign = await appWithPlacements(t.app, other, "Foreign App", [4]);
  sdk = await sdkAppOf(db(), first.appId);
  secondSdk = await sdkAppOf(db(), second.appId);
  placement = first.placements[0]?.id ?? 0;
  secondAppPlacement = second.placements[0]?.id ?? 0;
  otherCompanyPlacement = foreign.placements[0]?.id ?? 0;
});
afterAll(() => t.close());

const event = (change: Partial<SdkEventInput> = {}): SdkEventInput => ({
  adpos_id: placement,
  country: "US",
  hour: hourOf(1, 10),
  request: 100,
  fill: 90,
  show: 80,
  click: 4,
  revenue: 0.123456,
  ...change,
});

/** What a calculation counts: the counters folded before plus those appended since, per key. */
const hourly = async () =>
  (
    await sql<{
      request: number;
      fill: number;
      show: number;
      click: number;
      revenue: number;
      country: string;
    }>`
      select sum(request)::bigint as request, sum(fill)::bigint as fill, sum(show)::bigint as show,
        sum(click)::bigint as click, sum(revenue) as revenue, country
      from (
        select hour, ad_position_id, country, request, fill, show, click, revenue from sdk_event_hourly
        where company_id = ${owner.companyId}
        union all
        select hour, ad_position_id, country, request, fill, show, click, revenue from sdk_event_raw
        where company_id = ${owner.companyId}
      ) e
      group by hour, ad_position_id, country order by hour, ad_position_id, country`.execute(db())
  ).rows;

const refused = (answer: { code: number; msg: string; data: unknown }, field: string, key?: MessageKey) => {
  expect(answer.code).toBe(Code.ParamError);
  expect(answer.data).toEqual({ field });
  if (key) expect(answer.msg).toContain(MESSAGES[key].en.replace(/\{.*$/, ""));
};

describe("POST /sdk/v1/events", () => {
  it("adds counters per placement, country and hour; a retried batch counts nothing", async () => {
    const id = batchId();
    const body = { batch_id: id, events: [event(), event({ country: "BR" }), event({ request: 1 })] };
    const first = await sendEvents(t.app, sdk, body);
    expect(first).toMatchObject({ code: Code.Ok, data: { batch_id: id, accepted: true, events: 3 } });
    const again = await sendEvents(t.app, sdk, body);
    expect(again).toMatchObject({ code: Code.Ok, data: { batch_id: id, accepted: false, events: 0 } });
    const rows = await hourly();
    expect(rows).toEqual([
      { request: 100, fill: 90, show: 80, click: 4, revenue: 0.123456, country: "BR" },
      { request: 101, fill: 180, show: 160, click: 8, revenue: 0.246912, country: "US" },
    ]);
    await sendEvents(t.app, sdk, { batch_id: batchId(), events: [event({ revenue: 1 })] });
    expect((await hourly())[1]).toMatchObject({ request: 201, revenue: 1.246912 });
  });

  it("keeps batch ids per app: the same id from another app is a new batch", async () => {
    const id = batchId();
    expect(
      (await sendEvents(t.app, sdk, { batch_id: id, events: [event({ hour: hourOf(2, 1) })] })).data.accepted,
    ).toBe(true);
    const answer = await sendEvents(t.app, secondSdk, {
      batch_id: id,
      events: [event({ adpos_id: secondAppPlacement, hour: hourOf(2, 1) })],
    });
    expect(answer.data.accepted).toBe(true);
  });

  it("refuses the whole batch for a placement of another app or company, naming the event", async () => {
    const before = await hourly();
    for (const adpos of [secondAppPlacement, otherCompanyPlacement, 2_000_000]) {
      const answer = await sendEvents(t.app, sdk, {
        batch_id: batchId(),
        events: [event({ hour: hourOf(3, 1) }), event({ adpos_id: adpos, hour: hourOf(3, 1) })],
      });
      refused(answer, "events.1.adpos_id");
      expect(answer.msg).toBe(MESSAGES.reportPlacementUnknown.en.replace("{id}", String(adpos)));
    }
    expect(await hourly()).toEqual(before);
  });

  it("refuses unknown countries, negative or fractional counts, bad amounts and hours, future hours", async () => {
    const before = await hourly();
    const cases: [Partial<SdkEventInput> | Record<string, unknown>, string, MessageKey][] = [
      [{ country: "XX" }, "events.0.country", "reportCountryUnknown"],
      [{ country: "ALL" }, "events.0.country", "reportCountryUnknown"],
      [{ request: -1 }, "events.0.request", "reportCountInvalid"],
      [{ click: 1.5 }, "events.0.click", "reportCountInvalid"],
      [{ show: "3" }, "events.0.show", "reportCountInvalid"],
      [{ revenue: -0.01 }, "events.0.revenue", "reportAmountInvalid"],
      [{ revenue: 0.0000001 }, "events.0.revenue", "reportAmountInvalid"],
      [{ hour: "2024-05-01T13:30:00Z" }, "events.0.hour", "reportHourInvalid"],
      [{ hour: "2024-05-01 13:00" }, "events.0.hour", "reportHourInvalid"],
      // Date.parse takes these (rolling them over); the database would not.
      [{ hour: "2024-02-30T10:00:00Z" }, "events.0.hour", "reportHourInvalid"],
      [{ hour: "2023-02-29T10:00:00Z" }, "events.0.hour", "reportHourInvalid"],
      [{ hour: "2024-05-01T24:00:00Z" }, "events.0.hour", "reportHourInvalid"],
      [{ hour: "0000-05-01T10:00:00Z" }, "events.0.hour", "reportHourInvalid"],
      [
        { hour: `${new Date(Date.now() + 3_600_000).toISOString().slice(0, 13)}:00:00Z` },
        "events.0.hour",
        "reportHourFuture",
      ],
    ];
    for (const [change, field, key] of cases) {
      const answer = await sendEvents(t.app, sdk, {
        batch_id: batchId(),
        events: [event(change as Partial<SdkEventInput>)],
      });
      refused(answer, field, key);
    }
    refused(await sendEvents(t.app, sdk, { batch_id: "", events: [event()] }), "batch_id");
    refused(await sendEvents(t.app, sdk, { batch_id: batchId(), events: [] }), "events");
    refused(
      await sendEvents(t.app, sdk, { batch_id: batchId(), events: [{ ...event(), extra: 1 }] }),
      "events.0",
    );
    expect(await hourly()).toEqual(before);
  });

  it("checks the signature before anything else: wrong secret, changed body, stale timestamp, unknown key", async () => {
    const body = { batch_id: batchId(), events: [event()] };
    refused(await sendEvents(t.app, sdk, body, { secret: "not-the-secret" }), "sign", "signWrong");
    refused(await sendEvents(t.app, sdk, { bad: true }, { secret: "not-the-secret" }), "sign", "signWrong");
    refused(
      await sendEvents(t.app, sdk, body, { timestamp: nowSeconds() - 1000 }),
      "timestamp",
      "timestampStale",
    );
    refused(await sendEvents(t.app, { ...sdk, appKey: "unknown-key" }, body), "sign", "signWrong");
    // The body signed is not the body sent.
    const signedFor = JSON.stringify(body);
    const answer = await t.app.inject({
      method: "POST",
      url: `/sdk/v1/events?app_key=${sdk.appKey}&timestamp=${nowSeconds()}&sign=${"0".repeat(64)}`,
      headers: { "content-type": "application/json", lang: "en" },
      payload: signedFor,
    });
    expect(answer.json()).toMatchObject({ code: Code.ParamError, data: { field: "sign" } });
    const malformed = await sendEvents(t.app, sdk, null, { raw: "{not json" });
    expect(malformed.status).toBe(400);
  });

  it("refuses a deleted app's batches as an unknown key's, though its key was used before", async () => {
    const doomed = await appWithPlacements(t.app, owner, "Ingest Doomed", [1]);
    const doomedSdk = await sdkAppOf(db(), doomed.appId);
    const doomedPlacement = doomed.placements[0]?.id ?? 0;
    const send = () =>
      sendEvents(t.app, doomedSdk, { batch_id: batchId(), events: [event({ adpos_id: doomedPlacement })] });
    expect(await send()).toMatchObject({ code: Code.Ok, data: { accepted: true } });
    const remove = (url: string, id: number) =>
      callAs(t.app, owner, { method: "DELETE", url, query: { id: String(id) } });
    expect((await remove("/v1/adpos", doomedPlacement)).code).toBe(Code.Ok);
    expect((await remove("/v1/app", doomed.appId)).code).toBe(Code.Ok);
    refused(await send(), "sign", "signWrong");
  });

  it("takes batches larger than the global 100 KB body limit", async () => {
    const events = Array.from({ length: 2000 }, (_, index) =>
      event({
        hour: hourOf(4, index % 24),
        country: ["US", "BR", "DE", "JP", "IN"][index % 5] as string,
        request: 1,
      }),
    );
    const answer = await sendEvents(t.app, sdk, { batch_id: batchId(), events });
    expect(answer).toMatchObject({ code: Code.Ok, data: { accepted: true, events: 2000 } });
  });
});

describe("POST /external_api/affiliate/stats", () => {
  const row = (change: Partial<AffiliateRowInput> = {}): AffiliateRowInput => ({
    dt: daysAgo(1),
    sub_channel: "sub",
    offer_id: "OF-1",
    pkg_name: "com.pkg",
    country: "US",
    click: 100,
    conversion: 5,
    refuse: 1,
    settle_amount: 12.5,
    payout: 10.25,
    ...change,
  });
  /** What a calculation keeps: per key, the latest values appended, else those folded before. */
  const stored = async () =>
    (
      await sql<{ dt: string; click: number; settle_amount: number }>`
        select dt, click, settle_amount from (
          select distinct on (dt, sub_channel, offer_id, pkg_name, country)
            to_char(dt, 'YYYY-MM-DD') as dt, country, click, settle_amount
          from (
            select dt, sub_channel, offer_id, pkg_name, country, click, settle_amount, 0 as call_id
            from affiliate_stat where company_id = ${owner.companyId}
            union all
            select dt, sub_channel, offer_id, pkg_name, country, click, settle_amount, call_id
            from affiliate_stat_raw where company_id = ${owner.companyId}
          ) s
          order by dt, sub_channel, offer_id, pkg_name, country, call_id desc
        ) latest
        order by dt, country`.execute(db())
    ).rows;

  it("stores daily totals, each row replacing its key (sending again changes nothing)", async () => {
    const answer = await sendAffiliate(t.app, owner.companyId, [
      row(),
      row({ country: "DE", dt: isoDaysAgo(1) }),
    ]);
    expect(answer).toMatchObject({ code: Code.Ok, data: { company_id: owner.companyId, rows: 2 } });
    await sendAffiliate(t.app, owner.companyId, [row(), row({ country: "DE" })]);
    expect(await stored()).toEqual([
      { dt: isoDaysAgo(1), click: 100, settle_amount: 12.5 },
      { dt: isoDaysAgo(1), click: 100, settle_amount: 12.5 },
    ]);
    await sendAffiliate(t.app, owner.companyId, [row({ click: 7, settle_amount: 1 })]);
    expect((await stored()).find((r) => r.click === 7)).toEqual({
      dt: isoDaysAgo(1),
      click: 7,
      settle_amount: 1,
    });
  });

  it("refuses an unknown company, a future day, duplicate keys and bad values; writes nothing then", async () => {
    const before = await stored();
    const company = await sendAffiliate(t.app, 9_999_999, [row()]);
    expect(company).toMatchObject({ code: Code.ParamError, data: { field: "company_id" } });
    refused(
      await sendAffiliate(t.app, owner.companyId, [row(), row({ dt: daysAgo(-1) })]),
      "rows.1.dt",
      "affiliateDateFuture",
    );
    refused(
      await sendAffiliate(t.app, owner.companyId, [row({ country: "BR" }), row({ country: "BR" })]),
      "rows.1",
    );
    refused(
      await sendAffiliate(t.app, owner.companyId, [row({ click: -1 })]),
      "rows.0.click",
      "reportCountInvalid",
    );
    refused(await sendAffiliate(t.app, owner.companyId, [row({ country: "ZZ" })]), "rows.0.country");
    refused(await sendAffiliate(t.app, owner.companyId, [row({ dt: "2024-02-30" })]), "rows.0.dt");
    refused(await sendAffiliate(t.app, owner.companyId, [row({ sub_channel: "" })]), "rows.0.sub_channel");
    expect(await stored()).toEqual(before);
  });
});

describe("late data", () => {
  it("marks a calculated or published day stale; recalculating clears it", async () => {
    const day = 6;
    await sendEvents(t.app, sdk, { batch_id: batchId(), events: [event({ hour: hourOf(day, 5) })] });
    await sendAffiliate(t.app, owner.companyId, [row6()]);
    for (const kind of ["online", "offline"] as const) {
      expect((await manage(t.app, operator, kind, "calculate", daysAgo(day), owner.companyId)).code).toBe(
        Code.Ok,
      );
    }
    await manage(t.app, operator, "online", "publish", daysAgo(day), owner.companyId);
    await sendEvents(t.app, sdk, { batch_id: batchId(), events: [event({ hour: hourOf(day, 7) })] });
    await sendAffiliate(t.app, owner.companyId, [{ ...row6(), click: 1 }]);
    const batches = async () => {
      const date = daysAgo(day);
      const answer = await callAs<{ list: { kind: string; status: string; stale: boolean }[] }>(
        t.app,
        operator,
        {
          method: "GET",
          url: "/v1/report/batch/list",
          query: {
            start_date: date,
            end_date: date,
            company_id: String(owner.companyId),
            page_no: "1",
            page_size: "10",
          },
        },
      );
      return answer.data.list
        .map(({ kind, status, stale }) => ({ kind, status, stale }))
        .sort((a, b) => a.kind.localeCompare(b.kind));
    };
    expect(await batches()).toEqual([
      { kind: "offline", status: "calculated", stale: true },
      { kind: "online", status: "published", stale: true },
    ]);
    // Late data of a day never calculated marks nothing.
    await sendEvents(t.app, sdk, { batch_id: batchId(), events: [event({ hour: hourOf(7, 7) })] });
    const recalculated = await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId);
    // a recalculation redoes both kinds: the published SDK report is taken back, the affiliate one stays unpublished
    expect(recalculated.data.batches).toEqual([
      expect.objectContaining({ kind: "online", status: "calculated", stale: false, unpublished: true }),
      expect.objectContaining({ kind: "offline", status: "calculated", stale: false, unpublished: false }),
    ]);
    expect(await batches()).toEqual([
      { kind: "offline", status: "calculated", stale: false },
      { kind: "online", status: "calculated", stale: false },
    ]);
  });
});

const row6 = (): AffiliateRowInput => ({
  dt: daysAgo(6),
  sub_channel: "late",
  offer_id: "OF-9",
  pkg_name: "com.late",
  country: "US",
  click: 10,
  conversion: 1,
  refuse: 0,
  settle_amount: 1,
  payout: 0.5,
});
