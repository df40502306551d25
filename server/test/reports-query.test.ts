/**
 * Report queries: known SDK events and affiliate stats are ingested, calculated and
 * published, then every combination of the dimension codes is checked against sums and rates computed here
 * (to the cent), with the filters, paging, order, summaries, the date rules, the session's company (another
 * company's data never seen, its companyId refused), unpublished days hidden and SDK-only users refused.
 */
import {
  Code,
  MESSAGES,
  type MessageKey,
  type OfflineReportPage,
  type OfflineReportRow,
  type OfflineReportSummary,
  type OnlineReportPage,
  type OnlineReportSummary,
  offlineReportQuery,
  onlineReportQuery,
} from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { offlineReport, onlineReport, onlineSummary } from "../src/modules/reports/query/service.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { demoPublisher, otherPublisher, type Publisher } from "./support/publisher.ts";
import { exportEachWay } from "./support/report-export.ts";
import { calculateDays } from "./support/report-seed.ts";
import {
  type AffiliateRowInput,
  appWithPlacements,
  batchId,
  daysAgo,
  expectedOnlineMetrics,
  hourOf,
  isoDaysAgo,
  manage,
  operatorAdmin,
  rate,
  report,
  reportUser,
  round4,
  type SdkEventInput,
  sdkAppOf,
  sendAffiliate,
  sendEvents,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let other: Publisher;
let operator: Publisher;
let apps: { appId: number; name: string; placements: { id: number; style: number }[] }[];
const events: (SdkEventInput & { appId: number; style: number })[] = [];
const affiliate: AffiliateRowInput[] = [];
/** Published: 1 and 2 days ago; 3 days ago is calculated but not published. */
const PUBLISHED = [1, 2];

const db = () => t.runtime.database.db;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Report Query Co");
  other = await demoPublisher(db());
  operator = await operatorAdmin(db());
  apps = [
    { ...(await appWithPlacements(t.app, owner, "Alpha Game", [1, 2])), name: "Alpha Game" },
    { ...(await appWithPlacements(t.app, owner, "Beta Tools", [3])), name: "Beta Tools" },
  ];
  // Events on three days, two countries, two hours each; one placement/country with nothing but zeros.
  let serial = 0;
  for (const day of [1, 2, 3]) {
    for (const app of apps) {
      for (const placement of app.placements) {
        for (const country of ["US", "BR"]) {
          for (const hour of [3, 15]) {
            serial += 1;
            const zero = placement.style === 3 && country === "BR" && day === 2;
            const request = zero ? 0 : 1000 + serial * 37;
            const fill = zero ? 0 : Math.floor(request * 0.8) - (serial % 7);
            const show = zero ? 0 : Math.floor(fill * 0.7) + (serial % 5);
            const click = zero ? 0 : 3 + (serial % 11);
            const revenue = zero ? 0 : Math.round((0.5 + serial * 0.123457) * 1e6) / 1e6;
            events.push({
              adpos_id: placement.id,
              country,
              hour: hourOf(day, hour),
              request,
              fill,
              show,
              click,
              revenue,
              appId: app.appId,
              style: placement.style,
            });
          }
        }
      }
    }
  }
  for (const app of apps) {
    const sdk = await sdkAppOf(db(), app.appId);
    const mine = events.filter((event) => event.appId === app.appId);
    const answer = await sendEvents(t.app, sdk, {
      batch_id: batchId(),
      events: mine.map(({ appId: _a, style: _s, ...event }) => event),
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
  }
  // Affiliate rows: two sub-channels (one a formula), two offers, two countries, three days.
  let n = 0;
  for (const day of [1, 2, 3]) {
    for (const sub of ["=cmd", "sub_b"]) {
      for (const [offer, pkg] of [
        ["OF-1", "com.offer.one"],
        ["OF-22", "com.offer.two"],
      ] as const) {
        for (const country of ["US", "DE"]) {
          n += 1;
          const click = n === 5 ? 0 : 500 + n * 13;
          const conversion = n === 5 ? 0 : 10 + (n % 9);
          affiliate.push({
            dt: daysAgo(day),
            sub_channel: sub,
            offer_id: offer,
            pkg_name: pkg,
            country,
            click,
            conversion,
            refuse: n % 4,
            settle_amount: n === 5 ? 0 : Math.round((conversion * 1.37 + n * 0.01) * 1e6) / 1e6,
            payout: Math.round(conversion * 1.1 * 1e6) / 1e6,
          });
        }
      }
    }
  }
  expect((await sendAffiliate(t.app, owner.companyId, affiliate)).code).toBe(Code.Ok);
  // The other company has data on the same days (never to be seen by the owner).
  await sendAffiliate(t.app, other.companyId, [{ ...(affiliate[0] as AffiliateRowInput), click: 999_999 }]);

  for (const company of [owner.companyId, other.companyId]) {
    await calculateDays(t.app, operator, company, [1, 2, 3], { published: PUBLISHED });
  }
});
afterAll(() => t.close());

// ─── The reference: sums and rates computed here ────────────────────────────────────────────────────────

const ONLINE_FIELDS: Record<number, (e: (typeof events)[number]) => string | number> = {
  1: (e) => e.hour.slice(0, 10),
  2: (e) => e.appId,
  3: (e) => e.adpos_id,
  4: (e) => e.country,
  5: (e) => e.style,
};

function expectedOnline(dims: number[], keep: (e: (typeof events)[number]) => boolean, days = PUBLISHED) {
  const visible = days.map(isoDaysAgo);
  const groups = new Map<string, (typeof events)[number][]>();
  for (const event of events.filter((e) => visible.includes(e.hour.slice(0, 10)) && keep(e))) {
    const key = JSON.stringify(dims.map((dim) => ONLINE_FIELDS[dim]?.(event)));
    groups.set(key, [...(groups.get(key) ?? []), event]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as (typeof events)[number];
    return {
      dt: dims.includes(1) ? first.hour.slice(0, 10) : null,
      appId: dims.includes(2) ? first.appId : null,
      appName: dims.includes(2) ? (apps.find((a) => a.appId === first.appId)?.name ?? null) : null,
      adId: dims.includes(3) ? first.adpos_id : null,
      adStyle: dims.includes(5) ? first.style : null,
      country: dims.includes(4) ? first.country : null,
      ...expectedOnlineMetrics(group),
    };
  });
}

const OFFLINE_FIELDS: Record<number, (r: AffiliateRowInput) => string> = {
  1: (r) => `${r.dt.slice(0, 4)}-${r.dt.slice(4, 6)}-${r.dt.slice(6, 8)}`,
  2: (r) => r.sub_channel,
  3: (r) => r.offer_id,
  4: (r) => r.pkg_name,
  5: (r) => r.country,
};

function expectedOffline(dims: number[], keep: (r: AffiliateRowInput) => boolean, days = PUBLISHED) {
  const visible = days.map(daysAgo);
  const groups = new Map<string, AffiliateRowInput[]>();
  for (const row of affiliate.filter((r) => visible.includes(r.dt) && keep(r))) {
    const key = JSON.stringify(dims.map((dim) => OFFLINE_FIELDS[dim]?.(row)));
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0] as AffiliateRowInput;
    const sum = (pick: (r: AffiliateRowInput) => number) => group.reduce((total, r) => total + pick(r), 0);
    const click = sum((r) => r.click);
    const conversion = sum((r) => r.conversion);
    const settle = sum((r) => r.settle_amount);
    const payout = sum((r) => r.payout);
    const field = (dim: number) => (dims.includes(dim) ? (OFFLINE_FIELDS[dim]?.(first) ?? null) : null);
    return {
      dt: field(1),
      subChannel: field(2),
      subChannelText: field(2),
      offerId: field(3),
      pkgName: field(4),
      country: field(5),
      clickNum: click,
      conversionNum: conversion,
      refuseNum: sum((r) => r.refuse),
      conversionRate: rate(conversion, click),
      cpc: rate(settle, click),
      settleAmount: round4(settle),
      payout: round4(payout),
      profit: round4(settle - payout),
      profitRate: rate(settle - payout, settle),
    };
  });
}

