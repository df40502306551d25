/**
 * Report lifecycle (docs/rules/reports.md#pipeline; docs/rules/roles.md#operators): calculate, publish,
 * recalculate (both kinds, unpublished) and delete, for operator admins only; what publishers see at each
 * step; a failed calculation leaves the old report; concurrent calculations of one day leave one correct
 * report; the scheduler queues and calculates yesterday once, whichever process runs it; AUTO_PUBLISH.
 */
import { Code, MESSAGES, type OnlineReportPage, Role } from "@pc/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { prepareRuntime } from "../src/bootstrap.ts";
import { manageReport } from "../src/modules/reports/management/service.ts";
import { scheduledRun } from "../src/modules/reports/pipeline/service.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { otherPublisher, type Publisher } from "./support/publisher.ts";
import { ingestEvents, steadyEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  isoDaysAgo,
  manage,
  operatorAdmin,
  report,
  reportUser,
  sdkAppOf,
  sendAffiliate,
} from "./support/reports.ts";

let t: TestApp;
let owner: Publisher;
let operator: Publisher;

const db = () => t.runtime.database.db;
const DAY = 2;

const visibleRows = async (who: Publisher, day = DAY) =>
  (
    await report<OnlineReportPage>(t.app, who, "/v1/online/ssp", {
      startDate: daysAgo(day),
      endDate: daysAgo(day),
      dimensions: [1, 3, 4],
      pageSize: 1000,
    })
  ).data;

const statuses = async (companyId: number, day = DAY) =>
  (
    await sql<{ kind: string; status: string }>`
      select kind, status from report_batch where company_id = ${companyId} and dt = ${isoDaysAgo(day)}::date
      order by kind`.execute(db())
  ).rows;

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  owner = await otherPublisher(db(), "Lifecycle Co");
  operator = await operatorAdmin(db());
  const made = await appWithPlacements(t.app, owner, "Life App", [1, 2, 3]);
  const sdk = await sdkAppOf(db(), made.appId);
  await ingestEvents(t.app, sdk, steadyEvents(made.placements, [1, 2, 3, 4]));
  await sendAffiliate(
    t.app,
    owner.companyId,
    [1, 2, 3, 4].map((day) => ({
      dt: daysAgo(day),
      sub_channel: "s",
      offer_id: "o",
      pkg_name: "p",
      country: "US",
      click: 10,
      conversion: 1,
      refuse: 0,
      settle_amount: 2,
      payout: 1,
    })),
  );
});
afterAll(() => t.close());

