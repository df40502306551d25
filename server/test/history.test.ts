/**
 * Change history: who changed what and when, per app and placement for their editors and
 * company-wide for administrators; another company's changes never show.
 */
import {
  Code,
  Flag,
  HistoryEntity,
  type HistoryListAnswer,
  type HistoryRow,
  todayInTimeZone,
} from "@pc/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeAudit } from "../src/lib/audit.ts";
import { demoCompany, makeUser, tokenOf } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { callAs, demoPublisher, otherPublisher, type Publisher } from "./support/publisher.ts";

let t: TestApp;
let demo: Publisher;
let other: Publisher;
let staff: Publisher;
const db = () => t.runtime.database.db;
const as = <T = unknown>(who: Publisher, options: InjectOptions, lang: "zh" | "en" = "en") =>
  callAs<T>(t.app, who, options, lang);
const history = (query: Record<string, string>, who = demo, lang: "zh" | "en" = "en") =>
  as<HistoryListAnswer>(who, { method: "GET", url: "/v1/history/list", query }, lang);
const recordHistory = (entity: string, id: number, who = demo) =>
  as<HistoryListAnswer>(who, { method: "GET", url: "/v1/history/record", query: { entity, id: String(id) } });
const floors = (price: number) =>
  JSON.stringify({
    default_bottom_price: 0.5,
    country_open_flag: Flag.On,
    country_open_items: [{ countrys: ["US", "CA"], price }],
  });

let appId: number;
let placementId: number;

beforeAll(async () => {
  t = await startTestApp();
  demo = await demoPublisher(db());
  other = await otherPublisher(db(), "Other History Co");
  const member = await makeUser(db(), await demoCompany(db()), { name: "Sam Staff" });
  staff = { companyId: demo.companyId, userId: member.userId, token: await tokenOf(db(), member) };
  const app = await as<{ id: number }>(demo, {
    method: "POST",
    url: "/v1/app",
    payload: { name: "History Host", pkg: "com.history.host", url: "https://history.test" },
  });
  appId = app.data.id;
  const created = await as<{ id: number }>(demo, {
    method: "POST",
    url: "/v1/adpos",
    payload: {
      app_id: appId,
      name: "History Banner",
      ad_style: 1,
      content_type: "5",
      country_bottom_price: floors(1.2),
    },
  });
  placementId = created.data.id;
  const changed = await as(staff, {
    method: "PUT",
    url: "/v1/adpos",
    payload: {
      id: placementId,
      app_id: appId,
      name: "History Banner",
      ad_style: 1,
      content_type: "5",
      country_bottom_price: floors(2.5),
    },
  });
  expect(changed.code).toBe(Code.Ok);
  // another company's change to a record of the same kind
  await as(other, {
    method: "POST",
    url: "/v1/app",
    payload: { name: "Their History App", pkg: "com.their.history", url: "https://their.test" },
  });
});
afterAll(() => t.close());

/** The first country group's floor price of a placement's recorded floor prices. */
const priceOf = (value: unknown) =>
  (value as { country_open_items: { price: number }[] }).country_open_items[0]?.price;

describe("a placement's history", () => {
  it("shows who changed the floor prices and when, before and after, newest first", async () => {
    const answer = await recordHistory(HistoryEntity.Placement, placementId, staff);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.total).toBe(2);
    const [update, create] = answer.data.list as [HistoryRow, HistoryRow];
    expect(update).toMatchObject({
      action: "update",
      entity: "ad_position",
      entity_id: String(placementId),
      entity_name: "History Banner",
      user: { id: staff.userId, name: "Sam Staff" },
    });
    expect(update.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(update.changes.map((change) => change.field)).toEqual(["country_bottom_price"]);
    const [floorChange] = update.changes;
    expect(priceOf(floorChange?.before)).toBe(1.2);
    expect(priceOf(floorChange?.after)).toBe(2.5);
    expect(create).toMatchObject({ action: "create", user: { id: demo.userId } });
    expect(create.changes.find((change) => change.field === "name")).toEqual({
      field: "name",
      before: null,
      after: "History Banner",
    });
  });

  it("answers nothing for another company's record", async () => {
    const answer = await recordHistory(HistoryEntity.Placement, placementId, other);
    expect(answer).toMatchObject({ code: Code.Ok, data: { list: [], total: 0 } });
  });

  it("refuses a kind of record that has no per-record history, naming the field", async () => {
    const answer = await recordHistory(HistoryEntity.User, demo.userId);
    expect(answer.code).toBe(Code.ParamError);
    expect(answer.data).toEqual({ field: "entity" });
  });
});

