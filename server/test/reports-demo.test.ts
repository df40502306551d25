/**
 * The demo seed's reports: 90 days of SDK and affiliate data for the demo publisher, every
 * day published but yesterday (calculated, waiting), and the published numbers equal the raw data's sums.
 */
import {
  Code,
  type OfflineReportSummary,
  type OnlineReportPage,
  type OnlineReportSummary,
} from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { demoPublisher, type Publisher } from "./support/publisher.ts";
import { daysAgo, isoDaysAgo, report } from "./support/reports.ts";

let t: TestApp;
let demo: Publisher;
const range = { startDate: daysAgo(90), endDate: daysAgo(1) };

beforeAll(async () => {
  t = await startTestApp({ DEMO_SEED_REPORTS: "true" });
  demo = await demoPublisher(t.runtime.database.db);
}, 120_000);
afterAll(() => t.close());

it("publishes 89 days of both reports and leaves yesterday calculated, waiting to be published", async () => {
  for (const path of ["/v1/online/summary", "/v1/offline/summary"]) {
    const answer = await report<OnlineReportSummary | OfflineReportSummary>(t.app, demo, path, range);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.days).toHaveLength(90);
    expect(answer.data.days.filter((day) => day.status === "published")).toHaveLength(89);
    expect(answer.data.days.at(-1)).toMatchObject({
      dt: isoDaysAgo(1),
      status: "calculated",
      visible: false,
      hasData: true,
    });
    expect(answer.data.total.settleAmount).toBeGreaterThan(0);
  }
});

it("shows the raw data's sums for the published days, with a weekday rhythm and every demo placement", async () => {
  const { rows } = await sql<{ request: number; revenue: number }>`
    select sum(request)::bigint as request, round(sum(revenue), 4) as revenue from sdk_event_hourly
    where company_id = ${demo.companyId} and hour >= ${isoDaysAgo(90)}::date and hour < ${isoDaysAgo(1)}::date`.execute(
    t.runtime.database.db,
  );
  const summary = await report<OnlineReportSummary>(t.app, demo, "/v1/online/summary", range);
  expect(summary.data.total.requestNum).toBe(Number(rows[0]?.request));
  expect(summary.data.total.settleAmount).toBeCloseTo(Number(rows[0]?.revenue), 4);
  const byAd = await report<OnlineReportPage>(t.app, demo, "/v1/online/ssp", { ...range, dimensions: [3] });
  expect(byAd.data.total).toBe(40);
  const byDay = await report<OnlineReportPage>(t.app, demo, "/v1/online/ssp", {
    ...range,
    dimensions: [1],
    pageSize: 100,
  });
  const requests = byDay.data.list.map((row) => row.requestNum);
  expect(Math.max(...requests) / Math.min(...requests)).toBeGreaterThan(1.1);
});