const allSubsets = (codes: number[]) =>
  Array.from({ length: 1 << codes.length }, (_, mask) => codes.filter((_, i) => mask & (1 << i)));

const byKey = <T extends Record<string, unknown>>(rows: T[], keys: string[]) =>
  [...rows].sort((a, b) =>
    JSON.stringify(keys.map((k) => a[k])).localeCompare(JSON.stringify(keys.map((k) => b[k]))),
  );

function expectRowsMatch<T extends Record<string, unknown>>(
  actual: T[],
  expected: Record<string, unknown>[],
  keys: string[],
) {
  expect(actual).toHaveLength(expected.length);
  const sortedActual = byKey(actual, keys);
  const sortedExpected = byKey(expected, keys);
  sortedExpected.forEach((row, index) => {
    const got = sortedActual[index] as Record<string, unknown>;
    for (const [field, value] of Object.entries(row)) {
      if (typeof value === "number" && !Number.isInteger(value))
        expect(got[field], field).toBeCloseTo(value, 4);
      else expect(got[field], field).toEqual(value);
    }
  });
}

const range = { startDate: daysAgo(3), endDate: daysAgo(1) };

// ─── SDK report ─────────────────────────────────────────────────────────────────────────────────────────

describe("POST /v1/online/ssp", () => {
  it("answers every combination of the dimension codes with sums and rates to the cent", async () => {
    for (const dims of allSubsets([1, 2, 3, 4, 5])) {
      const answer = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
        ...range,
        dimensions: dims,
        pageIndex: 1,
        pageSize: 1000,
      });
      expect(answer.code, `dims ${dims}`).toBe(Code.Ok);
      const expected = expectedOnline(dims, () => true);
      expect(answer.data.total, `dims ${dims}`).toBe(expected.length);
      expectRowsMatch(answer.data.list, expected, ["dt", "appId", "adId", "country", "adStyle"]);
    }
  });

  it("orders by date newest first, then the other dimensions; pages with pageIndex/pageSize", async () => {
    const all = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [1, 3, 4, 5],
      pageSize: 1000,
    });
    const keys = all.data.list.map((row) => [row.dt, row.adId, row.country]);
    const sorted = [...keys].sort((a, b) =>
      a[0] !== b[0]
        ? String(b[0]).localeCompare(String(a[0]))
        : a[1] !== b[1]
          ? Number(a[1]) - Number(b[1])
          : String(a[2]).localeCompare(String(b[2])),
    );
    expect(keys).toEqual(sorted);
    const page2 = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [1, 3, 4, 5],
      pageIndex: 2,
      pageSize: 5,
    });
    expect(page2.data.total).toBe(all.data.total);
    expect(page2.data.list).toEqual(all.data.list.slice(5, 10));
    const beyond = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [1],
      pageIndex: 99,
      pageSize: 10,
    });
    expect(beyond.data).toEqual({ list: [], total: 2 });
    const byRevenue = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [3],
      orderBy: "settleAmount",
      order: "desc",
    });
    const amounts = byRevenue.data.list.map((row) => row.settleAmount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it("filters by app name (contains), ad id, ad style and country, alone and together", async () => {
    const cases: [Record<string, unknown>, (e: (typeof events)[number]) => boolean][] = [
      [{ appName: "alpha" }, (e) => e.appId === apps[0]?.appId],
      [{ adId: apps[1]?.placements[0]?.id }, (e) => e.adpos_id === apps[1]?.placements[0]?.id],
      [{ addId: String(apps[0]?.placements[1]?.id) }, (e) => e.adpos_id === apps[0]?.placements[1]?.id],
      [{ adStyle: 2 }, (e) => e.style === 2],
      [{ country: "br" }, (e) => e.country === "BR"],
      [{ country: "ALL", appName: null, adStyle: "" }, () => true],
      [
        { appName: " Alpha ", country: "US", adStyle: 1 },
        (e) => e.appId === apps[0]?.appId && e.country === "US" && e.style === 1,
      ],
    ];
    for (const [filters, keep] of cases) {
      for (const dims of [[1], [1, 3, 4, 5], [2, 4], [4], [5], []]) {
        const answer = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
          ...range,
          ...filters,
          dimensions: dims,
          pageSize: 1000,
        });
        expect(answer.code, JSON.stringify(filters)).toBe(Code.Ok);
        const expected = expectedOnline(dims, keep);
        expect(answer.data.total, `${JSON.stringify(filters)} ${dims}`).toBe(expected.length);
        expectRowsMatch(answer.data.list, expected, ["dt", "appId", "adId", "country", "adStyle"]);
      }
    }
    const none = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      appName: "zzz",
      dimensions: [1],
    });
    expect(none.data).toEqual({ list: [], total: 0 });
  });

  it("names placements and apps, answers 0 for rates whose denominator is 0", async () => {
    const answer = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      startDate: daysAgo(2),
      endDate: daysAgo(2),
      adStyle: 3,
      country: "BR",
      dimensions: [1, 2, 3, 4, 5],
    });
    expect(answer.data.list).toEqual([
      expect.objectContaining({
        appName: "Beta Tools",
        adName: "Beta Tools S1",
        requestNum: 0,
        recallRate: 0,
        showRate: 0,
        clickRate: 0,
        settleEcpm: 0,
      }),
    ]);
  });

  it("answers the same on the report proxy path", async () => {
    const body = { ...range, dimensions: [1, 4] };
    const direct = await report(t.app, owner, "/v1/online/ssp", body);
    const proxied = await report(t.app, owner, "/v1/report_proxy/v1/online/ssp", body);
    expect(proxied.data).toEqual(direct.data);
  });
});

