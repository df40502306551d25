import { AccountStatus, Code, MESSAGES, PLAT_TYPE, Role, type UserListAnswer } from "@pc/contract";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOREIGN_EMAIL_ANSWERS } from "../src/modules/accounts/service.ts";
import {
  demoCompany,
  freshEmail,
  makeCompany,
  makeUser,
  type TestUser,
  tokenOf,
} from "./support/accounts.ts";
import { call, DEMO_EMAIL, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { auditRowsOf } from "./support/audit.ts";
import { md5 } from "./support/login-form.ts";
import { signIn } from "./support/sign-in.ts";

/** Starting the app (PGlite, migrations, seed) can be slow on a busy two-core machine. */
const STARTUP_TIMEOUT_MS = 180_000;
let t: TestApp;
let demo: { companyId: number; accountId: number; adminId: number };
let adminToken: string;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  demo = await demoCompany(db());
  adminToken = await tokenOf(db(), { companyId: demo.companyId, userId: demo.adminId });
  other = await makeCompany(db(), "Other Publisher");
}, STARTUP_TIMEOUT_MS);
afterAll(() => t?.close());

const db = () => t.runtime.database.db;
const INNER = "/v1/user_center_proxy/v1/passport/inner/user";

const api = <T = unknown>(options: InjectOptions, token = adminToken) =>
  call<T>(t.app, { ...options, headers: { token, lang: "en", ...(options.headers ?? {}) } });

const list = (query: Record<string, string | number>, token = adminToken) =>
  api<UserListAnswer>({ method: "GET", url: "/v1/user/list", query: stringify(query) }, token);

const stringify = (query: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));

const staff = (options: Parameters<typeof makeUser>[2] = {}) => makeUser(db(), demo, options);

const createBody = (change: Record<string, unknown> = {}) => ({
  user_name: "New Staff",
  email: freshEmail("new"),
  password: md5("Abcdefg1"),
  role_ids: [Role.OperationsStaff],
  account_id: demo.accountId,
  ...change,
});

const updateBody = (user: { userId: number; email: string }, change: Record<string, unknown> = {}) => ({
  user_info: { user_name: "Renamed", email: user.email },
  user_id: user.userId,
  role_ids: [Role.OperationsStaff],
  account_id: demo.accountId,
  ...change,
});

const statusBody = (userId: number, status: number, change: Record<string, unknown> = {}) => ({
  plat_type: PLAT_TYPE,
  user_id: userId,
  account_id: demo.accountId,
  user_info: { status },
  ...change,
});

const userRow = (userId: number) =>
  db().selectFrom("app_user").selectAll().where("id", "=", userId).executeTakeFirst();
const roleIds = async (userId: number) =>
  (await db().selectFrom("user_role").select("role_id").where("user_id", "=", userId).execute()).map(
    (row) => row.role_id,
  );
const auditRows = (entityId: number) => auditRowsOf(db(), "user", entityId);
const menuCode = async (token: string) =>
  (await api({ method: "GET", url: "/api/v1/user/menu" }, token)).code;

/** Everything a refused call must leave as it was. */
const snapshot = async () =>
  JSON.stringify(
    await Promise.all([
      db().selectFrom("app_user").selectAll().orderBy("id").execute(),
      db().selectFrom("user_role").selectAll().orderBy("user_id").orderBy("role_id").execute(),
      db().selectFrom("session_token").select(["token_hash", "revoked_at"]).orderBy("token_hash").execute(),
      db().selectFrom("audit_log").select("id").orderBy("id").execute(),
    ]),
  );

