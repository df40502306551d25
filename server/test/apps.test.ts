/** Applications API: every call, bad input and another company's ids on every endpoint. */
import { type AppListAnswer, type AppRow, Code, type ExistAnswer, Flag, MESSAGES } from "@pc/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import { auditRowsOf } from "./support/audit.ts";
import { callAs, demoPublisher, otherPublisher, type Publisher } from "./support/publisher.ts";

let t: TestApp;
let demo: Publisher;
let other: Publisher;
let otherApp: AppRow;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoPublisher(db());
  other = await otherPublisher(db(), "Other Apps Co");
  otherApp = (
    await callAs<AppRow>(t.app, other, {
      method: "POST",
      url: "/v1/app",
      payload: { name: "Other Secret App", pkg: "com.other.secret", url: "https://other.test/app" },
    })
  ).data;
});
afterAll(() => t.close());

const db = () => t.runtime.database.db;
const as = <T = unknown>(who: Publisher, options: InjectOptions, lang: "zh" | "en" = "en") =>
  callAs<T>(t.app, who, options, lang);
const list = (query: Record<string, string>, who = demo, lang: "zh" | "en" = "en") =>
  as<AppListAnswer>(who, { method: "GET", url: "/v1/app/list", query }, lang);

let serial = 0;
const newApp = (change: Record<string, unknown> = {}) => {
  serial += 1;
  return { name: `Test App ${serial}`, pkg: `com.test.app${serial}`, url: "https://example.test", ...change };
};
const create = (body: Record<string, unknown>, who = demo, lang: "zh" | "en" = "en") =>
  as<AppRow>(who, { method: "POST", url: "/v1/app", payload: body }, lang);
const update = (body: Record<string, unknown>, who = demo, lang: "zh" | "en" = "en") =>
  as<AppRow>(who, { method: "PUT", url: "/v1/app", payload: body }, lang);
const remove = (id: number | string, who = demo, lang: "zh" | "en" = "en") =>
  as<null>(who, { method: "DELETE", url: "/v1/app", query: { id: String(id) } }, lang);

const appRow = (id: number) => db().selectFrom("app").selectAll().where("id", "=", id).executeTakeFirst();
const auditRows = (entityId: number) => auditRowsOf(db(), "app", entityId);

function expectRefused(
  answer: { code: number; msg: string; data: unknown },
  key: keyof typeof MESSAGES,
  field: string,
) {
  expect(answer).toMatchObject({ code: Code.ParamError, msg: MESSAGES[key].en, data: { field } });
}

