import {
  type CaptchaMoreData,
  Code,
  formatMessage,
  MESSAGES,
  menuRoutes,
  ReportScope,
  Role,
} from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../src/modules/accounts/service.ts";
import { hashToken } from "../src/modules/identity/sessions.ts";
import { call, DEMO_EMAIL, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { CAPTCHA_ANSWER, encryptForLogin, md5 } from "./support/login-form.ts";
import { loginForm, newCaptchaId, postLogin, publicKey, signIn, tokenFor } from "./support/sign-in.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const get = <T>(url: string, token?: string, headers: Record<string, string> = {}) =>
  call<T>(t.app, { method: "GET", url, headers: { ...(token ? { token } : {}), ...headers } });

describe("public key and captcha", () => {
  it("answers the login public key as SPKI PEM", async () => {
    const answer = await get<{ public_key: string }>("/v1/passport/public_key");
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it("answers a captcha image as a data URL and a fresh one on refresh", async () => {
    const first = await call<{ captcha_id: string; b64s: string }>(t.app, {
      method: "POST",
      url: "/v1/passport/captcha/gen_math",
    });
    expect(first.data.b64s).toMatch(/^data:image\/svg\+xml;base64,/);
    const refreshed = await call<{ captcha_id: string }>(t.app, {
      method: "POST",
      url: "/v1/passport/captcha/refresh_math",
      payload: { captcha_id: first.data.captcha_id },
    });
    expect(refreshed.data.captcha_id).not.toBe(first.data.captcha_id);
    const withOld = await postLogin(
      t.app,
      await loginForm(t.app, {
        email: DEMO_EMAIL,
        password: DEMO_PASSWORD,
        captcha_id: first.data.captcha_id,
      }),
    );
    expect(withOld.code).toBe(Code.ParamError);
    expect(withOld.data).toEqual({ field: "captcha_answer" });
  });
});

describe("sign-in", () => {
  it("signs in and answers the token with the user info", async () => {
    const answer = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.token).toMatch(
      new RegExp(`^${answer.data.user_info.company_id}\\.[A-Za-z0-9_-]{43}$`),
    );
    expect(answer.data.user_info).toMatchObject({
      email: DEMO_EMAIL,
      role_id: [Role.SuperAdmin],
      opt_permission: [{ role_info: { id: Role.SuperAdmin } }],
      status: 1,
      report_scope: ReportScope.All,
      is_operator: false,
    });
    expect(answer.data.user_info.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe("sign-in refusals", () => {
  const demo = () => ({ email: DEMO_EMAIL, password: DEMO_PASSWORD });

  it("signs in with the email in another case, as typed and signed by the browser", async () => {
    const answer = await signIn(t.app, DEMO_EMAIL.toUpperCase(), DEMO_PASSWORD);
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data.user_info.email).toBe(DEMO_EMAIL);
  });

  it("answers a wrong password and an unknown email the same way (605)", async () => {
    const wrong = await signIn(t.app, DEMO_EMAIL, "Wrong12345");
    const unknown = await signIn(t.app, "nobody@demo.test", DEMO_PASSWORD);
    expect(wrong.code).toBe(Code.BadCredentials);
    expect({ code: unknown.code, msg: unknown.msg }).toEqual({ code: wrong.code, msg: wrong.msg });
  });

  it("refuses garbage ciphertext", async () => {
    const answer = await call(t.app, {
      method: "POST",
      url: "/v1/passport/user/login",
      payload: { data: "bm90IGEgY2lwaGVydGV4dA==" },
    });
    expect(answer).toMatchObject({ status: 200, code: Code.ParamError, data: { field: "data" } });
  });

  it("refuses a stale and a future timestamp", async () => {
    for (const offset of [-310, 310]) {
      const form = await loginForm(t.app, { ...demo(), timestamp: Math.floor(Date.now() / 1000) + offset });
      const answer = await postLogin(t.app, form);
      expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "timestamp" } });
    }
  });

  it("refuses a wrong sign", async () => {
    const answer = await postLogin(t.app, await loginForm(t.app, demo(), "another-secret"));
    expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "sign" } });
  });

  it("refuses a tampered form whose sign no longer matches", async () => {
    const form = await loginForm(t.app, demo());
    const answer = await postLogin(t.app, { ...form, email: "other@demo.test" });
    expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "sign" } });
  });

  it("answers a captcha once, right or wrong", async () => {
    const captchaId = await newCaptchaId(t.app);
    const wrong = await postLogin(
      t.app,
      await loginForm(t.app, { ...demo(), captcha_id: captchaId, captcha_answer: "7" }),
    );
    expect(wrong).toMatchObject({ code: Code.ParamError, data: { field: "captcha_answer" } });
    const reused = await postLogin(t.app, await loginForm(t.app, { ...demo(), captcha_id: captchaId }));
    expect(reused).toMatchObject({ code: Code.ParamError, data: { field: "captcha_answer" } });
    const right = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    expect(right.code).toBe(Code.Ok);
    const replayed = await postLogin(
      t.app,
      await loginForm(t.app, { ...demo(), captcha_id: captchaId, captcha_answer: CAPTCHA_ANSWER }),
    );
    expect(replayed.code).toBe(Code.ParamError);
  });

  it("refuses an expired captcha", async () => {
    const captchaId = await newCaptchaId(t.app);
    await t.runtime.database.db
      .updateTable("captcha")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", captchaId)
      .execute();
    const answer = await postLogin(t.app, await loginForm(t.app, { ...demo(), captcha_id: captchaId }));
    expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "captcha_answer" } });
  });

  it("refuses wrong types and values inside the form, naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ plat_type: 2 }, "plat_type"],
      [{ plat_type: "3" }, "plat_type"],
      [{ caller: "someone-else" }, "caller"],
      [{ email: "not-an-email" }, "email"],
      [{ password: "plain-text-password" }, "password"],
      [{ timestamp: "now" }, "timestamp"],
    ];
    for (const [change, field] of cases) {
      const answer = await postLogin(t.app, { ...(await loginForm(t.app, demo())), ...change });
      expect(answer, field).toMatchObject({ status: 200, code: Code.ParamError, data: { field } });
    }
    const notJson = await call(t.app, {
      method: "POST",
      url: "/v1/passport/user/login",
      payload: { data: 12 },
    });
    expect(notJson).toMatchObject({ code: Code.ParamError, data: { field: "data" } });
  });

  it("refuses a malformed and an oversized body with a clear code, never 5xx", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/v1/passport/user/login",
      headers: { "content-type": "application/json" },
      payload: '{"data":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: Code.ParamError });
    const oversized = await t.app.inject({
      method: "POST",
      url: "/v1/passport/user/login",
      headers: { "content-type": "application/json", lang: "en" },
      payload: JSON.stringify({ data: "x".repeat(200_000) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toEqual({
      code: Code.ParamError,
      msg: "The request body is too large",
      data: { field: "body" },
    });
  });

  it("locks an account after repeated failures, even for the right password, with a growing delay", async () => {
    const email = "locked@demo.test";
    await createDemoUser(email);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn(t.app, email, "Wrong12345")).code).toBe(Code.BadCredentials);
    }
    const locked = await signIn(t.app, email, DEMO_PASSWORD);
    expect(locked.code).toBe(Code.Forbidden);
    expect(locked.msg).toMatch(/30 秒/);
    await t.runtime.database.db
      .updateTable("login_failure")
      .set({ locked_until: new Date(Date.now() - 1000) })
      .execute();
    expect((await signIn(t.app, email, "Wrong12345")).code).toBe(Code.BadCredentials);
    const longer = await signIn(t.app, email, DEMO_PASSWORD);
    expect(longer.code).toBe(Code.Forbidden);
    expect(longer.msg).toMatch(/60 秒/);
  });

  it("locks an account only at the address its wrong passwords come from", async () => {
    const email = "targeted@demo.test";
    await createDemoUser(email);
    const attacker = "198.51.100.7";
    const owner = "198.51.100.8";
    const attempt = async (password: string, address: string) =>
      (await postLogin(t.app, await loginForm(t.app, { email, password }), address)).code;
    for (let i = 0; i < 5; i++) expect(await attempt("Wrong12345", attacker)).toBe(Code.BadCredentials);
    expect(await attempt(DEMO_PASSWORD, attacker)).toBe(Code.Forbidden);
    expect(await attempt(DEMO_PASSWORD, owner)).toBe(Code.Ok);
    // the owner's sign-in does not lift the lock of the attacker's address
    expect(await attempt(DEMO_PASSWORD, attacker)).toBe(Code.Forbidden);
  });

  it("never locks an address: past its budget a try costs more captchas, and the right password signs in", async () => {
    const office = "203.0.113.9";
    const attempt = async (input: { email: string; password: string; captcha_pass?: string }) =>
      postLogin(t.app, await loginForm(t.app, input), office);
    for (let i = 0; i < 20; i++) {
      const answer = await attempt({ email: `guess${i}@demo.test`, password: "Wrong12345" });
      expect(answer.code).toBe(Code.BadCredentials);
    }
    // A colleague with the right password and a fresh captcha: one more code, then signed in.
    const asked = await call<CaptchaMoreData>(t.app, {
      method: "POST",
      url: "/v1/passport/user/login",
      headers: { lang: "en" },
      remoteAddress: office,
      payload: { data: encryptForLogin(await publicKey(t.app), await loginForm(t.app, demo())) },
    });
    expect(asked).toMatchObject({
      code: Code.ParamError,
      msg: formatMessage(MESSAGES.captchaMore.en, { count: 1 }),
      data: { field: "captcha_answer", captchas: 1 },
    });
    const pass = asked.data.captcha_pass;
    expect((await attempt({ ...demo(), captcha_pass: pass })).code).toBe(Code.Ok);
    // A pass is spent once, and counts only from the address that earned it.
    expect((await attempt({ ...demo(), captcha_pass: pass })).code).toBe(Code.ParamError);
    const earned = (await attempt(demo())).data as unknown as CaptchaMoreData;
    const otherOffice = "203.0.113.10";
    await overBudget(otherOffice, 25);
    const elsewhere = await postLogin(
      t.app,
      await loginForm(t.app, { ...demo(), captcha_pass: earned.captcha_pass }),
      otherOffice,
    );
    expect(elsewhere).toMatchObject({ code: Code.ParamError, data: { captchas: 1 } });
    expect((await attempt({ ...demo(), captcha_pass: earned.captcha_pass })).code).toBe(Code.Ok);
    // A wrong password that paid its captchas is only a wrong password: the address stays open.
    const guess = (await attempt({ email: "guess-more@demo.test", password: "Wrong12345" }))
      .data as unknown as CaptchaMoreData;
    const paid = await attempt({
      email: "guess-more@demo.test",
      password: "Wrong12345",
      captcha_pass: guess.captcha_pass,
    });
    expect(paid.code).toBe(Code.BadCredentials);
  });

  it("asks more captchas a try as an address's failures grow", async () => {
    const address = "203.0.113.20";
    await overBudget(address, 45);
    let pass: string | undefined;
    for (const left of [2, 1]) {
      const answer = await postLogin(
        t.app,
        await loginForm(t.app, { ...demo(), captcha_pass: pass }),
        address,
      );
      expect(answer).toMatchObject({ code: Code.ParamError, data: { captchas: left } });
      pass = (answer.data as unknown as CaptchaMoreData).captcha_pass;
    }
    expect(
      (await postLogin(t.app, await loginForm(t.app, { ...demo(), captcha_pass: pass }), address)).code,
    ).toBe(Code.Ok);
  });

  it("locks an account guessed at from many addresses everywhere, past its own budget", async () => {
    const email = "spread@demo.test";
    await createDemoUser(email);
    const attempt = async (password: string, address: string) =>
      (await postLogin(t.app, await loginForm(t.app, { email, password }), address)).code;
    for (let host = 1; host <= 9; host++) {
      for (let i = 0; i < 5; i++)
        expect(await attempt("Wrong12345", `198.18.0.${host}`)).toBe(Code.BadCredentials);
    }
    // 45 failures from nine addresses: the account is locked only at each of them.
    expect(await attempt(DEMO_PASSWORD, "198.18.1.1")).toBe(Code.Ok);
    for (let i = 0; i < 5; i++) expect(await attempt("Wrong12345", "198.18.0.10")).toBe(Code.BadCredentials);
    // The fiftieth: locked from anywhere, the owner's address too, with the lockout message.
    const owner = await postLogin(
      t.app,
      await loginForm(t.app, { email, password: DEMO_PASSWORD }),
      "198.18.1.1",
    );
    expect(owner.code).toBe(Code.Forbidden);
    expect(owner.msg).toMatch(/30 秒/);
  });

  it("refuses a frozen account with 601 and a clear message", async () => {
    const email = "frozen@demo.test";
    const userId = await createDemoUser(email);
    await t.runtime.database.db.updateTable("app_user").set({ status: 4 }).where("id", "=", userId).execute();
    const answer = await call(t.app, {
      method: "POST",
      url: "/v1/passport/user/login",
      headers: { lang: "en" },
      payload: { data: (await postLoginPayload({ email, password: DEMO_PASSWORD })).data },
    });
    expect(answer).toMatchObject({
      code: Code.Forbidden,
      msg: "This account is frozen, please contact the administrator",
    });
  });
});