describe("GET /v1/user/list", () => {
  it("answers the company's users newest first with roles, times and the reviser's name", async () => {
    const created = await api<{ user_id: number }>({
      method: "POST",
      url: "/v1/user",
      payload: createBody({ user_name: "Listed Person" }),
    });
    expect(created.code).toBe(Code.Ok);
    const answer = await list({ page_no: 1, page_size: 10, plat_type: 3 });
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.total).toBeGreaterThanOrEqual(2);
    const [first] = answer.data.list;
    expect(first).toEqual({
      user_id: created.data.user_id,
      user_name: "Listed Person",
      email: expect.stringMatching(/@accounts\.test$/),
      status: AccountStatus.Normal,
      role_ids: [Role.OperationsStaff],
      report_scope: "all",
      create_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      modify_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      modify_user_id: demo.adminId,
      modify_user_name: "Demo Admin",
    });
    const admin = answer.data.list.find((row) => row.user_id === demo.adminId);
    expect(admin).toMatchObject({
      role_ids: [Role.SuperAdmin],
      modify_user_id: null,
      modify_user_name: null,
    });
    const ids = answer.data.list.map((row) => row.user_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("pages, and never shows another company's users", async () => {
    await staff();
    await staff();
    const all = await list({ page_no: 1, page_size: 100, plat_type: 3 });
    const page2 = await list({ page_no: 2, page_size: 1, plat_type: 3 });
    expect(page2.data.total).toBe(all.data.total);
    expect(page2.data.list).toEqual([all.data.list[1]]);
    expect(all.data.list.map((row) => row.email)).not.toContain(other.email);
    expect((await list({ page_no: 99999, page_size: 10, plat_type: 3 })).data.list).toEqual([]);
  });

  it("filters by name: trimmed, case-insensitive, wildcards taken literally, empty = no filter", async () => {
    await staff({ name: "Zebra_Keeper" });
    await staff({ name: "zebraXkeeper" });
    const found = await list({ page_no: 1, page_size: 10, plat_type: 3, name: "  ZEBRA_ " });
    expect(found.data.list.map((row) => row.user_name)).toEqual(["Zebra_Keeper"]);
    expect(found.data.total).toBe(1);
    const everyone = await list({ page_no: 1, page_size: 100, plat_type: 3, name: "" });
    const unfiltered = await list({ page_no: 1, page_size: 100, plat_type: 3 });
    expect(everyone.data.total).toBe(unfiltered.data.total);
  });

  it("refuses emoji in the name, a wrong or missing plat_type and bad paging with 604 naming the field", async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ plat_type: 3, name: "ab😀" }, "name"],
      [{ plat_type: 2 }, "plat_type"],
      [{ plat_type: "x" }, "plat_type"],
      [{}, "plat_type"],
      [{ plat_type: 3, page_no: 0 }, "page_no"],
      [{ plat_type: 3, page_size: "ten" }, "page_size"],
      [{ plat_type: 3, name: "x".repeat(31) }, "name"],
    ];
    for (const [query, field] of cases) {
      const answer = await list(query);
      expect(answer, JSON.stringify(query)).toMatchObject({
        status: 200,
        code: Code.ParamError,
        data: { field },
      });
    }
    expect((await list({ plat_type: 3, name: "😀" })).msg).toBe(MESSAGES.illegalCharacters.en);
  });
});

