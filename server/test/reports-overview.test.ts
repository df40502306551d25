/**
 * The home page's overview (`GET /v1/online/overview`): the latest published SDK day up to
 * yesterday, its days before and its top apps, each number equal to what the SDK report answers for that
 * day; unpublished days never shown; only the session's own company; without the SDK report's permission 402.
 */
import {
  Code,
  type OnlineOverview,
  type OnlineReportPage,
  type OnlineReportSummary,
  OVERVIEW_DAYS,
  OVERVIEW_TOP_APPS,
  REPORT_ENDPOINTS,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueToken } from "../src/modules/identity/sessions.ts";
import { makeUser } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, otherPublisher, type Publisher } from "./support/publisher.ts";
import { calculateDays, eventGrid, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  hourOf,
  isoDaysAgo,
  manage,
  operatorAdmin,
  report,
  reportUser,
  sdkAppOf,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let other: Publisher;
let operator: Publisher;
const ownerApps: string[] = [];
const otherApps: string[] = [];
const db = () => t.runtime.database.db;

/** Days with events (days ago); 1 is calculated but not published, 5 and 6 have no report. */
const EVENT_DAYS = [1, 2, 3, 4, 5, 6, 8, 9];
const PUBLISHED = [2, 3, 4, 8, 9];
const CALCULATED = [1];

/** Apps with one placement each, `count` of them, events on every day of EVENT_DAYS. */
async function publisherWithData(who: Publisher, prefix: string, count: number, names: string[]) {
  for (let index = 0; index < count; index++) {
    const name = `${prefix} App ${index + 1}`;
    const { appId, placements } = await appWithPlacements(t.app, who, name, [2]);
    names.push(name);
    const sdk = await sdkAppOf(db(), appId);
    const events = eventGrid(placements, ["US", "BR"], EVENT_DAYS, ({ countryIndex, day }) => {
      const request = 1000 * (index + 1) + day * 31 + countryIndex * 7;
      const fill = Math.floor(request * (0.5 + index * 0.05));
      return {
        hour: hourOf(day, 6 + countryIndex),
        request,
        fill,
        show: Math.floor(fill * 0.8),
        click: 3 + day,
        // day 1 (unpublished) earns far more, so it would top any list it leaked into
        revenue: Math.round(((index + 1) * 1.234567 + day * 0.1 + (day === 1 ? 500 : 0)) * 1e6) / 1e6,
      };
    });
    await ingestEvents(t.app, sdk, events);
  }
  await calculateDays(t.app, operator, who.companyId, [...PUBLISHED, ...CALCULATED], {
    kinds: ["online"],
    published: PUBLISHED,
  });
}

const overview = async (who: Publisher, lang: "zh" | "en" = "en") =>
  callAs<OnlineOverview>(t.app, who, { method: "GET", url: REPORT_ENDPOINTS.onlineOverview.path }, lang);

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  operator = await operatorAdmin(db());
  owner = await otherPublisher(db(), "Overview Co");
  other = await otherPublisher(db(), "Overview Rival");
  await publisherWithData(owner, "Own", OVERVIEW_TOP_APPS + 1, ownerApps);
  await publisherWithData(other, "Rival", 2, otherApps);
}, 180_000);
afterAll(() => t?.close());

