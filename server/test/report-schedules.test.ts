/**
 * Scheduled reports by email: CRUD and validation (recipients of the company only, named
 * by field), who sees what (own schedules, managers every one, another company none), publishing a day mails
 * exactly one CSV per schedule and recipient (the console's export of the same query), weekly schedules only
 * on their weekday, a failed mail retried with backoff then given up, and the unsubscribe link. Mail goes
 * through a real SMTP server on the loopback; the worker's run (runDeliveries) is called as the worker does.
 */
import {
  addReportDays,
  Code,
  DELIVERY_MAX_ATTEMPTS,
  MESSAGES,
  REPORT_SCHEDULE_ENDPOINTS,
  REPORT_SCHEDULE_PATHS,
  type ReportScheduleCreateBody,
  type ReportScheduleListAnswer,
  type ReportScheduleRow,
  Role,
  reportDateToIso,
  todayInTimeZone,
  weekdayOf,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../src/lib/mailer.ts";
import { type DeliveryDeps, runDeliveries } from "../src/modules/report-schedules/delivery.ts";
import { makeUser } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { auditRowsOf } from "./support/audit.ts";
import { callAs, otherPublisher, type Publisher } from "./support/publisher.ts";
import { calculateDays, eventGrid, ingestEvents } from "./support/report-seed.ts";
import {
  appWithPlacements,
  daysAgo,
  hourOf,
  manage,
  operatorAdmin,
  reportUser,
  sdkAppOf,
} from "./support/reports.ts";
import { type ReceivedMail, stoppableCatcher } from "./support/smtp.ts";

let t: TestApp;
let admin: Publisher;
let staff: Publisher;
let sdkOnly: Publisher;
let other: Publisher;
let operator: Publisher;
const emails = new Map<number, string>();
const catcher = stoppableCatcher();
const { inbox } = catcher;
let deps: DeliveryDeps;
const db = () => t.runtime.database.db;

const mailsTo = (address: string) => inbox.filter((mail) => mail.to.includes(address.toLowerCase()));
const emailOf = (who: Publisher) => emails.get(who.userId) ?? "";

async function userEmail(who: Publisher) {
  const row = await db()
    .selectFrom("app_user")
    .select("email")
    .where("id", "=", who.userId)
    .executeTakeFirstOrThrow();
  emails.set(who.userId, row.email);
}

beforeAll(async () => {
  await catcher.start();
  t = await startTestApp({
    LOG_LEVEL: "error",
    SMTP_URL: catcher.url(),
    PUBLIC_URL: "http://console.test",
  });
  deps = {
    database: t.runtime.database,
    mailer: createMailer({
      smtpUrl: catcher.url(),
      from: t.runtime.config.MAIL_FROM,
      log: t.app.log,
    }),
    timeZone: "UTC",
    maxRows: t.runtime.config.EXPORT_MAX_ROWS,
    publicUrl: "http://console.test",
    log: t.app.log,
  };
  admin = await otherPublisher(db(), "Schedule Co");
  staff = await reportUser(db(), admin);
  sdkOnly = await reportUser(db(), admin, { sdkOnly: true });
  other = await otherPublisher(db(), "Schedule Other Co");
  operator = await operatorAdmin(db());
  for (const who of [admin, staff, sdkOnly, other]) await userEmail(who);
  const made = await appWithPlacements(t.app, admin, "Mail Game", [1, 2]);
  const sdk = await sdkAppOf(db(), made.appId);
  const days = [1, 2, 3, 4, 5, 6, 7];
  const events = eventGrid(made.placements, ["US", "JP"], days, ({ placementIndex, day }) => ({
    hour: hourOf(day, 9),
    request: 100 * day + placementIndex,
    fill: 80,
    show: 60,
    click: 5,
    revenue: 0.5,
  }));
  await ingestEvents(t.app, sdk, events);
  await calculateDays(t.app, operator, admin.companyId, days, { kinds: ["online"], published: [] });
  // Days 3 to 7 are published before any schedule exists: never mailed by a schedule.
  for (const day of [3, 4, 5, 6, 7]) await publish(day);
}, 180_000);
afterAll(async () => {
  deps?.mailer.close();
  await t?.close();
  await catcher.stop();
});

async function publish(day: number) {
  expect((await manage(t.app, operator, "online", "publish", daysAgo(day), admin.companyId)).code).toBe(
    Code.Ok,
  );
}

const body = (overrides: Partial<ReportScheduleCreateBody> = {}): ReportScheduleCreateBody =>
  ({
    name: "Daily SDK",
    kind: "online",
    query: { country: "US", dimensions: [1, 3, 4], metrics: ["requestNum", "showNum", "settleAmount"] },
    frequency: "daily",
    weekday: null,
    recipients: [emailOf(staff)],
    lang: "en",
    ...overrides,
  }) as ReportScheduleCreateBody;

const create = (who: Publisher, payload: object, lang: "zh" | "en" = "en") =>
  callAs<ReportScheduleRow>(
    t.app,
    who,
    { method: "POST", url: REPORT_SCHEDULE_ENDPOINTS.create.path, payload },
    lang,
  );
const update = (who: Publisher, payload: object) =>
  callAs<ReportScheduleRow>(t.app, who, {
    method: "PUT",
    url: REPORT_SCHEDULE_ENDPOINTS.update.path,
    payload,
  });
const remove = (who: Publisher, id: number) =>
  callAs<null>(t.app, who, {
    method: "DELETE",
    url: REPORT_SCHEDULE_ENDPOINTS.remove.path,
    query: { id: String(id) },
  });
const list = (who: Publisher) =>
  callAs<ReportScheduleListAnswer>(t.app, who, { method: "GET", url: REPORT_SCHEDULE_ENDPOINTS.list.path });
const sendNow = (who: Publisher, id: number) =>
  callAs<ReportScheduleRow>(t.app, who, {
    method: "POST",
    url: REPORT_SCHEDULE_ENDPOINTS.sendNow.path,
    payload: { id },
  });
const rowOf = async (who: Publisher, id: number) => (await list(who)).data.list.find((row) => row.id === id);

async function created(who: Publisher, payload: object): Promise<ReportScheduleRow> {
  const answer = await create(who, payload);
  expect(answer.code, answer.msg).toBe(Code.Ok);
  return answer.data;
}

describe("schedules: create, list, update, delete", () => {
  it("saves the query, recipients and frequency, and answers them with the next period", async () => {
    const row = await created(staff, body({ recipients: [emailOf(staff), emailOf(admin).toUpperCase()] }));
    expect(row).toMatchObject({
      name: "Daily SDK",
      kind: "online",
      frequency: "daily",
      weekday: null,
      lang: "en",
      enabled: true,
      owner: { id: staff.userId },
      last_status: null,
      last_sent_time: null,
      // one country as the original clients send it, answered as the list filters now take
      query: { country: ["US"], dimensions: [1, 3, 4], metrics: ["requestNum", "showNum", "settleAmount"] },
    });
    expect(row.recipients.sort()).toEqual([emailOf(admin), emailOf(staff)].sort());
    const yesterday = reportDateToIso(daysAgo(1));
    expect(row.next_period).toEqual({ start: yesterday, end: yesterday });

    const edited = await update(staff, {
      ...body({ name: "Weekly SDK", frequency: "weekly", weekday: 1 }),
      id: row.id,
    });
    expect(edited.code, edited.msg).toBe(Code.Ok);
    expect(edited.data).toMatchObject({ name: "Weekly SDK", frequency: "weekly", weekday: 1 });
    expect(weekdayOf(addReportDays(edited.data.next_period?.end.replaceAll("-", "") ?? "", 1))).toBe(1);
    expect(edited.data.recipients).toEqual([emailOf(staff)]);

    const audit = await auditRowsOf(db(), "report_schedule", row.id, admin.companyId);
    expect(audit.map((entry) => entry.action)).toEqual(["create", "update"]);

    // a query saved when filters took one value each answers lists too
    await db()
      .updateTable("report_schedule")
      .set({
        query: JSON.stringify({
          appName: "Puzzle",
          adStyle: 2,
          country: "DE",
          dimensions: [1],
          metrics: null,
        }),
      })
      .where("id", "=", row.id)
      .execute();
    expect((await rowOf(staff, row.id))?.query).toMatchObject({
      appName: ["Puzzle"],
      adStyle: [2],
      country: ["DE"],
    });

    expect((await remove(staff, row.id)).code).toBe(Code.Ok);
    expect(await rowOf(staff, row.id)).toBeUndefined();
  });

  it("refuses invalid input with the field, writing nothing", async () => {
    const before = (await list(admin)).data.total;
    const cases: [object, string][] = [
      [body({ name: "" }), "name"],
      [body({ name: "x".repeat(65) }), "name"],
      [body({ frequency: "weekly", weekday: null }), "weekday"],
      [body({ recipients: [] }), "recipients"],
      [body({ recipients: Array.from({ length: 11 }, (_, i) => `r${i}@x.test`) }), "recipients"],
      [body({ recipients: ["not-an-email"] }), "recipients.0"],
      [body({ query: { country: "NOPE", dimensions: [1], metrics: null } }), "query.country"],
      [body({ query: { dimensions: [9], metrics: null, country: null } }), "query.dimensions.0"],
      [{ ...body(), kind: "other" }, "kind"],
    ];
    for (const [payload, field] of cases) {
      const answer = await create(staff, payload);
      expect(answer.code, `${field}: ${answer.msg}`).toBe(Code.ParamError);
      expect((answer.data as unknown as { field: string }).field, JSON.stringify(payload)).toBe(field);
    }
    expect((await list(admin)).data.total).toBe(before);
  });

  it("refuses a recipient of another company or a frozen user, naming the recipient (zh and en)", async () => {
    const foreign = await create(staff, body({ recipients: [emailOf(staff), emailOf(other)] }));
    expect(foreign.code).toBe(Code.ParamError);
    expect(foreign.data).toEqual({ field: "recipients.1" });
    expect(foreign.msg).toBe(MESSAGES.scheduleRecipientUnknown.en.replace("{email}", emailOf(other)));
    const zh = await create(staff, body({ recipients: [emailOf(other)] }), "zh");
    expect(zh.msg).toBe(MESSAGES.scheduleRecipientUnknown.zh.replace("{email}", emailOf(other)));

    const frozen = await makeUser(
      db(),
      { companyId: admin.companyId, accountId: 0 },
      { role: Role.OperationsStaff },
    );
    await db().updateTable("app_user").set({ status: 4 }).where("id", "=", frozen.userId).execute();
    const refused = await create(staff, body({ recipients: [frozen.email] }));
    expect(refused.code).toBe(Code.ParamError);
    expect(refused.data).toEqual({ field: "recipients.0" });
  });

  it("lets an SDK-only user schedule SDK reports but not affiliate ones", async () => {
    const sdk = await create(sdkOnly, body({ recipients: [emailOf(sdkOnly)] }));
    expect(sdk.code, sdk.msg).toBe(Code.Ok);
    const affiliate = await create(
      sdkOnly,
      body({
        kind: "offline",
        query: { dimensions: [1], metrics: null, country: null },
        recipients: [emailOf(sdkOnly)],
      }),
    );
    expect(affiliate.code).toBe(Code.NoPermission);
    await remove(sdkOnly, sdk.data.id);
  });

  it("shows users their own schedules, managers every one, another company none", async () => {
    const mine = await created(staff, body({ name: "Staff's" }));
    const admins = await created(admin, body({ name: "Admin's" }));
    expect((await list(staff)).data.list.map((row) => row.id)).toContain(mine.id);
    expect((await list(staff)).data.list.map((row) => row.id)).not.toContain(admins.id);
    expect((await list(admin)).data.list.map((row) => row.id)).toEqual(
      expect.arrayContaining([mine.id, admins.id]),
    );

    // Another user's schedule, for a non-manager: not found.
    const notMine = await update(staff, { ...body(), id: admins.id });
    expect([notMine.code, notMine.data]).toEqual([Code.ParamError, { field: "id" }]);
    // A manager edits a user's schedule.
    expect((await update(admin, { ...body({ name: "Renamed" }), id: mine.id })).code).toBe(Code.Ok);

    // Another company sees none and can change none.
    expect((await list(other)).data).toEqual({ list: [], total: 0 });
    for (const answer of [
      await update(other, { ...body({ recipients: [emailOf(other)] }), id: mine.id }),
      await remove(other, mine.id),
      await sendNow(other, mine.id),
    ]) {
      expect([answer.code, answer.data]).toEqual([Code.ParamError, { field: "id" }]);
    }
    expect((await rowOf(admin, mine.id))?.name).toBe("Renamed");
    await remove(admin, mine.id);
    await remove(admin, admins.id);
  });
});

/** The console's CSV export of a query, as the publisher downloads it. */
async function consoleExport(who: Publisher, query: Record<string, unknown>, lang: "zh" | "en") {
  const response = await t.app.inject({
    method: "POST",
    url: "/v1/online/ssp/download",
    headers: { token: who.token, lang },
    payload: query,
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe("delivery", () => {
  it("mails each recipient exactly one CSV per published day, as the console exports it", async () => {
    const daily = await created(
      staff,
      body({ name: "Daily mail", recipients: [emailOf(staff), emailOf(admin)] }),
    );
    const weekdayToday = weekdayOf(todayInTimeZone("UTC"));
    const otherWeekday = (weekdayToday % 7) + 1;
    const weekly = await created(
      admin,
      body({
        name: "Weekly mail",
        frequency: "weekly",
        weekday: weekdayToday,
        recipients: [emailOf(admin)],
        lang: "zh",
      }),
    );
    const notToday = await created(
      admin,
      body({
        name: "Other weekday",
        frequency: "weekly",
        weekday: otherWeekday,
        recipients: [emailOf(admin)],
      }),
    );
    const paused = await created(
      admin,
      body({ name: "Paused", enabled: false, recipients: [emailOf(admin)] }),
    );
    const subjects = (address: string) => mailsTo(address).map((mail) => mail.subject);

    // Nothing published since the schedules were made: nothing to send.
    await runDeliveries(deps);
    expect(inbox).toHaveLength(0);

    // Day 2 published: the daily schedule mails it, once, even with two workers at once and a later run.
    await publish(2);
    await Promise.all([runDeliveries(deps), runDeliveries(deps)]);
    await runDeliveries(deps);
    const day2 = reportDateToIso(daysAgo(2));
    expect(subjects(emailOf(staff))).toEqual([`Daily mail: SDK Reports ${day2}`]);
    expect(subjects(emailOf(admin))).toEqual([`Daily mail: SDK Reports ${day2}`]);

    const mail = mailsTo(emailOf(staff))[0] as ReceivedMail;
    expect(mail.attachments).toHaveLength(1);
    const csv = mail.attachments[0];
    expect(csv?.filename).toMatch(new RegExp(`^${admin.companyId}_\\d+\\.csv$`));
    const expected = await consoleExport(
      staff,
      { ...daily.query, startDate: daysAgo(2), endDate: daysAgo(2) },
      "en",
    );
    expect(csv?.content).toBe(expected);
    expect(expected.split("\n").filter(Boolean).length).toBe(3); // header + 2 placements in US
    expect(mail.text).toContain("http://console.test/v1/report_schedule/unsubscribe?c=");
    expect(mail.header("List-Unsubscribe")).toMatch(
      /^<http:\/\/console\.test\/v1\/report_schedule\/unsubscribe\?/,
    );

    const row = await rowOf(staff, daily.id);
    expect(row).toMatchObject({ last_status: "sent", last_error: null, next_attempt_time: null });
    expect(row?.last_sent_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row?.next_period).toEqual({
      start: reportDateToIso(daysAgo(1)),
      end: reportDateToIso(daysAgo(1)),
    });

    // Day 1 published: the daily mails it; the weekly of today's weekday mails the 7 days ending it (in zh);
    // the weekly of another weekday and the paused schedule mail nothing.
    await publish(1);
    await runDeliveries(deps);
    const day1 = reportDateToIso(daysAgo(1));
    expect(subjects(emailOf(staff))).toEqual([
      `Daily mail: SDK Reports ${day2}`,
      `Daily mail: SDK Reports ${day1}`,
    ]);
    const weeklyMails = mailsTo(emailOf(admin)).filter((m) => m.subject.startsWith("Weekly mail"));
    expect(weeklyMails.map((m) => m.subject)).toEqual([
      `Weekly mail：SDK 报表 ${reportDateToIso(daysAgo(7))} ~ ${day1}`,
    ]);
    expect(weeklyMails[0]?.attachments[0]?.content).toBe(
      await consoleExport(admin, { ...weekly.query, startDate: daysAgo(7), endDate: daysAgo(1) }, "zh"),
    );
    expect(mailsTo(emailOf(admin)).filter((m) => /Other weekday|Paused/.test(m.subject))).toEqual([]);
    expect((await rowOf(admin, notToday.id))?.last_status).toBeNull();
    expect((await rowOf(admin, paused.id))?.next_period).toBeNull();

    const deliveries = await db()
      .selectFrom("report_schedule_delivery")
      .select(["schedule_id", "status"])
      .where("company_id", "=", admin.companyId)
      .execute();
    expect(deliveries.filter((d) => d.schedule_id === daily.id)).toHaveLength(2);
    expect(deliveries.filter((d) => d.schedule_id === weekly.id)).toHaveLength(1);
    for (const id of [daily.id, weekly.id, notToday.id, paused.id]) await remove(admin, id);
  });

  it("retries a mail the SMTP server refused after 1, 5 and 30 minutes, then fails", async () => {
    const start = Date.now();
    const retried = await created(staff, body({ name: "Retried", recipients: [emailOf(staff)] }));
    const given = await created(staff, body({ name: "Given up", recipients: [emailOf(staff)] }));
    const count = () => mailsTo(emailOf(staff)).filter((m) => /Retried|Given up/.test(m.subject)).length;
    await catcher.stop();
    try {
      for (const id of [retried.id, given.id]) {
        const answer = await sendNow(staff, id);
        expect(answer.code, answer.msg).toBe(Code.Ok);
        expect(answer.data.last_status).toBe("pending");
        expect(answer.data.last_error).toMatch(/ECONNREFUSED|connect/i);
        expect(answer.data.next_attempt_time).not.toBeNull();
      }
      // Not due before its minute.
      await runDeliveries(deps, new Date(start + 30_000));
      // The third and fourth tries fail too (after 1 and 5 more minutes) for "Given up"...
      await runDeliveries(deps, new Date(start + 2 * 60_000));
      await runDeliveries(deps, new Date(start + 8 * 60_000));
      expect((await rowOf(staff, given.id))?.last_status).toBe("pending");
    } finally {
      await catcher.start();
    }
    // ... the SMTP server is back: "Retried" goes out; both were tried 3 times, so both are sent now.
    await runDeliveries(deps, new Date(start + 40 * 60_000));
    expect(count()).toBe(2);
    expect(await rowOf(staff, retried.id)).toMatchObject({ last_status: "sent", last_error: null });

    // A delivery failing its every try is given up and stays visible with its reason.
    await catcher.stop();
    try {
      const answer = await sendNow(staff, given.id);
      expect(answer.data.last_status).toBe("pending");
      for (const minutes of [2, 8, 40, 100, 200])
        await runDeliveries(deps, new Date(start + minutes * 60_000));
    } finally {
      await catcher.start();
    }
    const failed = await rowOf(staff, given.id);
    expect(failed).toMatchObject({ last_status: "failed", next_attempt_time: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const attempts = await db()
      .selectFrom("report_schedule_delivery")
      .select("attempts")
      .where("company_id", "=", admin.companyId)
      .where("schedule_id", "=", given.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(DELIVERY_MAX_ATTEMPTS);
    await runDeliveries(deps, new Date(start + 24 * 60 * 60_000));
    expect(count()).toBe(2);
    await remove(staff, retried.id);
    await remove(staff, given.id);
  });

  it("refuses send now while nothing is published", async () => {
    const fresh = await otherPublisher(db(), "Nothing Published Co");
    await userEmail(fresh);
    const row = await created(fresh, body({ recipients: [emailOf(fresh)] }));
    const answer = await sendNow(fresh, row.id);
    expect([answer.code, answer.data]).toEqual([Code.ParamError, { field: "id" }]);
    expect(answer.msg).toBe(MESSAGES.scheduleNothingPublished.en);
  });
});

describe("a day taken back to be recalculated", () => {
  it("is not mailed while unpublished, then once with its data when published again, never twice", async () => {
    const day = 3;
    const isoDay = reportDateToIso(daysAgo(day));
    const schedule = await created(staff, body({ name: "Republished", recipients: [emailOf(staff)] }));
    const mails = () => mailsTo(emailOf(staff)).filter((mail) => mail.subject.startsWith("Republished"));
    const calculateAffiliate = async () => {
      const answer = await manage(t.app, operator, "offline", "calculate", daysAgo(day), admin.companyId);
      expect(answer.code, answer.msg).toBe(Code.Ok);
      return answer.data.batches.map((batch) => [batch.kind, batch.status, batch.unpublished]);
    };

    // The SDK day was published before the schedule existed: not mailed. A first affiliate calculation
    // leaves it alone; recalculating the affiliate report takes the SDK day back too, and says so.
    expect(await calculateAffiliate()).toEqual([["offline", "calculated", false]]);
    expect(await calculateAffiliate()).toEqual([
      ["offline", "calculated", false],
      ["online", "calculated", true],
    ]);
    await runDeliveries(deps);
    expect(mails()).toHaveLength(0);

    // Published again while the mail server is down: its mail waits for a retry, and meanwhile the
    // affiliate report is recalculated again, taking the SDK day back once more.
    const start = Date.now();
    await catcher.stop();
    try {
      await publish(day);
      await runDeliveries(deps);
      expect(await calculateAffiliate()).toEqual([
        ["offline", "calculated", false],
        ["online", "calculated", true],
      ]);
    } finally {
      await catcher.start();
    }
    // The retry finds the day unpublished: nothing is mailed (no empty report).
    await runDeliveries(deps, new Date(start + 2 * 60_000));
    expect(mails()).toHaveLength(0);

    // Published again: mailed once, with the day's rows, as the console exports them.
    await publish(day);
    await runDeliveries(deps, new Date(start + 3 * 60_000));
    expect(mails().map((mail) => mail.subject)).toEqual([`Republished: SDK Reports ${isoDay}`]);
    const csv = mails()[0]?.attachments[0]?.content ?? "";
    expect(csv).toBe(
      await consoleExport(staff, { ...schedule.query, startDate: daysAgo(day), endDate: daysAgo(day) }, "en"),
    );
    expect(csv.split("\n").filter(Boolean)).toHaveLength(3);
    expect(await rowOf(staff, schedule.id)).toMatchObject({ last_status: "sent", last_error: null });

    // Recalculated and published again: the period was mailed already, so nothing more is sent.
    await calculateAffiliate();
    await publish(day);
    await runDeliveries(deps, new Date(start + 5 * 60_000));
    await runDeliveries(deps, new Date(start + 60 * 60_000));
    expect(mails()).toHaveLength(1);
    await remove(staff, schedule.id);
  });
});

describe("unsubscribe", () => {
  it("asks to confirm, then removes the address, in the mail's language, without signing in", async () => {
    const row = await created(
      admin,
      body({ name: "Leave me", recipients: [emailOf(admin), emailOf(staff)], lang: "zh" }),
    );
    const sent = await sendNow(admin, row.id);
    expect(sent.data.last_status).toBe("sent");
    const mail = mailsTo(emailOf(staff)).find((m) => m.subject.startsWith("Leave me"));
    const link = /(http:\/\/console\.test\S+)/.exec(mail?.text ?? "")?.[1] ?? "";
    expect(link).toContain("/v1/report_schedule/unsubscribe?c=");
    const path = link.replace("http://console.test", "");

    const page = await t.app.inject({ method: "GET", url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain(
      MESSAGES.unsubscribeConfirm.zh.replace("{email}", emailOf(staff)).replace("{name}", "Leave me"),
    );
    expect(page.body).toContain('method="post"');
    expect((await rowOf(admin, row.id))?.recipients).toContain(emailOf(staff));

    const done = await t.app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(
      MESSAGES.unsubscribeDone.zh.replace("{email}", emailOf(staff)).replace("{name}", "Leave me"),
    );
    expect((await rowOf(admin, row.id))?.recipients).toEqual([emailOf(admin)]);

    // The link is spent; a forged one shows the same page.
    for (const url of [
      path,
      `${REPORT_SCHEDULE_PATHS.unsubscribe}?c=${admin.companyId}&t=${"x".repeat(32)}`,
      REPORT_SCHEDULE_PATHS.unsubscribe,
    ]) {
      const again = await t.app.inject({ method: "POST", url, headers: { lang: "en" } });
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain("This unsubscribe link is not valid");
    }
    // The next mail reaches only the address left.
    const before = mailsTo(emailOf(staff)).length;
    await sendNow(admin, row.id);
    expect(mailsTo(emailOf(staff))).toHaveLength(before);
    expect(mailsTo(emailOf(admin)).filter((m) => m.subject.startsWith("Leave me"))).toHaveLength(2);
  });

  it("refuses a company number past any id naming it, and shows a link in another number form not valid", async () => {
    const token = "x".repeat(32);
    for (const method of ["GET", "POST"] as const) {
      for (const c of ["99999999999999999999", "2147483648"]) {
        const answer = await t.app.inject({
          method,
          url: `${REPORT_SCHEDULE_PATHS.unsubscribe}?c=${c}&t=${token}`,
          headers: { lang: "en" },
        });
        expect(answer.statusCode, `${method} ${c}`).toBeLessThan(500);
        expect(answer.json(), `${method} ${c}`).toEqual({
          code: Code.ParamError,
          msg: MESSAGES.idOutOfRange.en,
          data: { field: "c" },
        });
      }
      const scientific = await t.app.inject({
        method,
        url: `${REPORT_SCHEDULE_PATHS.unsubscribe}?c=1e20&t=${token}`,
        headers: { lang: "en" },
      });
      expect(scientific.statusCode).toBe(200);
      expect(scientific.body).toContain("This unsubscribe link is not valid");
    }
  });
});

describe("recipients", () => {
  it("lists the company's active users only", async () => {
    const answer = await callAs<{ list: { email: string }[] }>(t.app, staff, {
      method: "GET",
      url: REPORT_SCHEDULE_ENDPOINTS.recipients.path,
    });
    const listed = answer.data.list.map((user) => user.email);
    expect(listed).toEqual(expect.arrayContaining([emailOf(admin), emailOf(staff)]));
    expect(listed).not.toContain(emailOf(other));
  });
});