describe("POST /v1/user", () => {
  it("creates a staff account that can sign in, audited without the password hash", async () => {
    const body = createBody({ email: freshEmail("Mixed.Case") });
    const answer = await api<{ user_id: number }>({ method: "POST", url: "/v1/user", payload: body });
    expect(answer.code).toBe(Code.Ok);
    const row = await userRow(answer.data.user_id);
    expect(row).toMatchObject({
      company_id: demo.companyId,
      user_name: "New Staff",
      email: body.email.toLowerCase(),
      status: AccountStatus.Normal,
      modify_user_id: demo.adminId,
    });
    expect(await roleIds(answer.data.user_id)).toEqual([Role.OperationsStaff]);
    const [audit] = await auditRows(answer.data.user_id);
    expect(audit).toMatchObject({ company_id: demo.companyId, user_id: demo.adminId, action: "create" });
    expect(JSON.stringify(audit)).not.toContain("argon2");
    expect(JSON.stringify(audit)).not.toContain(body.password);
    expect((await signIn(t.app, body.email.toLowerCase(), "Abcdefg1")).code).toBe(Code.Ok);
  });

  it("refuses bad fields with 604 naming the field and writes nothing", async () => {
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_name: "" }, "user_name", MESSAGES.userNameRequired.en],
      [{ user_name: "   " }, "user_name", MESSAGES.userNameRequired.en],
      [{ user_name: "x".repeat(31) }, "user_name", MESSAGES.userNameTooLong.en],
      [{ user_name: undefined }, "user_name", MESSAGES.userNameRequired.en],
      [{ email: "not-an-email" }, "email", MESSAGES.emailInvalid.en],
      [{ email: `${"a".repeat(95)}@b.test` }, "email", MESSAGES.emailTooLong.en],
      [{ email: "" }, "email", MESSAGES.emailRequired.en],
      [{ password: "Abcdefg1" }, "password", MESSAGES.passwordDigestInvalid.en],
      [{ password: undefined }, "password", MESSAGES.passwordRequired.en],
      [{ role_ids: [Role.SuperAdmin] }, "role_ids", MESSAGES.roleNotAssignable.en],
      [{ role_ids: [Role.Administrator] }, "role_ids", MESSAGES.roleNotAssignable.en],
      [{ role_ids: [3, 2] }, "role_ids", MESSAGES.roleNotAssignable.en],
      [{ role_ids: [] }, "role_ids", MESSAGES.roleRequired.en],
      [{ role_ids: "3" }, "role_ids", MESSAGES.roleRequired.en],
      [{ status: 2 }, "status", MESSAGES.accountStatusInvalid.en],
      [{ account_id: "abc" }, "account_id", MESSAGES.integerRequired.en],
    ];
    for (const [change, field, msg] of cases) {
      const answer = await api({ method: "POST", url: "/v1/user", payload: createBody(change) });
      expect(answer, JSON.stringify(change)).toMatchObject({ code: Code.ParamError, data: { field }, msg });
    }
    expect(await snapshot()).toBe(before);
  });

  it("takes an email at most 100 characters long", async () => {
    const email = `${"a".repeat(90)}${Date.now().toString().slice(-4)}@b.test`.slice(-100);
    const answer = await api({ method: "POST", url: "/v1/user", payload: createBody({ email }) });
    expect(email.length).toBe(100);
    expect(answer.code).toBe(Code.Ok);
  });

  it("refuses an email in use in any company, in any case", async () => {
    const before = await snapshot();
    for (const email of ["ADMIN@demo.test", other.email.toUpperCase()]) {
      const answer = await api({ method: "POST", url: "/v1/user", payload: createBody({ email }) });
      expect(answer).toMatchObject({
        code: Code.ParamError,
        data: { field: "email" },
        msg: MESSAGES.emailTaken.en,
      });
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses another company's account_id with 402", async () => {
    const before = await snapshot();
    const answer = await api({
      method: "POST",
      url: "/v1/user",
      payload: createBody({ account_id: other.accountId }),
    });
    expect(answer).toMatchObject({ code: Code.NoPermission, msg: MESSAGES.companyMismatch.en });
    expect(await snapshot()).toBe(before);
  });

  it("creates a frozen account when asked, which cannot sign in (601)", async () => {
    const body = createBody({ status: AccountStatus.Frozen });
    const answer = await api<{ user_id: number }>({ method: "POST", url: "/v1/user", payload: body });
    expect((await userRow(answer.data.user_id))?.status).toBe(AccountStatus.Frozen);
    expect((await signIn(t.app, body.email, "Abcdefg1")).code).toBe(Code.Forbidden);
  });

  it("refuses staff (role 3) with 402 and the catalogue's message", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    const answer = await api({ method: "POST", url: "/v1/user", payload: createBody() }, token);
    expect(answer).toMatchObject({
      code: Code.NoPermission,
      msg: "You do not have permission, please contact the administrator to apply",
    });
  });
});