describe("POST /v1/online/summary", () => {
  it("answers the total row of the query and the status of each day", async () => {
    const answer = await report<OnlineReportSummary>(t.app, owner, "/v1/online/summary", {
      startDate: daysAgo(4),
      endDate: daysAgo(1),
      adStyle: 1,
      dimensions: [1, 3],
    });
    const [expected] = expectedOnline([], (e) => e.style === 1);
    expectRowsMatch([answer.data.total], [expected as Record<string, unknown>], []);
    expect(answer.data.days).toEqual([
      { dt: isoDaysAgo(4), status: "pending", stale: false, visible: false, hasData: false },
      { dt: isoDaysAgo(3), status: "calculated", stale: false, visible: false, hasData: true },
      { dt: isoDaysAgo(2), status: "published", stale: false, visible: true, hasData: true },
      { dt: isoDaysAgo(1), status: "published", stale: false, visible: true, hasData: true },
    ]);
  });

  it("says which days have data: received and waiting, calculated empty, or none at all", async () => {
    const waiting = await otherPublisher(db(), "Waiting Data Co");
    const row: AffiliateRowInput = {
      dt: daysAgo(3),
      sub_channel: "sub_w",
      offer_id: "OF-W",
      pkg_name: "com.waiting",
      country: "US",
      click: 10,
      conversion: 1,
      refuse: 0,
      settle_amount: 1.5,
      payout: 1,
    };
    // day 3: received, not calculated; day 2: calculated and published without any data; day 1: nothing
    expect((await sendAffiliate(t.app, waiting.companyId, [row])).code).toBe(Code.Ok);
    await manage(t.app, operator, "offline", "calculate", daysAgo(2), waiting.companyId);
    await manage(t.app, operator, "offline", "publish", daysAgo(2), waiting.companyId);
    const query = { startDate: daysAgo(3), endDate: daysAgo(1) };
    const summary = await report<OfflineReportSummary>(t.app, waiting, "/v1/offline/summary", query);
    expect(summary.data.days).toEqual([
      { dt: isoDaysAgo(3), status: "pending", stale: false, visible: false, hasData: true },
      { dt: isoDaysAgo(2), status: "published", stale: false, visible: true, hasData: false },
      { dt: isoDaysAgo(1), status: "pending", stale: false, visible: false, hasData: false },
    ]);
    // calculated (folded into the report tables), it still has data, now waiting to be published
    await manage(t.app, operator, "offline", "calculate", daysAgo(3), waiting.companyId);
    const calculated = await report<OfflineReportSummary>(t.app, waiting, "/v1/offline/summary", query);
    expect(calculated.data.days[0]).toMatchObject({ status: "calculated", visible: false, hasData: true });
    // the SDK report of the same company has no data on any day
    const online = await report<OnlineReportSummary>(t.app, waiting, "/v1/online/summary", query);
    expect(online.data.days.map((day) => day.hasData)).toEqual([false, false, false]);
  });
});

