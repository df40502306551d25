/**
 * Saved views of the report screens: create, list, rename, save the screen into, delete; the selection checked
 * by the report query's schemas (multi-value filters normalised as the report reads them, dates as a preset or
 * fixed days inside the window); names unique per user and report; the limit per user and report; a user never
 * sees or touches another user's or company's views; the permission is the report's; views go with their user.
 */
import {
  Code,
  MESSAGES,
  OFFLINE_VIEW_ENDPOINTS,
  ONLINE_VIEW_ENDPOINTS,
  REPORT_VIEW_NAME_MAX,
  REPORT_VIEWS_MAX,
  type ReportViewListAnswer,
  type ReportViewRow,
  Role,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCompany, makeCompany, makeUser, tokenOf } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, type Publisher } from "./support/publisher.ts";
import { daysAgo } from "./support/reports.ts";

const STARTUP_TIMEOUT_MS = 180_000;
let t: TestApp;
let admin: Publisher;
let colleague: Publisher;
let sdkOnly: Publisher;
let noRole: Publisher;
let foreign: Publisher;
let accountId: number;
const db = () => t.runtime.database.db;

const PATHS = {
  online: { list: ONLINE_VIEW_ENDPOINTS.list.path, one: ONLINE_VIEW_ENDPOINTS.create.path },
  offline: { list: OFFLINE_VIEW_ENDPOINTS.list.path, one: OFFLINE_VIEW_ENDPOINTS.create.path },
} as const;
type Kind = keyof typeof PATHS;

async function publisherOf(user: { companyId: number; userId: number }): Promise<Publisher> {
  return { companyId: user.companyId, userId: user.userId, token: await tokenOf(db(), user) };
}

beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: "error" });
  const demo = await demoCompany(db());
  accountId = demo.accountId;
  admin = await publisherOf({ companyId: demo.companyId, userId: demo.adminId });
  colleague = await publisherOf(await makeUser(db(), demo));
  sdkOnly = await publisherOf(await makeUser(db(), demo, { reportScope: "sdk_only" }));
  noRole = await publisherOf(await makeUser(db(), demo, { role: null }));
  foreign = await publisherOf(await makeCompany(db(), "Views Other Co"));
}, STARTUP_TIMEOUT_MS);
afterAll(() => t?.close());

const list = (who: Publisher, kind: Kind = "online") =>
  callAs<ReportViewListAnswer>(t.app, who, { method: "GET", url: PATHS[kind].list });
const create = (who: Publisher, body: object, kind: Kind = "online", lang: "zh" | "en" = "en") =>
  callAs<ReportViewRow>(t.app, who, { method: "POST", url: PATHS[kind].one, payload: body }, lang);
const update = (who: Publisher, body: object, kind: Kind = "online") =>
  callAs<ReportViewRow>(t.app, who, { method: "PUT", url: PATHS[kind].one, payload: body });
const remove = (who: Publisher, id: number, kind: Kind = "online") =>
  callAs<null>(t.app, who, { method: "DELETE", url: `${PATHS[kind].one}?id=${id}` });

const onlineSelection = (change: object = {}) => ({
  appName: null,
  adId: null,
  adStyle: null,
  country: null,
  dimensions: [1, 3],
  metrics: ["requestNum", "settleAmount"],
  orderBy: null,
  order: null,
  compare: null,
  range: { type: "preset", preset: "last7" },
  ...change,
});
const offlineSelection = (change: object = {}) => ({
  subChannel: null,
  offerId: null,
  pkgName: null,
  country: null,
  dimensions: [1, 5],
  metrics: null,
  orderBy: null,
  order: null,
  compare: null,
  range: { type: "preset", preset: "last30" },
  ...change,
});

let serial = 0;
const uniqueName = (prefix = "View") => `${prefix} ${++serial}`;

async function made(who: Publisher, kind: Kind = "online", name = uniqueName()): Promise<ReportViewRow> {
  const answer = await create(
    who,
    { name, selection: kind === "online" ? onlineSelection() : offlineSelection() },
    kind,
  );
  expect(answer.code, answer.msg).toBe(Code.Ok);
  return answer.data;
}

const rowsOf = (userId: number) =>
  db().selectFrom("report_view").select(["id", "name"]).where("user_id", "=", userId).execute();