describe("PUT /v1/user", () => {
  it("renames and re-addresses a staff user, keeping their sessions when no password is given", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    const email = freshEmail("moved");
    const answer = await api({
      method: "PUT",
      url: "/v1/user",
      payload: updateBody(user, { user_info: { user_name: "  Renamed  ", email, password: "" } }),
    });
    expect(answer.code).toBe(Code.Ok);
    expect(await userRow(user.userId)).toMatchObject({
      user_name: "Renamed",
      email,
      modify_user_id: demo.adminId,
    });
    expect(await menuCode(token)).toBe(Code.Ok);
    const [, audit] = await auditRows(user.userId);
    expect(audit).toMatchObject({ action: "update", user_id: demo.adminId });
    expect(audit?.before).toMatchObject({ user_name: user.email.split("@")[0], email: user.email });
    expect(audit?.after).toMatchObject({ user_name: "Renamed", email, password_changed: false });
  });

  it("sets a new password, which ends that user's sessions at once", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    const answer = await api({
      method: "PUT",
      url: "/v1/user",
      payload: updateBody(user, {
        user_info: { user_name: "X", email: user.email, password: md5("Newpass12") },
      }),
    });
    expect(answer.code).toBe(Code.Ok);
    expect(await menuCode(token)).toBe(Code.TokenInvalid);
    expect((await signIn(t.app, user.email, DEMO_PASSWORD)).code).toBe(Code.BadCredentials);
    expect((await signIn(t.app, user.email, "Newpass12")).code).toBe(Code.Ok);
    const audits = await auditRows(user.userId);
    expect(JSON.stringify(audits)).not.toMatch(/argon2|password_hash/);
    expect(audits.at(-1)?.after).toMatchObject({ password_changed: true });
  });

  it("keeps the caller's own session when the super admin sets their own password", async () => {
    const boss = await makeCompany(db(), "Self Service");
    const mine = await tokenOf(db(), boss);
    const elsewhere = await tokenOf(db(), boss);
    const answer = await api(
      {
        method: "PUT",
        url: "/v1/user",
        payload: updateBody(boss, {
          user_info: { user_name: "Me", email: boss.email, password: md5("Newpass12") },
          role_ids: [Role.SuperAdmin],
          account_id: boss.accountId,
        }),
      },
      mine,
    );
    expect(answer.code).toBe(Code.Ok);
    expect(await menuCode(mine)).toBe(Code.Ok);
    expect(await menuCode(elsewhere)).toBe(Code.TokenInvalid);
  });

  it("never changes the roles of a super admin or an administrator (601), but edits their name", async () => {
    const admin = await makeUser(db(), demo, { role: Role.Administrator });
    const before = await snapshot();
    for (const [user, roles] of [
      [{ userId: demo.adminId, email: "admin@demo.test" }, [Role.OperationsStaff]],
      [{ userId: demo.adminId, email: "admin@demo.test" }, [Role.SuperAdmin, Role.OperationsStaff]],
      [admin, [Role.SuperAdmin]],
    ] as const) {
      const answer = await api({
        method: "PUT",
        url: "/v1/user",
        payload: updateBody(user, { role_ids: roles }),
      });
      expect(answer).toMatchObject({
        code: Code.Forbidden,
        data: { field: "role_ids" },
        msg: MESSAGES.managerRoleLocked.en,
      });
    }
    expect(await snapshot()).toBe(before);
    const same = await api({
      method: "PUT",
      url: "/v1/user",
      payload: updateBody(admin, { role_ids: [Role.Administrator] }),
    });
    expect(same.code).toBe(Code.Ok);
    expect(await roleIds(admin.userId)).toEqual([Role.Administrator]);
  });

  it("refuses giving a staff user role 1 or 2, a taken email and bad fields", async () => {
    const user = await staff();
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, number][] = [
      [{ role_ids: [Role.SuperAdmin] }, "role_ids", Code.ParamError],
      [{ role_ids: [Role.Administrator, Role.OperationsStaff] }, "role_ids", Code.ParamError],
      [{ role_ids: [7] }, "role_ids", Code.ParamError],
      [{ role_ids: [] }, "role_ids", Code.ParamError],
      [{ user_info: { user_name: "x", email: "admin@demo.test" } }, "email", Code.ParamError],
      [
        { user_info: { user_name: "x".repeat(31), email: user.email } },
        "user_info.user_name",
        Code.ParamError,
      ],
      [{ user_info: { user_name: "x", email: "bad" } }, "user_info.email", Code.ParamError],
      [
        { user_info: { user_name: "x", email: user.email, password: "short" } },
        "user_info.password",
        Code.ParamError,
      ],
      [{ user_info: null }, "user_info", Code.ParamError],
      [{ user_id: "1" }, "user_id", Code.ParamError],
      [{ user_id: 0 }, "user_id", Code.ParamError],
    ];
    for (const [change, field, code] of cases) {
      const answer = await api({ method: "PUT", url: "/v1/user", payload: updateBody(user, change) });
      expect(answer, JSON.stringify(change)).toMatchObject({ code, data: { field } });
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses another company's user as not found and another account_id with 402, changing nothing", async () => {
    const before = await snapshot();
    const foreign = await api({
      method: "PUT",
      url: "/v1/user",
      payload: updateBody({ userId: other.userId, email: other.email }),
    });
    expect(foreign).toMatchObject({ code: Code.ParamError, data: { field: "user_id" } });
    expect(foreign.msg).toBe(`No such user: ${other.userId}`);
    const mismatch = await api({
      method: "PUT",
      url: "/v1/user",
      payload: updateBody({ userId: other.userId, email: other.email }, { account_id: other.accountId }),
    });
    expect(mismatch.code).toBe(Code.NoPermission);
    expect(await snapshot()).toBe(before);
  });
});