describe("GET /v1/report/start_company", () => {
  const startOf = (who: Publisher, kind: string) =>
    t.app.inject({
      method: "GET",
      url: `/v1/report/start_company?kind=${kind}`,
      headers: { token: who.token },
    });

  it("answers operators the first publisher company with a published report holding rows", async () => {
    // the demo company (the lower id) has published SDK days without any row, and published affiliate rows
    expect(other.companyId).toBeLessThan(owner.companyId);
    expect((await startOf(operator, "online")).json()).toEqual({
      code: Code.Ok,
      msg: expect.any(String),
      data: { company_id: owner.companyId },
    });
    expect((await startOf(operator, "offline")).json().data).toEqual({ company_id: other.companyId });
  });

  it("answers null when no company has a published report with rows", async () => {
    await sql`update report_batch set status = 'calculated' where kind = 'online' and status = 'published'`.execute(
      db(),
    );
    try {
      expect((await startOf(operator, "online")).json().data).toEqual({ company_id: null });
    } finally {
      await sql`update report_batch set status = 'published' where kind = 'online' and status = 'calculated'
        and publish_time is not null`.execute(db());
    }
  });

  it("is the operators' only, and names a kind", async () => {
    expect((await startOf(owner, "online")).json().code).toBe(Code.NoPermission);
    expect((await startOf(operator, "other")).json()).toMatchObject({
      code: Code.ParamError,
      data: { field: "kind" },
    });
  });
});

// ─── Affiliate report ───────────────────────────────────────────────────────────────────────────────────