describe("saving, listing, changing and deleting views", () => {
  it("saves the screen's question with several values per filter, answered as the report reads them", async () => {
    const answer = await create(admin, {
      name: "  Top apps, Asia  ",
      selection: onlineSelection({
        appName: ["Puzzle", " Racing ", "Puzzle"],
        adId: "17",
        adStyle: "1,3",
        country: "jp,kr",
        dimensions: [3, 1, 2],
        orderBy: "settleAmount",
        order: "desc",
        compare: "previous_week",
      }),
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data).toMatchObject({
      kind: "online",
      name: "Top apps, Asia",
      selection: {
        appName: ["Puzzle", "Racing"],
        adId: 17,
        adStyle: [1, 3],
        country: ["JP", "KR"],
        dimensions: [1, 2, 3],
        metrics: ["requestNum", "settleAmount"],
        orderBy: "settleAmount",
        order: "desc",
        compare: "previous_week",
        range: { type: "preset", preset: "last7" },
      },
    });
    expect(answer.data.create_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const listed = await list(admin);
    expect(listed.code).toBe(Code.Ok);
    expect(listed.data.list.find((view) => view.id === answer.data.id)).toEqual(answer.data);
  });

  it("keeps fixed days as those days, and a preset as the preset", async () => {
    const fixed = { type: "fixed", startDate: daysAgo(20), endDate: daysAgo(14) };
    const answer = await create(admin, {
      name: uniqueName("Fixed"),
      selection: onlineSelection({ range: fixed }),
    });
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data.selection.range).toEqual(fixed);
  });

  it("lists one's views of the report by name, ignoring case", async () => {
    const who = await publisherOf(await makeUser(db(), await demoCompany(db())));
    for (const name of ["beta", "Alpha", "gamma"]) await made(who, "online", name);
    await made(who, "offline", "Delta");
    expect((await list(who)).data.list.map((view) => view.name)).toEqual(["Alpha", "beta", "gamma"]);
    expect((await list(who, "offline")).data.list.map((view) => view.name)).toEqual(["Delta"]);
  });

  it("renames a view, saves a new question into it, or both, and deletes it", async () => {
    const view = await made(admin);
    const renamed = await update(admin, { id: view.id, name: "Renamed view" });
    expect(renamed.code, renamed.msg).toBe(Code.Ok);
    expect(renamed.data).toMatchObject({ id: view.id, name: "Renamed view", selection: view.selection });

    const question = onlineSelection({ country: ["BR"], dimensions: [4], orderBy: "country", order: "asc" });
    const saved = await update(admin, { id: view.id, selection: question });
    expect(saved.code, saved.msg).toBe(Code.Ok);
    expect(saved.data).toMatchObject({
      name: "Renamed view",
      selection: { country: ["BR"], dimensions: [4], orderBy: "country", order: "asc" },
    });

    const both = await update(admin, { id: view.id, name: "Both", selection: onlineSelection() });
    expect(both.data).toMatchObject({ name: "Both", selection: { country: null, dimensions: [1, 3] } });

    expect((await remove(admin, view.id)).code).toBe(Code.Ok);
    expect((await list(admin)).data.list.some((row) => row.id === view.id)).toBe(false);
    expect(await remove(admin, view.id)).toMatchObject({
      code: Code.ParamError,
      data: { field: "id" },
      msg: MESSAGES.reportViewNotFound.en,
    });
  });

  it("saves affiliate views on the affiliate report's paths", async () => {
    const answer = await create(
      admin,
      {
        name: uniqueName("Affiliate"),
        selection: offlineSelection({ subChannel: ["ch-1", "ch-2"], country: ["US"], orderBy: "profit" }),
      },
      "offline",
    );
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect(answer.data).toMatchObject({
      kind: "offline",
      selection: { subChannel: ["ch-1", "ch-2"], country: ["US"], metrics: null, orderBy: "profit" },
    });
    // an online view's id is not one of the affiliate report's views
    const online = await made(admin);
    expect((await remove(admin, online.id, "offline")).code).toBe(Code.ParamError);
    expect((await list(admin)).data.list.some((row) => row.id === online.id)).toBe(true);
  });
});

describe("validation", () => {
  const refused = async (
    body: object,
    field: string,
    message: keyof typeof MESSAGES,
    kind: Kind = "online",
  ) => {
    const before = await rowsOf(admin.userId);
    const answer = await create(admin, body, kind);
    expect(answer, JSON.stringify(body)).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES[message].en,
      data: { field },
    });
    expect(await rowsOf(admin.userId)).toEqual(before);
  };

  it("names the field of a name that is missing, blank, too long or not text", async () => {
    await refused({ selection: onlineSelection() }, "name", "reportViewNameRequired");
    await refused({ name: "   ", selection: onlineSelection() }, "name", "reportViewNameRequired");
    await refused(
      { name: "x".repeat(REPORT_VIEW_NAME_MAX + 1), selection: onlineSelection() },
      "name",
      "reportViewNameTooLong",
    );
    await refused({ name: "tab\there", selection: onlineSelection() }, "name", "illegalCharacters");
    expect(
      (await create(admin, { name: "y".repeat(REPORT_VIEW_NAME_MAX), selection: onlineSelection() })).code,
    ).toBe(Code.Ok);
  });

  it("checks the selection with the report query's rules", async () => {
    await refused(
      { name: uniqueName(), selection: onlineSelection({ dimensions: [9] }) },
      "selection.dimensions.0",
      "reportDimensionInvalid",
    );
    await refused(
      { name: uniqueName(), selection: onlineSelection({ dimensions: [] }) },
      "selection.dimensions",
      "reportColumnsDimensionRequired",
    );
    await refused(
      { name: uniqueName(), selection: onlineSelection({ metrics: ["profit"] }) },
      "selection.metrics.0",
      "reportMetricInvalid",
    );
    await refused(
      { name: uniqueName(), selection: onlineSelection({ country: ["ZZ"] }) },
      "selection.country",
      "reportCountryUnknown",
    );
    await refused(
      { name: uniqueName(), selection: onlineSelection({ adStyle: [1, 7] }) },
      "selection.adStyle.1",
      "adStyleRequired",
    );
    await refused(
      { name: uniqueName(), selection: onlineSelection({ range: undefined }) },
      "selection.range",
      "reportViewRangeRequired",
    );
    await refused(
      { name: uniqueName(), selection: onlineSelection({ range: { type: "preset", preset: "last365" } }) },
      "selection.range.preset",
      "reportViewPresetInvalid",
    );
    // a field of the other report is not the SDK report's: it is not saved
    const answer = await create(admin, {
      name: uniqueName(),
      selection: onlineSelection({ subChannel: ["x"] }),
    });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.selection).not.toHaveProperty("subChannel");
    // a sort key of the other report
    const sort = await create(
      admin,
      { name: uniqueName(), selection: offlineSelection({ orderBy: "appName" }) },
      "offline",
    );
    expect(sort).toMatchObject({ code: Code.ParamError, data: { field: "selection.orderBy" } });
  });

  it("takes fixed days only in order and inside the report's window", async () => {
    const fixed = (startDate: string, endDate: string) => ({
      name: uniqueName(),
      selection: onlineSelection({ range: { type: "fixed", startDate, endDate } }),
    });
    await refused(fixed(daysAgo(3), daysAgo(5)), "selection.range.startDate", "reportDateOrder");
    await refused(fixed(daysAgo(91), daysAgo(5)), "selection.range.startDate", "reportDateTooEarly");
    await refused(fixed(daysAgo(5), daysAgo(0)), "selection.range.endDate", "reportDateTooLate");
    await refused(fixed("20240231", daysAgo(5)), "selection.range.startDate", "reportDateInvalid");
  });

  it("refuses a name the user already gives a view of the report, ignoring case", async () => {
    const view = await made(admin, "online", "Weekly Revenue");
    await refused(
      { name: "weekly revenue", selection: onlineSelection() },
      "name",
      "reportViewNameDuplicate",
    );
    const other = await made(admin);
    expect(await update(admin, { id: other.id, name: " WEEKLY REVENUE " })).toMatchObject({
      code: Code.ParamError,
      data: { field: "name" },
      msg: MESSAGES.reportViewNameDuplicate.en,
    });
    // its own name again, the other report, another user: all free
    expect((await update(admin, { id: view.id, name: "weekly REVENUE" })).code).toBe(Code.Ok);
    expect((await made(admin, "offline", "Weekly Revenue")).name).toBe("Weekly Revenue");
    expect((await made(colleague, "online", "Weekly Revenue")).name).toBe("Weekly Revenue");
    const zh = await create(admin, { name: "Weekly Revenue", selection: onlineSelection() }, "online", "zh");
    expect(zh.msg).toBe(MESSAGES.reportViewNameDuplicate.zh);
  });

  it("asks an update for a name, a selection or both, and checks what it gets", async () => {
    const view = await made(admin);
    expect(await update(admin, { id: view.id })).toMatchObject({
      code: Code.ParamError,
      data: { field: "name" },
      msg: MESSAGES.reportViewChangeRequired.en,
    });
    expect(
      await update(admin, { id: view.id, selection: onlineSelection({ dimensions: [] }) }),
    ).toMatchObject({
      code: Code.ParamError,
      data: { field: "selection.dimensions" },
    });
    expect(await update(admin, { id: view.id, name: "" })).toMatchObject({
      code: Code.ParamError,
      data: { field: "name" },
    });
    const [row] = (await list(admin)).data.list.filter((one) => one.id === view.id);
    expect(row).toEqual(view);
  });
});