describe("GET /v1/app/list", () => {
  it("answers the company's apps, newest first, with the placement count of each", async () => {
    const answer = await list({});
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.total).toBeGreaterThanOrEqual(10);
    expect(answer.data.list).toHaveLength(10);
    const ids = answer.data.list.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const puzzle = (await list({ name: "Puzzle Quest" })).data.list[0];
    expect(puzzle).toMatchObject({
      name: "Puzzle Quest",
      pkg: "com.demo.puzzlequest",
      platform: 1,
      adpos_count: 4,
    });
    expect(puzzle?.app_key).toMatch(new RegExp(`^${demo.companyId}-[0-9a-f]{32}$`));
    expect(puzzle?.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(puzzle).not.toHaveProperty("sdk_secret");
  });

  it("filters by name and package (contains, any case, trimmed) and pages", async () => {
    expect((await list({ name: "  puzzle " })).data.list.map((row) => row.name)).toEqual(["Puzzle Quest"]);
    expect((await list({ pkg: "DEMO.WEATHER" })).data.list.map((row) => row.pkg)).toEqual([
      "com.demo.weathernow",
    ]);
    expect((await list({ name: "", pkg: "" })).data.total).toBe((await list({})).data.total);
    const page2 = await list({ page_no: "2", page_size: "3" });
    const page1 = await list({ page_no: "1", page_size: "3" });
    expect(page2.data.list).toHaveLength(3);
    expect(page2.data.list[0]?.id).toBeLessThan(page1.data.list[2]?.id ?? 0);
    expect((await list({ page_no: "999999", page_size: "40" })).data.list).toEqual([]);
    // LIKE wildcards match themselves
    expect((await list({ name: "%" })).data.total).toBe(0);
    expect((await list({ name: "_" })).data.total).toBe(0);
  });

  it("refuses emoji in a filter with 请输入合法字符 / its English, and bad paging", async () => {
    expectRefused(await list({ name: "game😀" }), "illegalCharacters", "name");
    const zh = await list({ pkg: "🇺🇸" }, demo, "zh");
    expect(zh).toMatchObject({ code: Code.ParamError, msg: "请输入合法字符", data: { field: "pkg" } });
    expect((await list({ page_no: "0" })).code).toBe(Code.ParamError);
    expect((await list({ page_size: "abc" })).code).toBe(Code.ParamError);
    expect((await list({ page_size: "100001" })).code).toBe(Code.ParamError);
  });

  it("shows nothing of another company", async () => {
    expect((await list({ name: "Other Secret" })).data.total).toBe(0);
    const theirs = await list({}, other);
    expect(theirs.data.list.map((row) => row.id)).toEqual([otherApp.id]);
    expect(theirs.data.total).toBe(1);
  });

  it("needs a session", async () => {
    const answer = await callAs(t.app, null, { method: "GET", url: "/v1/app/list" });
    expect(answer.code).toBe(Code.TokenInvalid);
  });
});