describe(`GET ${REPORT_ENDPOINTS.onlineOverview.path}`, () => {
  it("answers the latest published day, its 7 days and top apps as the SDK report does", async () => {
    const answer = await overview(owner);
    expect(answer.code, answer.msg).toBe(Code.Ok);
    const data = answer.data;
    expect(data.yesterday).toBe(isoDaysAgo(1));
    // yesterday is calculated but not published: the latest published day is the day before
    expect(data.day).toBe(isoDaysAgo(2));
    expect(data.days.map((day) => day.dt)).toEqual(
      Array.from({ length: OVERVIEW_DAYS }, (_, i) => isoDaysAgo(OVERVIEW_DAYS + 1 - i)),
    );
    for (const day of data.days) {
      const ago = Array.from({ length: 10 }, (_, i) => i).find((n) => isoDaysAgo(n) === day.dt) ?? -1;
      if (!PUBLISHED.includes(ago)) {
        expect(day.figures, `${day.dt} is not published`).toBeNull();
        continue;
      }
      const ymd = daysAgo(ago);
      const summary = await report<OnlineReportSummary>(t.app, owner, "/v1/online/summary", {
        startDate: ymd,
        endDate: ymd,
      });
      const { settleAmount, settleEcpm, recallRate, showNum } = summary.data.total;
      expect(day.figures).toEqual({ settleAmount, settleEcpm, recallRate, showNum });
      expect(settleAmount).toBeGreaterThan(0);
    }

    const ymd = daysAgo(2);
    const page = await report<OnlineReportPage>(t.app, owner, "/v1/online/ssp", {
      startDate: ymd,
      endDate: ymd,
      dimensions: [2],
      orderBy: "settleAmount",
      order: "desc",
      pageSize: 10,
    });
    expect(page.data.total).toBe(OVERVIEW_TOP_APPS + 1);
    expect(data.topApps).toEqual(
      page.data.list
        .slice(0, OVERVIEW_TOP_APPS)
        .map(({ appId, appName, settleAmount, showNum, settleEcpm }) => ({
          appId,
          appName,
          settleAmount,
          showNum,
          settleEcpm,
        })),
    );
    // most revenue first: the last app made has the most; the first made is the one left out
    expect(data.topApps.map((app) => app.appName)).toEqual(ownerApps.slice(1).reverse());
  });

  it("never shows an unpublished day, and moves on to yesterday once it is published", async () => {
    const before = (await overview(owner)).data;
    const { yesterday: _yesterday, ...shown } = before;
    expect(JSON.stringify(shown)).not.toContain(isoDaysAgo(1));
    // day 1 earns 500 more per app: none of its revenue appears anywhere
    for (const app of before.topApps) expect(app.settleAmount).toBeLessThan(500);

    await manage(t.app, operator, "online", "publish", daysAgo(1), owner.companyId);
    try {
      const after = (await overview(owner)).data;
      expect(after.day).toBe(isoDaysAgo(1));
      expect(after.days.at(-1)?.figures?.settleAmount).toBeGreaterThan(500 * (OVERVIEW_TOP_APPS + 1));
      expect(after.days.at(-2)).toEqual(before.days.at(-1));
    } finally {
      // back to calculated (unpublished) for the other tests
      await manage(t.app, operator, "online", "calculate", daysAgo(1), owner.companyId);
    }
    expect((await overview(owner)).data.day).toBe(isoDaysAgo(2));
  });

  it("shows only the session's own company", async () => {
    const mine = JSON.stringify((await overview(owner)).data);
    const theirs = (await overview(other)).data;
    expect(theirs.day).toBe(isoDaysAgo(2));
    expect(theirs.topApps.map((app) => app.appName)).toEqual([...otherApps].reverse());
    for (const name of otherApps) expect(mine).not.toContain(name);
    for (const name of ownerApps) expect(JSON.stringify(theirs)).not.toContain(name);
    // the operator admin sees its own company (which publishes nothing), not the publishers'
    const operators = await overview(operator);
    expect(operators.code).toBe(Code.Ok);
    expect(operators.data).toEqual({ yesterday: isoDaysAgo(1), day: null, days: [], topApps: [] });
  });

  it("answers no day when nothing is published", async () => {
    const fresh = await otherPublisher(db(), "Overview Newcomer");
    const answer = await overview(fresh, "zh");
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data).toEqual({ yesterday: isoDaysAgo(1), day: null, days: [], topApps: [] });
  });

  it("answers an SDK-only user like the report does, and 402 to a user who may not read SDK reports", async () => {
    const sdkOnly = await reportUser(db(), owner, { sdkOnly: true });
    expect((await overview(sdkOnly)).data).toEqual((await overview(owner)).data);
    const roleless = await makeUser(db(), { companyId: owner.companyId, accountId: 0 }, { role: null });
    const who = { ...roleless, token: await issueToken(db(), roleless.companyId, roleless.userId) };
    expect(
      (await report(t.app, who, "/v1/online/summary", { startDate: daysAgo(2), endDate: daysAgo(2) })).code,
    ).toBe(Code.NoPermission);
    const refused = await overview(who);
    expect(refused.code).toBe(Code.NoPermission);
    expect(JSON.stringify(refused.data ?? null)).not.toContain(ownerApps[0] ?? "-");
    expect(
      (await callAs(t.app, null, { method: "GET", url: REPORT_ENDPOINTS.onlineOverview.path })).code,
    ).toBe(Code.TokenInvalid);
  });
});