describe("PUT /v1/user: the email and password of a user at or above the caller's level", () => {
  /** An administrator's edits of `target`: a new email, a new password, both. */
  async function credentialEdits(
    company: { accountId: number },
    target: { userId: number; email: string },
    roles: readonly number[],
    token: string,
  ) {
    const edit = (userInfo: Record<string, unknown>) =>
      api(
        {
          method: "PUT",
          url: "/v1/user",
          payload: updateBody(target, {
            user_info: { user_name: "Taken Over", email: target.email, ...userInfo },
            role_ids: roles,
            account_id: company.accountId,
          }),
        },
        token,
      );
    const attacker = freshEmail("attacker");
    return [
      await edit({ email: attacker, password: md5("Attack123") }),
      await edit({ email: attacker }),
      await edit({ password: md5("Attack123") }),
    ];
  }

  const refusedAll = (answers: Awaited<ReturnType<typeof credentialEdits>>) =>
    expect(answers.map((answer) => [answer.code, answer.msg, answer.data])).toEqual([
      [Code.Forbidden, MESSAGES.credentialsLocked.en, { field: "email" }],
      [Code.Forbidden, MESSAGES.credentialsLocked.en, { field: "email" }],
      [Code.Forbidden, MESSAGES.credentialsLocked.en, { field: "password" }],
    ]);

  it("refuses an administrator the super admin's, another administrator's and their own (601)", async () => {
    const admin = await makeUser(db(), demo, { role: Role.Administrator });
    const peer = await makeUser(db(), demo, { role: Role.Administrator });
    const adminOwnToken = await tokenOf(db(), admin);
    const bossSession = await tokenOf(db(), { companyId: demo.companyId, userId: demo.adminId });
    const before = await snapshot();
    const boss = { userId: demo.adminId, email: "admin@demo.test" };
    refusedAll(await credentialEdits(demo, boss, [Role.SuperAdmin], adminOwnToken));
    refusedAll(await credentialEdits(demo, peer, [Role.Administrator], adminOwnToken));
    refusedAll(await credentialEdits(demo, admin, [Role.Administrator], adminOwnToken));
    expect(await snapshot()).toBe(before);
    expect(await menuCode(bossSession)).toBe(Code.Ok);
    expect((await signIn(t.app, boss.email, DEMO_PASSWORD)).code).toBe(Code.Ok);
    // their name stays editable, as does a staff user's email and password
    const renamed = await api(
      { method: "PUT", url: "/v1/user", payload: updateBody(boss, { role_ids: [Role.SuperAdmin] }) },
      adminOwnToken,
    );
    expect(renamed.code).toBe(Code.Ok);
    const user = await staff();
    const staffEdits = await credentialEdits(demo, user, [Role.OperationsStaff], adminOwnToken);
    expect(staffEdits.map((answer) => answer.code)).toEqual([Code.Ok, Code.Ok, Code.Ok]);
  });

  it("lets the super admin change an administrator's", async () => {
    const admin = await makeUser(db(), demo, { role: Role.Administrator });
    const answers = await credentialEdits(demo, admin, [Role.Administrator], adminToken);
    expect(answers.map((answer) => answer.code)).toEqual([Code.Ok, Code.Ok, Code.Ok]);
  });

  it("refuses the operator company's administrator the operator's super admin", async () => {
    const operator = await db()
      .selectFrom("app_user")
      .innerJoin("company", "company.id", "app_user.company_id")
      .select([
        "company.id as companyId",
        "company.account_id as accountId",
        "app_user.id as userId",
        "email",
      ])
      .where("company.is_operator", "=", true)
      .executeTakeFirstOrThrow();
    const admin = await makeUser(db(), operator, { role: Role.Administrator });
    const operatorAdminToken = await tokenOf(db(), admin);
    const before = await snapshot();
    refusedAll(await credentialEdits(operator, operator, [Role.SuperAdmin], operatorAdminToken));
    expect(await snapshot()).toBe(before);
  });
});