describe("POST /v1/app", () => {
  it("creates an app with a generated key and secret, platform 1 and is_online 2 by default, audited", async () => {
    const body = newApp({ name: "  Fresh App  " });
    const answer = await create(body);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data).toMatchObject({
      name: "Fresh App",
      pkg: body.pkg,
      url: body.url,
      platform: 1,
      is_online: Flag.Off,
      adpos_count: 0,
      modify_user_id: demo.userId,
    });
    expect(answer.data.app_key).toMatch(new RegExp(`^${demo.companyId}-[0-9a-f]{32}$`));
    const row = await appRow(answer.data.id);
    expect(row).toMatchObject({ company_id: demo.companyId, modify_user_id: demo.userId });
    expect(row?.sdk_secret.length).toBeGreaterThanOrEqual(40);
    expect(JSON.stringify(answer.data)).not.toContain(row?.sdk_secret);
    const audit = await auditRows(answer.data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ company_id: demo.companyId, user_id: demo.userId, action: "create" });
    expect(JSON.stringify(audit[0]?.after)).not.toContain(row?.sdk_secret);
  });

  it("takes is_online 1 and http URLs", async () => {
    const answer = await create(newApp({ is_online: 1, url: "http://plain.test/x?y=1", platform: 1 }));
    expect(answer.data).toMatchObject({ is_online: 1, url: "http://plain.test/x?y=1" });
  });

  it("refuses bad URLs with the catalogue's messages", async () => {
    expectRefused(await create(newApp({ url: "ftp://x.test" })), "urlInvalid", "url");
    expectRefused(await create(newApp({ url: "www.example.com" })), "urlInvalid", "url");
    expectRefused(await create(newApp({ url: "https://" })), "urlInvalid", "url");
    expectRefused(await create(newApp({ url: "" })), "urlRequired", "url");
    expectRefused(await create(newApp({ url: undefined })), "urlRequired", "url");
    const zh = await create(newApp({ url: "ftp://x" }), demo, "zh");
    expect(zh.msg).toBe("请输入以https或http开头的URL");
    const zhEmpty = await create(newApp({ url: "  " }), demo, "zh");
    expect(zhEmpty.msg).toBe("请输入URL");
  });

  it("refuses missing, long and malformed names and packages", async () => {
    expectRefused(await create(newApp({ name: undefined })), "appNameRequired", "name");
    expectRefused(await create(newApp({ name: "   " })), "appNameRequired", "name");
    expectRefused(await create(newApp({ name: "x".repeat(31) })), "appNameTooLong", "name");
    expect((await create(newApp({ name: "名".repeat(30) }))).code).toBe(Code.Ok);
    expectRefused(await create(newApp({ name: "Game 🎮" })), "illegalCharacters", "name");
    expectRefused(await create(newApp({ pkg: undefined })), "appPkgRequired", "pkg");
    for (const pkg of [
      "com",
      "1com.x",
      "com..x",
      "com.x-y",
      ".com.x",
      "com.x.",
      "com.1x",
      "com x.y",
      "中文.app",
    ]) {
      expectRefused(await create(newApp({ pkg })), "appPkgInvalid", "pkg");
    }
    expectRefused(await create(newApp({ pkg: `com.${"a".repeat(97)}` })), "appPkgTooLong", "pkg");
    expect((await create(newApp({ pkg: `com.${"b".repeat(96)}` }))).code).toBe(Code.Ok);
    expect((await create(newApp({ pkg: "Com.Example_App.v2" }))).code).toBe(Code.Ok);
  });

  it("refuses wrong types and values with 604 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 12 }, "name"],
      [{ pkg: ["com.a.b"] }, "pkg"],
      [{ is_online: "1" }, "is_online"],
      [{ is_online: 3 }, "is_online"],
      [{ platform: 2 }, "platform"],
      [{ url: 5 }, "url"],
    ];
    for (const [change, field] of cases) {
      const answer = await create(newApp(change));
      expect(answer.code, JSON.stringify(change)).toBe(Code.ParamError);
      expect(answer.data).toEqual({ field });
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/v1/app",
      headers: { token: demo.token, "content-type": "application/json" },
      payload: "{nope",
    });
    expect(notJson.json()).toMatchObject({ code: Code.ParamError });
  });

  it("refuses a duplicate name or package within the company, ignoring case, in both languages", async () => {
    const first = (await create(newApp())).data;
    expectRefused(await create(newApp({ name: first.name.toUpperCase() })), "appNameDuplicate", "name");
    expectRefused(await create(newApp({ pkg: first.pkg.toUpperCase() })), "appPkgDuplicate", "pkg");
    expect((await create(newApp({ name: first.name }), demo, "zh")).msg).toBe("应用名称重复");
    expect((await create(newApp({ pkg: first.pkg }), demo, "zh")).msg).toBe("应用包名重复");
    // Another company may use the same name and package.
    expect((await create({ name: first.name, pkg: first.pkg, url: "https://x.test" }, other)).code).toBe(
      Code.Ok,
    );
  });

  it("answers the same message when a concurrent create hits the unique key", async () => {
    const body = newApp();
    const answers = await Promise.all([1, 2, 3, 4].map(() => create(body)));
    expect(answers.filter((answer) => answer.code === Code.Ok)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.code !== Code.Ok)) {
      expect(answer).toMatchObject({
        code: Code.ParamError,
        data: { field: expect.stringMatching(/^(name|pkg)$/) },
      });
      expect([MESSAGES.appNameDuplicate.en, MESSAGES.appPkgDuplicate.en]).toContain(answer.msg);
    }
    const rows = await db().selectFrom("app").select("id").where("pkg", "=", body.pkg).execute();
    expect(rows).toHaveLength(1);
  });

  it.runIf(process.env.DATABASE_URL)(
    "maps a unique-key violation after the check to the same message",
    async () => {
      const body = newApp();
      let answer: Promise<{ code: number; msg: string; data: unknown }> | undefined;
      await db()
        .transaction()
        .execute(async (tx) => {
          // A concurrent writer holds the name: the check cannot see it, the insert waits for it, then fails.
          await tx
            .insertInto("app")
            .values({
              company_id: demo.companyId,
              name: body.name,
              pkg: `${body.pkg}.first`,
              url: body.url,
              app_key: "race",
              sdk_secret: "race",
            })
            .execute();
          answer = create(body);
          await new Promise((resolve) => setTimeout(resolve, 300));
        });
      expectRefused(await (answer ?? Promise.reject(new Error("no call"))), "appNameDuplicate", "name");
    },
  );

  it("refuses a body naming another company with 402", async () => {
    const answer = await create(newApp({ company_id: other.companyId }));
    expect(answer.code).toBe(Code.NoPermission);
    expect((await create(newApp({ company_id: demo.companyId }))).code).toBe(Code.Ok);
  });
});