describe("report management calls", () => {
  it("are for operator admins only (402 for publishers, their admins and the operator's staff)", async () => {
    const staff = await reportUser(db(), { companyId: operator.companyId }, { role: Role.OperationsStaff });
    for (const who of [owner, staff]) {
      for (const kind of ["online", "offline"] as const) {
        for (const action of ["calculate", "publish", "delete"] as const) {
          expect((await manage(t.app, who, kind, action, daysAgo(DAY), owner.companyId)).code).toBe(
            Code.NoPermission,
          );
        }
      }
    }
    const list = await t.app.inject({
      method: "GET",
      url: `/v1/report/batch/list?start_date=${daysAgo(5)}&end_date=${daysAgo(1)}`,
      headers: { token: owner.token },
    });
    expect(list.json()).toMatchObject({ code: Code.NoPermission });
  });

  it("refuse bad dates, today and later, and unknown companies with 604", async () => {
    const cases: [string, number | undefined, string, string][] = [
      ["2024-01-01", undefined, "date", "yyyyMMdd"],
      [daysAgo(0), undefined, "date", MESSAGES.reportManageDateNotPast.en],
      [daysAgo(-1), owner.companyId, "date", MESSAGES.reportManageDateNotPast.en],
      [daysAgo(1), 9_999_999, "company_id", "9999999"],
    ];
    for (const [date, company, field, text] of cases) {
      const answer = await manage(t.app, operator, "online", "calculate", date, company);
      expect(answer).toMatchObject({ code: Code.ParamError, data: { field } });
      expect(answer.msg.toLowerCase()).toContain(text.toLowerCase());
    }
  });

  it("calculate → publish → recalculate → publish → delete, with what the publisher sees at each step", async () => {
    expect(await visibleRows(owner)).toEqual({ list: [], total: 0 });
    const calculated = await manage(t.app, operator, "online", "calculate", daysAgo(DAY), owner.companyId);
    expect(calculated.data.batches).toEqual([
      expect.objectContaining({
        company_id: owner.companyId,
        kind: "online",
        status: "calculated",
        row_count: 6,
      }),
    ]);
    expect(await statuses(owner.companyId)).toEqual([{ kind: "online", status: "calculated" }]);
    expect((await visibleRows(owner)).total).toBe(0);
    expect((await visibleRows(operator)).total).toBe(0);
    const asOperator = await report<OnlineReportPage>(t.app, operator, "/v1/online/ssp", {
      startDate: daysAgo(DAY),
      endDate: daysAgo(DAY),
      companyId: owner.companyId,
      dimensions: [1],
    });
    expect(asOperator.data.list).toEqual([expect.objectContaining({ requestNum: 6006, settleAmount: 9 })]);

    const published = await manage(t.app, operator, "online", "publish", daysAgo(DAY), owner.companyId);
    expect(published.data.batches[0]?.status).toBe("published");
    expect((await visibleRows(owner)).total).toBe(6);

    // Recalculating a published day redoes both kinds and hides the day until published again.
    const recalculated = await manage(t.app, operator, "online", "calculate", daysAgo(DAY), owner.companyId);
    expect(recalculated.data.batches[0]?.status).toBe("calculated");
    expect(await statuses(owner.companyId)).toEqual([
      { kind: "offline", status: "calculated" },
      { kind: "online", status: "calculated" },
    ]);
    expect((await visibleRows(owner)).total).toBe(0);
    await manage(t.app, operator, "online", "publish", daysAgo(DAY), owner.companyId);
    expect((await visibleRows(owner)).total).toBe(6);

    const deleted = await manage(t.app, operator, "online", "delete", daysAgo(DAY), owner.companyId);
    expect(deleted.data.batches[0]).toMatchObject({ status: "pending", row_count: null });
    expect((await visibleRows(owner)).total).toBe(0);
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from rpt_online_fine where company_id = ${owner.companyId}
      and dt = ${isoDaysAgo(DAY)}::date`.execute(db());
    expect(rows.rows[0]?.n).toBe(0);
    // A deleted day is not a published one: publishing it is refused.
    const refused = await manage(t.app, operator, "online", "publish", daysAgo(DAY), owner.companyId);
    expect(refused).toMatchObject({ code: Code.ParamError, data: { field: "date" } });
    expect(refused.msg).toBe(MESSAGES.reportNotCalculated.en.replace("{date}", isoDaysAgo(DAY)));
    // The raw data stays: it can be calculated again.
    await manage(t.app, operator, "online", "calculate", daysAgo(DAY), owner.companyId);
    await manage(t.app, operator, "online", "publish", daysAgo(DAY), owner.companyId);
    expect((await visibleRows(owner)).total).toBe(6);
  });

  it("recalculating one kind names every batch it changed: the other kind's, taken back to unpublished, too", async () => {
    const day = 4;
    await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId);
    await manage(t.app, operator, "online", "publish", daysAgo(day), owner.companyId);
    const first = await manage(t.app, operator, "offline", "calculate", daysAgo(day), owner.companyId);
    expect(first.data.batches).toEqual([
      expect.objectContaining({ kind: "offline", status: "calculated", unpublished: false }),
    ]);
    await manage(t.app, operator, "offline", "publish", daysAgo(day), owner.companyId);
    expect((await visibleRows(owner, day)).total).toBe(6);

    const again = await manage(t.app, operator, "offline", "calculate", daysAgo(day), owner.companyId);
    expect(again.data).toMatchObject({ action: "calculate", kind: "offline", date: daysAgo(day) });
    expect(again.data.batches).toEqual([
      expect.objectContaining({
        company_id: owner.companyId,
        kind: "offline",
        dt: isoDaysAgo(day),
        status: "calculated",
        publish_time: null,
        unpublished: true,
      }),
      expect.objectContaining({
        company_id: owner.companyId,
        kind: "online",
        dt: isoDaysAgo(day),
        status: "calculated",
        row_count: 6,
        publish_time: null,
        unpublished: true,
      }),
    ]);
    expect(await statuses(owner.companyId, day)).toEqual([
      { kind: "offline", status: "calculated" },
      { kind: "online", status: "calculated" },
    ]);
    expect((await visibleRows(owner, day)).total).toBe(0);

    // Publishing names only the batch it published; a delete says it took a published report back.
    const published = await manage(t.app, operator, "online", "publish", daysAgo(day), owner.companyId);
    expect(published.data.batches).toEqual([
      expect.objectContaining({ kind: "online", status: "published", unpublished: false }),
    ]);
    const deleted = await manage(t.app, operator, "online", "delete", daysAgo(day), owner.companyId);
    expect(deleted.data.batches).toEqual([
      expect.objectContaining({ kind: "online", status: "pending", unpublished: true }),
    ]);
  });

  it("without company_id, calculates and publishes the day for every publishing company", async () => {
    const second = await otherPublisher(db(), "Lifecycle Second Co");
    const answer = await manage(t.app, operator, "offline", "calculate", daysAgo(3));
    const companies = answer.data.batches.map((batch) => batch.company_id);
    expect(companies).toEqual(expect.arrayContaining([owner.companyId, second.companyId]));
    expect(companies).not.toContain(operator.companyId);
    expect(answer.data.batches.every((batch) => batch.status === "calculated")).toBe(true);
    const published = await manage(t.app, operator, "offline", "publish", daysAgo(3));
    expect(published.data.batches.every((batch) => batch.status === "published")).toBe(true);
  });

  it("lists the batches (days × kind × company) for the Report Management screen", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: `/v1/report/batch/list?start_date=${daysAgo(5)}&end_date=${daysAgo(1)}&company_id=${owner.companyId}&kind=online`,
      headers: { token: operator.token },
    });
    const body = answer.json<{
      code: number;
      data: { list: { dt: string; kind: string }[]; total: number };
    }>();
    expect(body.code).toBe(Code.Ok);
    expect(body.data.list.every((row) => row.kind === "online")).toBe(true);
    expect(body.data.list.map((row) => row.dt)).toContain(isoDaysAgo(DAY));
  });
});

describe("calculation", () => {
  it("a failure keeps the old report and records the reason; the next calculation recovers", async () => {
    const day = 4;
    await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId);
    await manage(t.app, operator, "online", "publish", daysAgo(day), owner.companyId);
    const before = await visibleRows(owner, day);
    expect(before.total).toBe(6);
    await sql`alter table rpt_online_style rename to rpt_online_style_away`.execute(db());
    try {
      const failed = await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId);
      expect(failed.data.batches[0]).toMatchObject({ status: "error" });
      expect(failed.data.batches[0]?.reason).toMatch(/rpt_online_style/);
    } finally {
      await sql`alter table rpt_online_style_away rename to rpt_online_style`.execute(db());
    }
    const fine = await sql<{ n: number }>`
      select count(*)::int as n from rpt_online_fine where company_id = ${owner.companyId}
      and dt = ${isoDaysAgo(day)}::date`.execute(db());
    expect(fine.rows[0]?.n).toBe(6);
    const again = await manage(t.app, operator, "online", "calculate", daysAgo(day), owner.companyId);
    expect(again.data.batches[0]).toMatchObject({ status: "calculated", reason: null });
  });

  it("two processes calculating the same day at once leave one correct report", async () => {
    const day = 1;
    // A second server process on the same database when there is one (PostgreSQL), else concurrent calls.
    const second =
      t.runtime.database.kind === "postgres"
        ? await buildApp(await prepareRuntime({ ...t.runtime.config, DEMO_SEED: false }))
        : t.app;
    try {
      const calls = [t.app, second, t.app, second].map((app) =>
        manage(app, operator, "online", "calculate", daysAgo(day), owner.companyId),
      );
      const answers = await Promise.all(calls);
      expect(answers.every((answer) => answer.code === Code.Ok)).toBe(true);
      await scheduledRun(db(), { timeZone: "UTC", autoPublish: false });
      const total = await report<OnlineReportPage>(t.app, operator, "/v1/online/ssp", {
        startDate: daysAgo(day),
        endDate: daysAgo(day),
        companyId: owner.companyId,
        dimensions: [1],
      });
      expect(total.data.list).toEqual([
        expect.objectContaining({ requestNum: 6006, showNum: 4800, settleAmount: 9 }),
      ]);
      const fine = await sql<{ n: number }>`
        select count(*)::int as n from rpt_online_fine where company_id = ${owner.companyId}
        and dt = ${isoDaysAgo(day)}::date`.execute(db());
      expect(fine.rows[0]?.n).toBe(6);
    } finally {
      if (second !== t.app) await second.close();
    }
  });

  it("the scheduler queues yesterday for every company once and calculates it; AUTO_PUBLISH publishes", async () => {
    const third = await otherPublisher(db(), "Scheduled Co");
    await Promise.all([
      scheduledRun(db(), { timeZone: "UTC", autoPublish: true }),
      scheduledRun(db(), { timeZone: "UTC", autoPublish: true }),
    ]);
    const rows = await statuses(third.companyId, 1);
    expect(rows).toEqual([
      { kind: "offline", status: "published" },
      { kind: "online", status: "published" },
    ]);
    // A first calculation by an operator follows AUTO_PUBLISH too; a recalculation never publishes.
    const settings = { timeZone: "UTC", autoPublish: true };
    const first = await manageReport(
      db(),
      { action: "calculate", kind: "offline", date: daysAgo(8), companyId: owner.companyId, actor: null },
      settings,
    );
    expect(first.batches[0]?.status).toBe("published");
    const again = await manageReport(
      db(),
      { action: "calculate", kind: "offline", date: daysAgo(8), companyId: owner.companyId, actor: null },
      settings,
    );
    expect(again.batches[0]?.status).toBe("calculated");
  });
});