describe("names instead of ids", () => {
  it("names the app a placement's app_id refers to", async () => {
    const answer = await recordHistory(HistoryEntity.Placement, placementId);
    const create = answer.data.list.at(-1);
    expect(create?.changes.find((change) => change.field === "app_id")).toEqual({
      field: "app_id",
      before: null,
      after: appId,
      after_name: "History Host",
    });
  });

  it("names only the session's company's apps: another company's id stays unnamed", async () => {
    await writeAudit(db(), {
      companyId: other.companyId,
      userId: other.userId,
      action: "update",
      entity: HistoryEntity.Placement,
      entityId: 999_999,
      before: { app_id: appId },
      after: { app_id: appId + 1_000_000 },
    });
    const answer = await history({ entity: HistoryEntity.Placement, entity_id: "999999" }, other);
    expect(answer.data.list[0]?.changes).toEqual([
      { field: "app_id", before: appId, after: appId + 1_000_000 },
    ]);
  });
});

describe("the company's history", () => {
  it("lists every change of the company for an administrator, filtered by kind, record and user", async () => {
    const all = await history({ page_no: "1", page_size: "40" });
    expect(all.code).toBe(Code.Ok);
    const names = all.data.list.map((row) => row.entity_name);
    expect(names).toEqual(expect.arrayContaining(["History Host", "History Banner"]));
    expect(names).not.toContain("Their History App");
    expect(all.data.list.map((row) => row.id)).toEqual(
      [...all.data.list.map((row) => row.id)].sort((a, b) => b - a),
    );

    const apps = await history({ entity: HistoryEntity.App, entity_id: String(appId) });
    expect(apps.data).toMatchObject({ total: 1, list: [{ action: "create", entity_name: "History Host" }] });

    const byStaff = await history({ user_id: String(staff.userId) });
    expect(byStaff.data.total).toBe(1);
    expect(byStaff.data.list[0]).toMatchObject({ action: "update", entity_id: String(placementId) });
  });

  it("filters by report days: today's changes are in today, none in yesterday", async () => {
    const today = todayInTimeZone("UTC");
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
    const inToday = await history({ user_id: String(staff.userId), start_date: today, end_date: today });
    expect(inToday.data.total).toBe(1);
    const inYesterday = await history({ start_date: yesterday, end_date: yesterday });
    expect(inYesterday.data).toEqual({ list: [], total: 0 });
  });

  it("pages: total counts every match, a page holds page_size rows", async () => {
    const page = await history({ page_no: "1", page_size: "1" });
    expect(page.data.list).toHaveLength(1);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
  });

  it("is refused to operations staff, who still read their records' history", async () => {
    expect((await history({}, staff)).code).toBe(Code.NoPermission);
    expect((await recordHistory(HistoryEntity.App, appId, staff)).code).toBe(Code.Ok);
  });

  it("refuses bad filters with a message naming the field, in the request's language", async () => {
    const kind = await history({ entity: "planet" });
    expect(kind).toMatchObject({ code: Code.ParamError, data: { field: "entity" } });
    const order = await history({ start_date: "20260110", end_date: "20260101" }, demo, "zh");
    expect(order).toMatchObject({ code: Code.ParamError, data: { field: "end_date" } });
    expect(order.msg).toContain("开始日期不能晚于结束日期");
    const day = await history({ start_date: "20260231" });
    expect(day).toMatchObject({ code: Code.ParamError, data: { field: "start_date" } });
  });
});