describe("PUT /v1/app", () => {
  it("edits an app; app_key never changes; modify time, user and audit recorded", async () => {
    const created = (await create(newApp())).data;
    const before = await appRow(created.id);
    const answer = await update({
      id: created.id,
      name: `${created.name} v2`,
      pkg: `${created.pkg}.v2`,
      url: "http://changed.test",
      is_online: 1,
    });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data).toMatchObject({
      id: created.id,
      name: `${created.name} v2`,
      pkg: `${created.pkg}.v2`,
      url: "http://changed.test",
      is_online: 1,
      app_key: created.app_key,
    });
    const after = await appRow(created.id);
    expect(after?.sdk_secret).toBe(before?.sdk_secret);
    expect(after?.modify_time.getTime()).toBeGreaterThanOrEqual(before?.modify_time.getTime() ?? 0);
    const audit = await auditRows(created.id);
    expect(audit.map((row) => row.action)).toEqual(["create", "update"]);
    expect(audit[1]?.before).toMatchObject({ name: created.name });
    expect(audit[1]?.after).toMatchObject({ name: `${created.name} v2` });
  });

  it("keeps its own name and package, refuses another app's", async () => {
    const a = (await create(newApp())).data;
    const b = (await create(newApp())).data;
    expect((await update({ id: a.id, name: a.name.toUpperCase(), pkg: a.pkg, url: a.url })).code).toBe(
      Code.Ok,
    );
    expectRefused(
      await update({ id: a.id, name: b.name, pkg: a.pkg, url: a.url }),
      "appNameDuplicate",
      "name",
    );
    expectRefused(await update({ id: a.id, name: a.name, pkg: b.pkg, url: a.url }), "appPkgDuplicate", "pkg");
  });

  it("refuses bad input", async () => {
    const a = (await create(newApp())).data;
    expect((await update({ name: a.name, pkg: a.pkg, url: a.url })).data).toEqual({ field: "id" });
    expect((await update({ id: "x", name: a.name, pkg: a.pkg, url: a.url })).data).toEqual({ field: "id" });
    expect((await update({ id: 1.5, name: a.name, pkg: a.pkg, url: a.url })).data).toEqual({ field: "id" });
    expect((await update({ id: 2 ** 40, name: a.name, pkg: a.pkg, url: a.url })).code).toBe(Code.ParamError);
    expectRefused(await update({ id: a.id, name: a.name, pkg: a.pkg, url: "mailto:x" }), "urlInvalid", "url");
    expectRefused(await update({ id: 99999999, name: a.name, pkg: a.pkg, url: a.url }), "appNotFound", "id");
  });

  it("cannot see or change another company's app", async () => {
    const before = await appRow(otherApp.id);
    const answer = await update({
      id: otherApp.id,
      name: "Hijacked",
      pkg: "com.hijacked.app",
      url: "https://h.test",
    });
    expectRefused(answer, "appNotFound", "id");
    expect(await appRow(otherApp.id)).toEqual(before);
    // Nor learn its name exists by a duplicate message.
    const mine = (await create(newApp())).data;
    expect((await update({ id: mine.id, name: otherApp.name, pkg: otherApp.pkg, url: mine.url })).code).toBe(
      Code.Ok,
    );
  });
});