describe("POST /v1/offline/ssp", () => {
  it("answers every combination of the dimension codes with sums and rates to the cent", async () => {
    for (const dims of allSubsets([1, 2, 3, 4, 5])) {
      const answer = await report<OfflineReportPage>(t.app, owner, "/v1/offline/ssp", {
        ...range,
        dimensions: dims,
        pageSize: 1000,
      });
      expect(answer.code, `dims ${dims}`).toBe(Code.Ok);
      const expected = expectedOffline(dims, () => true);
      expect(answer.data.total, `dims ${dims}`).toBe(expected.length);
      expectRowsMatch(answer.data.list, expected, ["dt", "subChannel", "offerId", "pkgName", "country"]);
    }
  });

  it("filters by sub-channel, offer id, package (contains) and country", async () => {
    const cases: [Record<string, unknown>, (r: AffiliateRowInput) => boolean][] = [
      [{ subChannel: "=C" }, (r) => r.sub_channel === "=cmd"],
      [{ offerId: "of-2" }, (r) => r.offer_id === "OF-22"],
      [{ pkgName: "offer.one" }, (r) => r.pkg_name === "com.offer.one"],
      [{ country: "DE", subChannel: "sub" }, (r) => r.country === "DE" && r.sub_channel === "sub_b"],
      [{ offerId: "100%_" }, () => false],
    ];
    for (const [filters, keep] of cases) {
      for (const dims of [[1, 3, 4, 5], [2], []]) {
        const answer = await report<OfflineReportPage>(t.app, owner, "/v1/offline/ssp", {
          ...range,
          ...filters,
          dimensions: dims,
          pageSize: 1000,
        });
        const expected = expectedOffline(dims, keep);
        expect(answer.data.total, `${JSON.stringify(filters)} ${dims}`).toBe(expected.length);
        expectRowsMatch(answer.data.list, expected, ["dt", "subChannel", "offerId", "pkgName", "country"]);
      }
    }
  });

  it("summary: the total row, profit and rates, and the days", async () => {
    const answer = await report<OfflineReportSummary>(t.app, owner, "/v1/offline/summary", { ...range });
    const [expected] = expectedOffline([], () => true);
    expectRowsMatch([answer.data.total as OfflineReportRow], [expected as Record<string, unknown>], []);
    expect(answer.data.days.map((day) => day.status)).toEqual(["calculated", "published", "published"]);
  });
});

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────────────────