describe("an email in use in another company", () => {
  it(`is told ${FOREIGN_EMAIL_ANSWERS.max} times an hour per client address and company, then every email change waits`, async () => {
    const prober = await makeCompany(db(), "Prober");
    const proberToken = await tokenOf(db(), prober);
    const own = await makeUser(db(), prober);
    const user = await makeUser(db(), prober);
    const client = "198.51.100.60";
    const edit = (
      email: string,
      remoteAddress = client,
      token = proberToken,
      company = prober,
      target = user,
    ) =>
      api(
        {
          method: "PUT",
          url: "/v1/user",
          payload: updateBody(target, {
            user_info: { user_name: "Probe", email },
            account_id: company.accountId,
          }),
          remoteAddress,
        },
        token,
      );
    const emailTaken = { code: Code.ParamError, msg: MESSAGES.emailTaken.en, data: { field: "email" } };
    const limited = { code: Code.Forbidden, msg: "Too many attempts; try again in 60 minutes" };
    // the company's own addresses are no news to its administrator: never counted
    for (let i = 0; i <= FOREIGN_EMAIL_ANSWERS.max; i++)
      expect(await edit(own.email)).toMatchObject(emailTaken);
    for (let i = 0; i < FOREIGN_EMAIL_ANSWERS.max; i++)
      expect(await edit(DEMO_EMAIL)).toMatchObject(emailTaken);
    const elsewhere = await makeCompany(db(), "Elsewhere");
    const elsewhereStaff = await makeUser(db(), elsewhere);
    const elsewhereToken = await tokenOf(db(), elsewhere);
    const before = await snapshot();
    expect(await edit(DEMO_EMAIL)).toMatchObject(limited);
    expect(await edit(freshEmail("unknown"))).toMatchObject(limited);
    // the company is limited from any address, and the address for any company
    expect(await edit(freshEmail("unknown"), "198.51.100.61")).toMatchObject(limited);
    const fromSameClient = await edit(
      freshEmail("unknown"),
      client,
      elsewhereToken,
      elsewhere,
      elsewhereStaff,
    );
    expect(fromSameClient).toMatchObject(limited);
    const create = await api(
      {
        method: "POST",
        url: "/v1/user",
        payload: createBody({ account_id: prober.accountId }),
        remoteAddress: "198.51.100.62",
      },
      proberToken,
    );
    expect(create).toMatchObject(limited);
    expect(await snapshot()).toBe(before);
    // a rename without a new email goes on
    expect((await edit(user.email)).code).toBe(Code.Ok);
  });
});