describe("the limit per user and report", () => {
  it(`keeps at most ${REPORT_VIEWS_MAX} views of a report per user`, async () => {
    const who = await publisherOf(await makeUser(db(), await demoCompany(db())));
    const views: ReportViewRow[] = [];
    for (let i = 0; i < REPORT_VIEWS_MAX; i++) views.push(await made(who, "online", `Limit ${i}`));
    const over = await create(who, { name: "One too many", selection: onlineSelection() });
    expect(over).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.reportViewsTooMany.en.replace("{max}", String(REPORT_VIEWS_MAX)),
    });
    expect((await list(who)).data.list).toHaveLength(REPORT_VIEWS_MAX);
    // the other report and other users have their own limit
    expect((await made(who, "offline")).kind).toBe("offline");
    expect((await made(colleague)).kind).toBe("online");
    // a deleted view makes room again
    const first = views[0];
    if (!first) throw new Error("no view");
    expect((await remove(who, first.id)).code).toBe(Code.Ok);
    expect((await create(who, { name: "One too many", selection: onlineSelection() })).code).toBe(Code.Ok);
  }, 60_000);
});

describe("whose views", () => {
  it("never shows or changes another user's views, of the company or another one", async () => {
    const mine = await made(admin, "online", uniqueName("Mine"));
    for (const other of [colleague, foreign]) {
      expect((await list(other)).data.list.some((view) => view.id === mine.id)).toBe(false);
      for (const answer of [
        await update(other, { id: mine.id, name: "Taken over" }),
        await update(other, { id: mine.id, selection: onlineSelection({ country: ["US"] }) }),
        await remove(other, mine.id),
      ]) {
        expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "id" } });
      }
    }
    const [row] = (await list(admin)).data.list.filter((view) => view.id === mine.id);
    expect(row).toEqual(mine);
  });

  it("lets in those who may read the report: no role none, an SDK-only user only the SDK report's", async () => {
    expect((await list(sdkOnly)).code).toBe(Code.Ok);
    expect((await made(sdkOnly)).kind).toBe("online");
    expect((await list(sdkOnly, "offline")).code).toBe(Code.NoPermission);
    const offline = await create(sdkOnly, { name: uniqueName(), selection: offlineSelection() }, "offline");
    expect(offline.code).toBe(Code.NoPermission);
    for (const kind of ["online", "offline"] as const) {
      expect((await list(noRole, kind)).code).toBe(Code.NoPermission);
    }
    expect((await list({ ...admin, token: "" })).code).toBe(Code.TokenInvalid);
    expect(await rowsOf(noRole.userId)).toEqual([]);
  });

  it("deletes a user's views with the user", async () => {
    const leaving = await makeUser(db(), await demoCompany(db()), { role: Role.OperationsStaff });
    const who = await publisherOf(leaving);
    await made(who, "online");
    await made(who, "offline");
    expect(await rowsOf(who.userId)).toHaveLength(2);
    const deleted = await callAs<{ deleted: number[] }>(t.app, admin, {
      method: "DELETE",
      url: `/v1/user_center_proxy/v1/passport/inner/user?plat_type=3&ids=${who.userId}&account_id=${accountId}`,
    });
    expect(deleted).toMatchObject({ code: Code.Ok, data: { deleted: [who.userId] } });
    expect(await rowsOf(who.userId)).toEqual([]);
  });
});