describe("the rules of every report query", () => {
  const refused = (answer: { code: number; msg: string; data: unknown }, key: MessageKey, field: string) =>
    expect(answer).toMatchObject({ code: Code.ParamError, msg: MESSAGES[key].en, data: { field } });

  it("requires both dates as yyyyMMdd, start ≤ end, at most 90 days back, ending yesterday", async () => {
    for (const path of ["/v1/online/ssp", "/v1/online/summary", "/v1/offline/ssp", "/v1/offline/summary"]) {
      refused(await report(t.app, owner, path, { endDate: daysAgo(1) }), "reportDateRequired", "startDate");
      refused(
        await report(t.app, owner, path, { startDate: daysAgo(1), endDate: null }),
        "reportDateRequired",
        "endDate",
      );
      refused(
        await report(t.app, owner, path, { startDate: "2024-05-01", endDate: daysAgo(1) }),
        "reportDateInvalid",
        "startDate",
      );
      refused(
        await report(t.app, owner, path, { startDate: daysAgo(1), endDate: "20230230" }),
        "reportDateInvalid",
        "endDate",
      );
      refused(
        await report(t.app, owner, path, { startDate: daysAgo(1), endDate: daysAgo(2) }),
        "reportDateOrder",
        "startDate",
      );
      refused(
        await report(t.app, owner, path, { startDate: daysAgo(3), endDate: daysAgo(0) }),
        "reportDateTooLate",
        "endDate",
      );
      refused(
        await report(t.app, owner, path, { startDate: daysAgo(91), endDate: daysAgo(1) }),
        "reportDateTooEarly",
        "startDate",
      );
      expect((await report(t.app, owner, path, { startDate: daysAgo(90), endDate: daysAgo(1) })).code).toBe(
        Code.Ok,
      );
      expect(
        (await report(t.app, owner, path, { startDate: Number(daysAgo(2)), endDate: Number(daysAgo(1)) }))
          .code,
      ).toBe(Code.Ok);
    }
  });

  it("refuses unknown dimension codes, metrics, countries, ad styles and paging with 604 naming the field", async () => {
    const base = { ...range };
    refused(
      await report(t.app, owner, "/v1/online/ssp", { ...base, dimensions: [7] }),
      "reportDimensionInvalid",
      "dimensions.0",
    );
    refused(
      await report(t.app, owner, "/v1/online/ssp", { ...base, country: "XX" }),
      "reportCountryUnknown",
      "country",
    );
    refused(
      await report(t.app, owner, "/v1/online/ssp", { ...base, adStyle: 9 }),
      "adStyleRequired",
      "adStyle",
    );
    refused(
      await report(t.app, owner, "/v1/online/ssp", { ...base, adId: "1.5" }),
      "integerRequired",
      "adId",
    );
    refused(
      await report(t.app, owner, "/v1/online/ssp", { ...base, appName: "😀" }),
      "illegalCharacters",
      "appName",
    );
    refused(
      await report(t.app, owner, "/v1/offline/ssp", { ...base, metrics: ["nope"] }),
      "reportMetricInvalid",
      "metrics.0",
    );
    expect((await report(t.app, owner, "/v1/online/ssp", { ...base, pageSize: 0 })).code).toBe(
      Code.ParamError,
    );
    expect((await report(t.app, owner, "/v1/online/ssp", { ...base, pageIndex: -1 })).code).toBe(
      Code.ParamError,
    );
  });

  it("never shows another company's data, and refuses a companyId naming another company (402)", async () => {
    const mine = await report<OfflineReportPage>(t.app, owner, "/v1/offline/ssp", {
      ...range,
      dimensions: [1],
    });
    expect(mine.data.list.every((row) => row.clickNum < 999_999)).toBe(true);
    const theirs = await report<OfflineReportPage>(t.app, other, "/v1/offline/ssp", {
      ...range,
      dimensions: [2],
    });
    expect(theirs.data.list).toEqual([expect.objectContaining({ subChannel: "=cmd", clickNum: 999_999 })]);
    for (const path of ["/v1/online/ssp", "/v1/online/summary", "/v1/offline/ssp", "/v1/offline/summary"]) {
      const answer = await report(t.app, owner, path, { ...range, companyId: other.companyId });
      expect(answer).toMatchObject({ code: Code.NoPermission, data: { field: "companyId" } });
      expect((await report(t.app, owner, path, { ...range, companyId: owner.companyId })).code).toBe(Code.Ok);
    }
  });

  it("shows publishers published days only; operator admins every calculated day of any company", async () => {
    const publisher = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      ...range,
      dimensions: [1],
    });
    expect(publisher.data.list.map((row) => row.dt)).toEqual([isoDaysAgo(1), isoDaysAgo(2)]);
    const asOperator = await report<OnlineReportPage>(t.app, operator, "/v1/online/ssp", {
      ...range,
      companyId: owner.companyId,
      dimensions: [1],
    });
    expect(asOperator.data.list.map((row) => row.dt)).toEqual([isoDaysAgo(1), isoDaysAgo(2), isoDaysAgo(3)]);
    expectRowsMatch(
      asOperator.data.list,
      expectedOnline([1], () => true, [1, 2, 3]),
      ["dt"],
    );
    const summary = await report<OnlineReportSummary>(t.app, operator, "/v1/online/summary", {
      ...range,
      companyId: owner.companyId,
    });
    expect(summary.data.days.map((day) => day.visible)).toEqual([true, true, true]);
  });

  it("refuses the affiliate calls to an SDK-only user and to anyone without a role; allows SDK reports", async () => {
    const sdkOnly = await reportUser(db(), owner, { sdkOnly: true });
    for (const path of ["/v1/offline/ssp", "/v1/offline/summary", "/v1/offline/ssp/download"]) {
      expect((await report(t.app, sdkOnly, path, { ...range })).code).toBe(Code.NoPermission);
    }
    expect((await report(t.app, sdkOnly, "/v1/online/ssp", { ...range })).code).toBe(Code.Ok);
    const staff = await reportUser(db(), owner);
    const answer = await report<OnlineReportPage>(t.app, staff, "/v1/online/ssp", {
      ...range,
      dimensions: [1],
    });
    expect(answer.data.total).toBe(2);
  });

  it("answers the report date window of the server", async () => {
    const window = await t.app.inject({
      method: "GET",
      url: "/v1/report/date_window",
      headers: { token: owner.token },
    });
    expect(window.json()).toMatchObject({
      code: 200,
      data: { timeZone: "UTC", today: daysAgo(0), minDate: daysAgo(90), maxDate: daysAgo(1) },
    });
  });
});