describe("DELETE /v1/app", () => {
  it("deletes an app without placements, audited", async () => {
    const created = (await create(newApp())).data;
    const answer = await remove(created.id);
    expect(answer).toMatchObject({ code: Code.Ok, data: null });
    expect(await appRow(created.id)).toBeUndefined();
    expect((await auditRows(created.id)).map((row) => row.action)).toEqual(["create", "delete"]);
  });

  it("refuses while placements exist, with the catalogue's message", async () => {
    const puzzle = (await list({ name: "Puzzle Quest" })).data.list[0];
    if (!puzzle) throw new Error("the demo seed has Puzzle Quest");
    expectRefused(await remove(puzzle.id), "appHasPlacements", "id");
    expect((await remove(puzzle.id, demo, "zh")).msg).toBe("该应用下存在广告位，不能删除");
    expect((await remove(puzzle.id)).msg).toBe("Ad placement exists under this app and cannot be deleted");
    expect(await appRow(puzzle.id)).toBeDefined();
  });

  it("refuses bad ids and another company's app", async () => {
    expect((await remove("abc")).data).toEqual({ field: "id" });
    expect((await remove("")).data).toEqual({ field: "id" });
    expect((await remove("-1")).code).toBe(Code.ParamError);
    expect((await remove("99999999999")).code).toBe(Code.ParamError);
    expectRefused(await remove(99999999), "appNotFound", "id");
    expectRefused(await remove(otherApp.id), "appNotFound", "id");
    expect(await appRow(otherApp.id)).toBeDefined();
  });
});

describe("GET /v1/app/nameexist and /v1/app/pkgexist", () => {
  const exists = (path: "nameexist" | "pkgexist", query: Record<string, string>, who = demo) =>
    as<ExistAnswer>(who, { method: "GET", url: `/v1/app/${path}`, query });

  it("answers whether another app of the company has the name or package, ignoring case", async () => {
    const a = (await create(newApp())).data;
    expect((await exists("nameexist", { name: a.name })).data).toEqual({ result: true });
    expect((await exists("nameexist", { name: ` ${a.name.toLowerCase()} ` })).data).toEqual({ result: true });
    expect((await exists("nameexist", { name: "Never Used Name" })).data).toEqual({ result: false });
    expect((await exists("pkgexist", { pkg: a.pkg })).data).toEqual({ result: true });
    expect((await exists("pkgexist", { pkg: "com.never.used" })).data).toEqual({ result: false });
  });

  it("excludes the app's own id (edit) and treats an empty id as absent", async () => {
    const a = (await create(newApp())).data;
    expect((await exists("nameexist", { name: a.name, id: String(a.id) })).data).toEqual({ result: false });
    expect((await exists("pkgexist", { pkg: a.pkg, id: String(a.id) })).data).toEqual({ result: false });
    expect((await exists("nameexist", { name: a.name, id: "" })).data).toEqual({ result: true });
  });

  it("sees nothing of another company", async () => {
    const theirs = (await create(newApp({ name: "Theirs Only", pkg: "com.theirs.only" }), other)).data;
    expect((await exists("nameexist", { name: theirs.name })).data).toEqual({ result: false });
    expect((await exists("pkgexist", { pkg: theirs.pkg })).data).toEqual({ result: false });
    expect((await exists("nameexist", { name: theirs.name }, other)).data).toEqual({ result: true });
    expect((await exists("pkgexist", { pkg: theirs.pkg }, other)).data).toEqual({ result: true });
    // The company's own id excluded, another company's id changes nothing.
    expect((await exists("nameexist", { name: theirs.name, id: String(theirs.id) }, other)).data).toEqual({
      result: false,
    });
    const mine = (await create(newApp())).data;
    expect((await exists("nameexist", { name: mine.name, id: String(theirs.id) })).data).toEqual({
      result: true,
    });
  });

  it("refuses bad input", async () => {
    expectRefused(await exists("nameexist", {}), "appNameRequired", "name");
    expectRefused(await exists("nameexist", { name: "a😀" }), "illegalCharacters", "name");
    expectRefused(await exists("pkgexist", { pkg: "not a package" }), "appPkgInvalid", "pkg");
    expect((await exists("nameexist", { name: "x", id: "abc" })).data).toEqual({ field: "id" });
  });
});