describe("freeze and thaw", () => {
  it("freezes a staff user, ending their open session, then thaws them", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    const frozen = await api({
      method: "PUT",
      url: INNER,
      payload: statusBody(user.userId, AccountStatus.Frozen),
    });
    expect(frozen.code).toBe(Code.Ok);
    expect(await menuCode(token)).toBe(Code.TokenInvalid);
    const signInFrozen = await signIn(t.app, user.email, DEMO_PASSWORD);
    expect(signInFrozen).toMatchObject({ code: Code.Forbidden, msg: MESSAGES.accountFrozen.zh });
    expect(await userRow(user.userId)).toMatchObject({
      status: AccountStatus.Frozen,
      modify_user_id: demo.adminId,
    });

    const thawed = await api({
      method: "PUT",
      url: INNER,
      payload: statusBody(user.userId, AccountStatus.Normal),
    });
    expect(thawed.code).toBe(Code.Ok);
    expect(await menuCode(token)).toBe(Code.TokenInvalid);
    expect((await signIn(t.app, user.email, DEMO_PASSWORD)).code).toBe(Code.Ok);
    const actions = (await auditRows(user.userId)).map((row) => row.action);
    expect(actions).toEqual(["create", "freeze", "thaw"]);
  });

  it("refuses freezing oneself, a super admin or an administrator (601), and bad input (604)", async () => {
    const admin = await makeUser(db(), demo, { role: Role.Administrator });
    const adminOwnToken = await tokenOf(db(), admin);
    const user = await staff();
    const before = await snapshot();
    const self = await api({ method: "PUT", url: INNER, payload: statusBody(demo.adminId, 4) });
    expect(self).toMatchObject({ code: Code.Forbidden, msg: MESSAGES.selfProtected.en });
    for (const target of [demo.adminId, admin.userId]) {
      const answer = await api({ method: "PUT", url: INNER, payload: statusBody(target, 4) }, adminOwnToken);
      const key = target === admin.userId ? "selfProtected" : "managerProtected";
      expect(answer).toMatchObject({ code: Code.Forbidden, msg: MESSAGES[key].en });
    }
    const manager = await api({ method: "PUT", url: INNER, payload: statusBody(admin.userId, 4) });
    expect(manager).toMatchObject({ code: Code.Forbidden, msg: MESSAGES.managerProtected.en });
    const cases: [Record<string, unknown>, string][] = [
      [{ user_info: { status: 2 } }, "user_info.status"],
      [{ user_info: { status: "4" } }, "user_info.status"],
      [{ user_info: {} }, "user_info.status"],
      [{ plat_type: 1 }, "plat_type"],
      [{ user_id: undefined }, "user_id"],
    ];
    for (const [change, field] of cases) {
      const answer = await api({ method: "PUT", url: INNER, payload: statusBody(user.userId, 4, change) });
      expect(answer, JSON.stringify(change)).toMatchObject({ code: Code.ParamError, data: { field } });
    }
    const foreign = await api({ method: "PUT", url: INNER, payload: statusBody(other.userId, 4) });
    expect(foreign).toMatchObject({ code: Code.ParamError, data: { field: "user_id" } });
    const mismatch = await api({
      method: "PUT",
      url: INNER,
      payload: statusBody(user.userId, 4, { account_id: other.accountId }),
    });
    expect(mismatch.code).toBe(Code.NoPermission);
    expect(await snapshot()).toBe(before);
  });
});