describe("groupings summed per request", () => {
  it("read their page and their number of groups in one pass over the rows", async () => {
    const groupings: string[] = [];
    const counting = db().withPlugin({
      transformQuery({ node, queryId }) {
        const text = db().getExecutor().compileQuery(node, queryId).sql;
        if (/ group by /.test(text)) groupings.push(text);
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    const viewer = { companyId: owner.companyId, seesAll: false };
    const byPlacementAndCountry = onlineReportQuery.parse({ ...range, dimensions: [3, 4], pageSize: 2 });
    const answer = await onlineReport(counting, viewer, byPlacementAndCountry, "UTC");
    expect(groupings).toHaveLength(1);
    const all = await onlineReport(db(), viewer, { ...byPlacementAndCountry, pageSize: 1000 }, "UTC");
    expect(answer.total).toBe(all.list.length);
    expect(answer.list).toEqual(all.list.slice(0, 2));
    expect(Object.keys(answer.list[0] ?? {})).not.toContain("groups_total");
  });
});

describe("report reads on PostgreSQL", () => {
  it("start no parallel workers, which cost more than the few thousand rows they read", async (context) => {
    if (t.runtime.database.kind !== "postgres") return context.skip();
    const { rows } = await sql<{
      max_parallel_workers_per_gather: string;
    }>`show max_parallel_workers_per_gather`.execute(db());
    expect(rows[0]?.max_parallel_workers_per_gather).toBe("0");
  });
});

describe("large groupings on the embedded database", () => {
  it("summed a few days at a time, answer exactly what one query answers, for every combination", async () => {
    const viewer = { companyId: owner.companyId, seesAll: false };
    const chunked = { embedded: true, chunkRows: 3 };
    for (const dims of allSubsets([1, 2, 3, 4, 5])) {
      for (const [extra, offlineExtra] of [
        [{}, {}],
        [
          { orderBy: "clickRate", order: "asc" },
          { orderBy: "profitRate", order: "asc" },
        ],
        [{ country: "US" }, { country: "US", orderBy: "cpc" }],
        [
          { orderBy: "appName", order: "asc" },
          { orderBy: "pkgName", order: "desc" },
        ],
        [{ orderBy: "country" }, { orderBy: "subChannel", order: "asc" }],
      ]) {
        const online = onlineReportQuery.parse({
          ...range,
          dimensions: dims,
          pageSize: 7,
          pageIndex: 2,
          ...extra,
        });
        expect(await onlineReport(db(), viewer, online, "UTC", chunked)).toEqual(
          await onlineReport(db(), viewer, online, "UTC"),
        );
        const offline = offlineReportQuery.parse({
          ...range,
          dimensions: dims,
          pageSize: 5,
          ...offlineExtra,
        });
        expect(await offlineReport(db(), viewer, offline, "UTC", chunked)).toEqual(
          await offlineReport(db(), viewer, offline, "UTC"),
        );
      }
    }
    const summary = onlineReportQuery.parse({ ...range, appName: "a", country: "BR" });
    expect(await onlineSummary(db(), viewer, summary, "UTC", chunked)).toEqual(
      await onlineSummary(db(), viewer, summary, "UTC"),
    );
  });
});

describe("sorting", () => {
  type Row = OnlineReportPage["list"][number];
  const online = (body: Record<string, unknown>) =>
    report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", { ...range, ...body });
  const every = async (body: Record<string, unknown>, pageSize: number) => {
    const rows: Row[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const answer = await online({ ...body, pageIndex, pageSize });
      expect(answer.code, answer.msg).toBe(Code.Ok);
      rows.push(...answer.data.list);
      if (rows.length >= answer.data.total) return rows;
    }
  };

  it("sorts by any metric across pages, not within the page", async () => {
    for (const order of ["asc", "desc"] as const) {
      const body = { dimensions: [1, 3, 4], orderBy: "settleEcpm", order };
      const paged = await every(body, 3);
      expect(paged).toEqual((await online({ ...body, pageSize: 1000 })).data.list);
      const values = paged.map((row) => row.settleEcpm);
      expect(values).toEqual([...values].sort((a, b) => (order === "asc" ? a - b : b - a)));
      expect(paged.length).toBeGreaterThan(3);
    }
  });

  it("sorts by a dimension: an app by its name, a placement by id, a country by code", async () => {
    const byName = await every({ dimensions: [2], orderBy: "appName", order: "desc" }, 1);
    expect(byName.map((row) => row.appName)).toEqual(["Beta Tools", "Alpha Game"]);
    const byPlacement = await every({ dimensions: [3, 4], orderBy: "adId", order: "asc" }, 4);
    const ids = byPlacement.map((row) => row.adId ?? 0);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // ties (one placement, two countries) keep the default order after the chosen one
    expect(byPlacement.slice(0, 2).map((row) => row.country)).toEqual(["BR", "US"]);
    const byCountry = await every({ dimensions: [1, 4], orderBy: "country", order: "desc" }, 2);
    expect(byCountry.map((row) => [row.country, row.dt])).toEqual([
      ["US", isoDaysAgo(1)],
      ["US", isoDaysAgo(2)],
      ["BR", isoDaysAgo(1)],
      ["BR", isoDaysAgo(2)],
    ]);
  });

  it("refuses an unknown sort key with 604 naming the field", async () => {
    const answer = await online({ orderBy: "password" });
    expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "orderBy" } });
  });

  it("writes the CSV in the same order, the same bytes by COPY and by pages", async () => {
    const query = onlineReportQuery.parse({
      ...range,
      dimensions: [2, 3, 4],
      orderBy: "requestNum",
      order: "asc",
      metrics: ["requestNum"],
    });
    const viewer = { companyId: owner.companyId, seesAll: false };
    const csv = await exportEachWay(t.runtime.database, { kind: "online", viewer, query }, 2);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split(/\r?\n/);
    const listed = await every({ dimensions: [2, 3, 4], orderBy: "requestNum", order: "asc" }, 1000);
    expect(lines.slice(1)).toEqual(
      listed.map((row) => `${row.appName},${row.adId},${row.country},${row.requestNum}`),
    );
    expect(lines).toHaveLength(listed.length + 1);
  });
});