describe("session", () => {
  it("answers user info, menu and permissions for the token, and 20003 after logout", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const info = await get<{ email: string }>("/api/v1/user/user_info", token);
    expect(info.data.email).toBe(DEMO_EMAIL);
    const principal = { roleIds: [Role.SuperAdmin], reportScope: ReportScope.All, isOperator: false };
    const menu = await get<{ routes: string[] }>("/api/v1/user/menu", token);
    expect(menu.data.routes).toEqual(menuRoutes(principal));
    expect(menu.data.routes).toContain("accountManagement");
    expect(menu.data.routes).not.toContain("reportManagement");
    const permissions = await get<{ role_ids: number[]; actions: string[] }[]>("/v1/user", token);
    expect(permissions.data[0]).toMatchObject({ role_ids: [Role.SuperAdmin] });
    expect(permissions.data[0]?.actions).toContain("account.manage");

    const logout = await call(t.app, { method: "POST", url: "/v1/passport/user/logout", headers: { token } });
    expect(logout.code).toBe(Code.Ok);
    expect((await get("/api/v1/user/user_info", token)).code).toBe(Code.TokenInvalid);
  });

  it("names the user's company in the user info, not only its id", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const info = await get<{ company_id: number; company_name: string }>("/api/v1/user/user_info", token);
    const company = await t.runtime.database.db
      .selectFrom("company")
      .select("name")
      .where("id", "=", info.data.company_id)
      .executeTakeFirstOrThrow();
    expect(info.data.company_name).toBe(company.name);
    expect(info.data.company_name).not.toBe("");
  });

  it("gives the operator's admin the report management route", async () => {
    const token = await tokenFor(t.app, "operator@platform.test", DEMO_PASSWORD);
    const menu = await get<{ routes: string[] }>("/api/v1/user/menu", token);
    expect(menu.data.routes).toContain("reportManagement");
  });

  it("answers 20003 for a missing, unknown, expired or frozen user's token", async () => {
    expect((await get("/api/v1/user/menu")).code).toBe(Code.TokenInvalid);
    expect((await get("/api/v1/user/menu", "not-a-token")).code).toBe(Code.TokenInvalid);
    const expiring = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    await t.runtime.database.db
      .updateTable("session_token")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("token_hash", "=", hashToken(expiring))
      .execute();
    expect((await get("/api/v1/user/menu", expiring)).code).toBe(Code.TokenInvalid);

    const email = "soon-frozen@demo.test";
    const userId = await createDemoUser(email);
    const token = await tokenFor(t.app, email, DEMO_PASSWORD);
    expect((await get("/api/v1/user/menu", token)).code).toBe(Code.Ok);
    await t.runtime.database.db.updateTable("app_user").set({ status: 4 }).where("id", "=", userId).execute();
    expect((await get("/api/v1/user/menu", token)).code).toBe(Code.TokenInvalid);
  });

  it("signs nobody in with a token of the format before tokens named their company", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const [companyId] = token.split(".");
    // A token of the old format, its row as the migration to company keys left it: no longer honoured.
    const old = "A".repeat(43);
    const db = t.runtime.database.db;
    const row = await db
      .selectFrom("session_token")
      .selectAll()
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    await db
      .insertInto("session_token")
      .values({ ...row, token_hash: hashToken(old) })
      .execute();
    expect((await get("/api/v1/user/menu", old)).code).toBe(Code.TokenInvalid);
    // Nor does naming another company in front of a live token's random part.
    const moved = `${Number(companyId) + 1}.${token.split(".")[1]}`;
    expect((await get("/api/v1/user/menu", moved)).code).toBe(Code.TokenInvalid);
    expect((await get("/api/v1/user/menu", token)).code).toBe(Code.Ok);
  });

  it("stores only the token's SHA-256 and a 7-day expiry", async () => {
    const token = await tokenFor(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const rows = await t.runtime.database.db.selectFrom("session_token").selectAll().execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
    const row = rows.find((r) => r.token_hash === hashToken(token));
    const days = ((row?.expires_at.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("stores passwords with argon2id", async () => {
    const user = await t.runtime.database.db
      .selectFrom("app_user")
      .select("password_hash")
      .where("email", "=", DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
  });

  it("answers messages in the request's language", async () => {
    const en = await get("/api/v1/user/menu", undefined, { lang: "en" });
    const zh = await get("/api/v1/user/menu", undefined, { lang: "zh" });
    expect(en.msg).toBe("Session expired, please sign in again");
    expect(zh.msg).toBe("登录已失效，请重新登录");
  });
});

/** Failures from an address across accounts, as if that many wrong passwords had just come from it. */
async function overBudget(address: string, failures: number): Promise<void> {
  await t.runtime.database.db
    .insertInto("login_failure")
    .values({ scope: "address", key: address, failures, locked_until: null, last_failure_at: new Date() })
    .execute();
}

async function createDemoUser(email: string): Promise<number> {
  const company = await t.runtime.database.db
    .selectFrom("company")
    .select("id")
    .where("is_operator", "=", false)
    .executeTakeFirstOrThrow();
  return createUser(t.runtime.database.db, {
    companyId: company.id,
    userName: email,
    email,
    passwordMd5: md5(DEMO_PASSWORD),
    roleIds: [Role.OperationsStaff],
    actorId: null,
  });
}

async function postLoginPayload(input: { email: string; password: string }): Promise<{ data: string }> {
  return { data: encryptForLogin(await publicKey(t.app), await loginForm(t.app, input)) };
}