describe("delete", () => {
  const remove = (query: string, token = adminToken) =>
    api<{ deleted: number[] }>({ method: "DELETE", url: `${INNER}?${query}` }, token);

  it("deletes several users given as repeated or comma-separated ids, ending their sessions", async () => {
    const [a, b, c] = [await staff(), await staff(), await staff()];
    const tokens = [await tokenOf(db(), a), await tokenOf(db(), c)];
    const repeated = await remove(`plat_type=3&ids=${a.userId}&ids=${b.userId}&account_id=${demo.accountId}`);
    expect(repeated).toMatchObject({ code: Code.Ok, data: { deleted: [a.userId, b.userId] } });
    const d = await staff();
    const comma = await remove(
      `plat_type=3&ids=${c.userId},${d.userId},${d.userId}&account_id=${demo.accountId}`,
    );
    expect(comma).toMatchObject({ code: Code.Ok, data: { deleted: [c.userId, d.userId] } });
    for (const token of tokens) expect(await menuCode(token)).toBe(Code.TokenInvalid);
    for (const user of [a, b, c, d]) expect(await userRow(user.userId)).toBeUndefined();
    const audit = await auditRows(a.userId);
    expect(audit.at(-1)).toMatchObject({ action: "delete", user_id: demo.adminId, after: null });
    expect(audit.at(-1)?.before).toMatchObject({ email: a.email, role_ids: [Role.OperationsStaff] });
    // The address is free again.
    const again = await api({ method: "POST", url: "/v1/user", payload: createBody({ email: a.email }) });
    expect(again.code).toBe(Code.Ok);
  });

  it("is all or nothing: one protected, missing or foreign id refuses the whole call", async () => {
    const a = await staff();
    const admin = await makeUser(db(), demo, { role: Role.Administrator });
    const before = await snapshot();
    const cases: [string, number, string][] = [
      [`${a.userId}&ids=${demo.adminId}`, Code.Forbidden, MESSAGES.selfProtected.en],
      [`${a.userId},${admin.userId}`, Code.Forbidden, MESSAGES.managerProtected.en],
      [`${a.userId},${other.userId}`, Code.ParamError, `No such user: ${other.userId}`],
      [`${a.userId},999999`, Code.ParamError, "No such user: 999999"],
    ];
    for (const [ids, code, msg] of cases) {
      const answer = await remove(`plat_type=3&ids=${ids}&account_id=${demo.accountId}`);
      expect(answer, ids).toMatchObject({ code, msg, data: { field: "ids" } });
    }
    expect(await snapshot()).toBe(before);
  });

  it("refuses bad queries (604) and another account_id (402)", async () => {
    const a = await staff();
    const before = await snapshot();
    const cases: [string, string][] = [
      [`plat_type=3&account_id=${demo.accountId}`, "ids"],
      [`plat_type=3&ids=&account_id=${demo.accountId}`, "ids"],
      [`plat_type=3&ids=abc&account_id=${demo.accountId}`, "ids"],
      [`plat_type=3&ids=1.5&account_id=${demo.accountId}`, "ids"],
      [`plat_type=3&ids=-1&account_id=${demo.accountId}`, "ids"],
      [
        `plat_type=3&ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}&account_id=${demo.accountId}`,
        "ids",
      ],
      [`plat_type=4&ids=${a.userId}&account_id=${demo.accountId}`, "plat_type"],
      [`ids=${a.userId}&account_id=${demo.accountId}`, "plat_type"],
      [`plat_type=3&ids=${a.userId}`, "account_id"],
    ];
    for (const [query, field] of cases) {
      const answer = await remove(query);
      expect(answer, query).toMatchObject({ status: 200, code: Code.ParamError, data: { field } });
    }
    const mismatch = await remove(`plat_type=3&ids=${a.userId}&account_id=${other.accountId}`);
    expect(mismatch.code).toBe(Code.NoPermission);
    expect(await snapshot()).toBe(before);
  });
});

describe("another company's super admin", () => {
  it("sees and changes only its own company's users", async () => {
    const otherToken = await tokenOf(db(), other);
    const answer = await list({ page_no: 1, page_size: 100, plat_type: 3 }, otherToken);
    expect(answer.data.list.map((row) => row.email)).toEqual([other.email]);
    const victim = await staff();
    const before = await snapshot();
    const refused = [
      await api({ method: "PUT", url: INNER, payload: statusBody(victim.userId, 4) }, otherToken),
      await api(
        {
          method: "PUT",
          url: INNER,
          payload: statusBody(victim.userId, 4, { account_id: other.accountId }),
        },
        otherToken,
      ),
      await api(
        {
          method: "DELETE",
          url: `${INNER}?plat_type=3&ids=${victim.userId}&account_id=${other.accountId}`,
        },
        otherToken,
      ),
      await api(
        { method: "PUT", url: "/v1/user", payload: updateBody(victim, { account_id: other.accountId }) },
        otherToken,
      ),
    ];
    expect(refused.map((r) => r.code)).toEqual([
      Code.NoPermission,
      Code.ParamError,
      Code.ParamError,
      Code.ParamError,
    ]);
    expect(await snapshot()).toBe(before);
  });
});