describe("filters of several values", () => {
  const total = async (path: string, body: Record<string, unknown>) => {
    const answer = await report<OnlineReportSummary & OfflineReportSummary>(t.app, owner, path, {
      ...range,
      ...body,
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    return answer.data.total;
  };
  const requests = async (body: Record<string, unknown>) =>
    (await total("/v1/online/summary", body)).requestNum;

  it("answers any of several countries, ad types and apps; one value as the original clients send it", async () => {
    const us = await requests({ country: "US" });
    const br = await requests({ country: ["BR"] });
    expect(us).toBeGreaterThan(0);
    expect(br).toBeGreaterThan(0);
    expect(await requests({ country: ["US", "BR"] })).toBe(us + br);
    expect(await requests({ country: "US,BR" })).toBe(us + br);
    expect(await requests({ country: ["US", "ALL"] })).toBe(await requests({}));
    const banner = await requests({ adStyle: 1 });
    const video = await requests({ adStyle: "3" });
    expect(await requests({ adStyle: [1, 3] })).toBe(banner + video);
    expect(await requests({ appName: ["alpha", "BETA"] })).toBe(await requests({}));
    expect(await requests({ appName: ["alpha", "nothing like it"] })).toBe(
      await requests({ appName: "alpha" }),
    );
    // a name with a comma is one name, not two
    expect(await requests({ appName: "Alpha,Beta" })).toBe(0);
  });

  it("answers any of several affiliate texts", async () => {
    const clicks = async (body: Record<string, unknown>) =>
      (await total("/v1/offline/summary", body)).clickNum;
    const one = await clicks({ offerId: "OF-1" });
    const two = await clicks({ offerId: ["OF-22"] });
    expect(await clicks({ offerId: ["OF-1", "OF-22"] })).toBe(one + two);
    expect(await clicks({ pkgName: ["offer.one", "offer.two"], country: ["US", "DE"] })).toBe(
      await clicks({}),
    );
  });

  it("refuses a bad value among several with 604 naming the field and the value", async () => {
    for (const [path, body, field] of [
      ["/v1/online/ssp", { country: ["US", "XX"] }, "country.1"],
      ["/v1/online/ssp", { adStyle: [1, 9] }, "adStyle.1"],
      ["/v1/offline/ssp", { offerId: ["ok", "bad😀"] }, "offerId.1"],
      ["/v1/offline/ssp", { subChannel: Array.from({ length: 51 }, (_, i) => `s${i}`) }, "subChannel"],
    ] as const) {
      const answer = await report(t.app, owner, path, { ...range, ...body });
      expect(answer, JSON.stringify(body)).toMatchObject({ code: Code.ParamError, data: { field } });
    }
  });

  it("writes the CSV of several values", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/v1/online/ssp/download",
      headers: { token: owner.token, lang: "en" },
      payload: { ...range, dimensions: [4], metrics: ["requestNum"], country: ["US", "BR"] },
    });
    const lines = response.rawPayload
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split(/\r?\n/);
    expect(
      lines
        .slice(1)
        .map((line) => line.split(",")[0])
        .sort(),
    ).toEqual(["BR", "US"]);
  });
});
