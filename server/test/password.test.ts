import {
  Code,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_MAX_PER_HOUR,
  MESSAGES,
  menuRoutes,
  ReportScope,
  Role,
} from "@pc/contract";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCompany, freshEmail, makeUser, type TestUser, tokenOf } from "./support/accounts.ts";
import { CAPTCHA_ANSWER, call, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { md5, newCaptchaId, signIn } from "./support/sign-in.ts";
import { codeOf, startSmtp, type TestSmtp } from "./support/smtp.ts";

/** Starting the app (PGlite, migrations, seed) can be slow on a busy two-core machine. */
const STARTUP_TIMEOUT_MS = 180_000;
let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ SMTP_URL: smtp.url });
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const db = () => t.runtime.database.db;
const api = <T = unknown>(options: InjectOptions, lang = "en") =>
  call<T>(t.app, { ...options, headers: { lang, ...(options.headers ?? {}) } });

const staff = async (): Promise<TestUser> => makeUser(db(), await demoCompany(db()));
const menuCode = async (token: string) =>
  (await api({ method: "GET", url: "/api/v1/user/menu", headers: { token } })).code;

async function sendCode(email: string, purpose: "reset" | "register", lang = "en", change = {}) {
  return api<{ expires_in: number }>(
    {
      method: "POST",
      url: "/v1/passport/captcha/send_email",
      payload: {
        email,
        purpose,
        captcha_id: await newCaptchaId(t.app),
        captcha_answer: CAPTCHA_ANSWER,
        ...change,
      },
    },
    lang,
  );
}

/** Asks for a code and reads it from the mail the SMTP server received. */
async function mailedCode(email: string, purpose: "reset" | "register", lang = "en"): Promise<string> {
  const already = smtp.inbox.filter((mail) => mail.to.includes(email)).length;
  const answer = await sendCode(email, purpose, lang);
  expect(answer.code, answer.msg).toBe(Code.Ok);
  return codeOf(await smtp.mailTo(email, already + 1));
}

const reset = (payload: Record<string, unknown>) =>
  api({ method: "POST", url: "/v1/passport/user/reset_password", payload });

const register = (payload: Record<string, unknown>) =>
  api<{ company_id: number; account_id: number; user_id: number }>({
    method: "POST",
    url: "/v1/passport/user/register",
    payload,
  });

const changePassword = (token: string, payload: Record<string, unknown>) =>
  api({ method: "PUT", url: "/v1/passport/user/password", headers: { token }, payload });

const passwordHash = async (userId: number) =>
  (
    await db()
      .selectFrom("app_user")
      .select("password_hash")
      .where("id", "=", userId)
      .executeTakeFirstOrThrow()
  ).password_hash;

describe("PUT /v1/passport/user/password", () => {
  it("changes the password, keeps the caller's session and ends the others", async () => {
    const user = await staff();
    const mine = await tokenOf(db(), user);
    const elsewhere = await tokenOf(db(), user);
    const answer = await changePassword(mine, {
      old_password: md5(DEMO_PASSWORD),
      new_password: md5("Changed123"),
    });
    expect(answer).toMatchObject({ code: Code.Ok, msg: MESSAGES.passwordChanged.en });
    expect(await menuCode(mine)).toBe(Code.Ok);
    expect(await menuCode(elsewhere)).toBe(Code.TokenInvalid);
    expect((await signIn(t.app, user.email, DEMO_PASSWORD)).code).toBe(Code.BadCredentials);
    expect((await signIn(t.app, user.email, "Changed123")).code).toBe(Code.Ok);
    const audit = await db()
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", String(user.userId))
      .where("action", "=", "password_change")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ user_id: user.userId, company_id: user.companyId });
    expect(JSON.stringify(audit)).not.toMatch(/argon2|[0-9a-f]{32}/);
  });

  it("refuses a wrong old password with 606, the same password and bad digests with 604, changing nothing", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    const before = await passwordHash(user.userId);
    const wrong = await changePassword(token, {
      old_password: md5("Wrong1234"),
      new_password: md5("Changed123"),
    });
    expect(wrong).toMatchObject({
      code: Code.WrongPassword,
      msg: MESSAGES.oldPasswordWrong.en,
      data: { field: "old_password" },
    });
    const same = await changePassword(token, {
      old_password: md5(DEMO_PASSWORD),
      new_password: md5(DEMO_PASSWORD),
    });
    expect(same).toMatchObject({ code: Code.ParamError, data: { field: "new_password" } });
    for (const [payload, field] of [
      [{ old_password: DEMO_PASSWORD, new_password: md5("Changed123") }, "old_password"],
      [{ old_password: md5(DEMO_PASSWORD), new_password: "Changed123" }, "new_password"],
      [{ old_password: md5(DEMO_PASSWORD) }, "new_password"],
    ] as const) {
      expect(await changePassword(token, payload)).toMatchObject({ code: Code.ParamError, data: { field } });
    }
    expect(await passwordHash(user.userId)).toBe(before);
    expect(await menuCode(token)).toBe(Code.Ok);
    const anonymous = await api({
      method: "PUT",
      url: "/v1/passport/user/password",
      payload: { old_password: md5(DEMO_PASSWORD), new_password: md5("Changed123") },
    });
    expect(anonymous.code).toBe(Code.TokenInvalid);
  });

  it("locks after repeated wrong old passwords, like sign-in", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    const payload = { old_password: md5("Wrong1234"), new_password: md5("Changed123") };
    for (let i = 0; i < 5; i++) expect((await changePassword(token, payload)).code).toBe(Code.WrongPassword);
    const locked = await changePassword(token, { ...payload, old_password: md5(DEMO_PASSWORD) });
    expect(locked.code).toBe(Code.Forbidden);
  });
});

describe("POST /v1/passport/captcha/send_email", () => {
  it("emails a 6-digit code in the request's language, storing only its hash", async () => {
    const user = await staff();
    const en = await sendCode(user.email, "reset", "en");
    expect(en).toMatchObject({ code: Code.Ok, data: { expires_in: 600 } });
    expect(en.msg).toBe(
      "If an account uses this address, a code has been sent to it; it is valid for 10 minutes",
    );
    const mail = await smtp.mailTo(user.email);
    expect(mail.subject).toBe("Your password reset code");
    expect(mail.text).toMatch(/^Your verification code is \d{6}\. It is valid for 10 minutes/);
    const rows = await db().selectFrom("email_code").selectAll().where("email", "=", user.email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(codeOf(mail));
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const zhAddress = freshEmail("zh");
    const zh = await sendCode(zhAddress, "register", "zh");
    expect(zh.msg).toBe("验证码已发送至该邮箱，10 分钟内有效");
    const zhMail = await smtp.mailTo(zhAddress);
    expect(zhMail.subject).toBe("注册验证码");
    expect(zhMail.text).toMatch(/^您的验证码是 \d{6}，10 分钟内有效/);
  });

  it("answers a reset for an unknown address exactly as for a known one, and mails nothing", async () => {
    const user = await staff();
    const unknown = freshEmail("nobody");
    const known = await sendCode(user.email, "reset");
    const notKnown = await sendCode(unknown, "reset");
    expect({ code: notKnown.code, msg: notKnown.msg, data: notKnown.data }).toEqual({
      code: known.code,
      msg: known.msg,
      data: known.data,
    });
    await smtp.mailTo(user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it("refuses a registration code for an address already in use", async () => {
    const user = await staff();
    const answer = await sendCode(user.email.toUpperCase(), "register");
    expect(answer).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.emailRegistered.en,
      data: { field: "email" },
    });
  });

  it("needs a right, unused captcha and valid fields", async () => {
    const email = freshEmail("captcha");
    const wrong = await sendCode(email, "register", "en", { captcha_answer: "7" });
    expect(wrong).toMatchObject({ code: Code.ParamError, data: { field: "captcha_answer" } });
    const captchaId = await newCaptchaId(t.app);
    expect((await sendCode(email, "register", "en", { captcha_id: captchaId })).code).toBe(Code.Ok);
    const reused = await sendCode(email, "register", "en", { captcha_id: captchaId });
    expect(reused).toMatchObject({ code: Code.ParamError, data: { field: "captcha_answer" } });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ captcha_answer: "" }, "captcha_answer", MESSAGES.captchaRequired.en],
      [{ captcha_id: undefined }, "captcha_id", MESSAGES.captchaRequired.en],
      [{ email: "nope" }, "email", MESSAGES.emailInvalid.en],
      [{ email: undefined }, "email", MESSAGES.emailRequired.en],
      [{ purpose: "login" }, "purpose", MESSAGES.emailCodePurposeInvalid.en],
    ];
    for (const [change, field, msg] of cases) {
      const answer = await sendCode(email, "register", "en", change);
      expect(answer, JSON.stringify(change)).toMatchObject({ code: Code.ParamError, data: { field }, msg });
    }
  });

  it(`sends at most ${EMAIL_CODE_MAX_PER_HOUR} codes an hour to one address, whatever the purpose`, async () => {
    const user = await staff();
    for (let i = 0; i < EMAIL_CODE_MAX_PER_HOUR; i++) {
      expect((await sendCode(user.email, i % 2 ? "reset" : "register")).code).toBeOneOf([
        Code.Ok,
        Code.ParamError,
      ]);
    }
    // Registration codes for a used address are refused before counting: top up with resets.
    let count = Number(
      (
        await db()
          .selectFrom("email_code")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("email", "=", user.email)
          .executeTakeFirstOrThrow()
      ).n,
    );
    while (count < EMAIL_CODE_MAX_PER_HOUR) {
      expect((await sendCode(user.email, "reset")).code).toBe(Code.Ok);
      count++;
    }
    const refused = await sendCode(user.email, "reset");
    expect(refused).toMatchObject({ code: Code.Forbidden, data: { field: "email" } });
    expect(refused.msg).toMatch(/^Too many codes were sent to this address; try again in (\d+) minutes$/);
    const unknown = freshEmail("limit");
    for (let i = 0; i < EMAIL_CODE_MAX_PER_HOUR; i++)
      expect((await sendCode(unknown, "reset")).code).toBe(Code.Ok);
    expect((await sendCode(unknown, "reset")).code).toBe(Code.Forbidden);
    // An hour later the address may ask again.
    await sql`update email_code set create_time = now() - interval '3601 seconds' where email = ${user.email}`.execute(
      db(),
    );
    expect((await sendCode(user.email, "reset")).code).toBe(Code.Ok);
  });
});

describe("POST /v1/passport/user/reset_password", () => {
  it("sets the password with the mailed code and ends every session", async () => {
    const user = await staff();
    const tokens = [await tokenOf(db(), user), await tokenOf(db(), user)];
    const code = await mailedCode(user.email, "reset");
    const answer = await reset({ email: user.email.toUpperCase(), code, password: md5("Reset1234") });
    expect(answer.code).toBe(Code.Ok);
    for (const token of tokens) expect(await menuCode(token)).toBe(Code.TokenInvalid);
    expect((await signIn(t.app, user.email, DEMO_PASSWORD)).code).toBe(Code.BadCredentials);
    expect((await signIn(t.app, user.email, "Reset1234")).code).toBe(Code.Ok);
    const again = await reset({ email: user.email, code, password: md5("Other1234") });
    expect(again).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.emailCodeWrong.en,
      data: { field: "code" },
    });
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity_id", "=", String(user.userId))
      .where("action", "=", "password_reset")
      .execute();
    expect(audit).toEqual([{ action: "password_reset", before: null, after: null }]);
  });

  it("refuses a wrong code, and spends the code after the allowed wrong tries", async () => {
    const user = await staff();
    const before = await passwordHash(user.userId);
    const code = await mailedCode(user.email, "reset");
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < EMAIL_CODE_MAX_ATTEMPTS; i++) {
      const answer = await reset({ email: user.email, code: wrongCode, password: md5("Reset1234") });
      expect(answer).toMatchObject({ code: Code.ParamError, msg: MESSAGES.emailCodeWrong.en });
    }
    const last = await reset({ email: user.email, code: wrongCode, password: md5("Reset1234") });
    expect(last).toMatchObject({ code: Code.ParamError, msg: MESSAGES.emailCodeAttemptsExceeded.en });
    const right = await reset({ email: user.email, code, password: md5("Reset1234") });
    expect(right).toMatchObject({ code: Code.ParamError, msg: MESSAGES.emailCodeWrong.en });
    expect(await passwordHash(user.userId)).toBe(before);
  });

  it("refuses an expired code, a replaced code and a code of the other purpose", async () => {
    const user = await staff();
    const before = await passwordHash(user.userId);
    const first = await mailedCode(user.email, "reset");
    await db()
      .updateTable("email_code")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("email", "=", user.email)
      .execute();
    expect((await reset({ email: user.email, code: first, password: md5("Reset1234") })).code).toBe(
      Code.ParamError,
    );
    const second = await mailedCode(user.email, "reset");
    const third = await mailedCode(user.email, "reset");
    if (second !== third) {
      expect((await reset({ email: user.email, code: second, password: md5("Reset1234") })).code).toBe(
        Code.ParamError,
      );
    }
    const address = freshEmail("purpose");
    const registerCode = await mailedCode(address, "register");
    expect((await reset({ email: address, code: registerCode, password: md5("Reset1234") })).code).toBe(
      Code.ParamError,
    );
    expect(await passwordHash(user.userId)).toBe(before);
    expect((await reset({ email: user.email, code: third, password: md5("Reset1234") })).code).toBe(Code.Ok);
  });

  it("refuses bad fields with 604 naming the field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "x", code: "123456", password: md5("Reset1234") }, "email"],
      [{ email: "a@b.test", code: "12345", password: md5("Reset1234") }, "code"],
      [{ email: "a@b.test", code: "abcdef", password: md5("Reset1234") }, "code"],
      [{ email: "a@b.test", password: md5("Reset1234") }, "code"],
      [{ email: "a@b.test", code: "123456", password: "Reset1234" }, "password"],
    ];
    for (const [payload, field] of cases) {
      expect(await reset(payload), JSON.stringify(payload)).toMatchObject({
        code: Code.ParamError,
        data: { field },
      });
    }
  });
});

describe("POST /v1/passport/user/register", () => {
  it("creates a publisher company with the registrant as its super admin", async () => {
    const email = freshEmail("founder");
    const code = await mailedCode(email, "register");
    const answer = await register({
      company_name: "  Fresh Games  ",
      user_name: "Founder",
      email,
      password: md5("Founder123"),
      code,
    });
    expect(answer.code).toBe(Code.Ok);
    const company = await db()
      .selectFrom("company")
      .selectAll()
      .where("id", "=", answer.data.company_id)
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      name: "Fresh Games",
      account_id: answer.data.account_id,
      is_publisher: true,
      is_operator: false,
    });
    const signedIn = await signIn(t.app, email, "Founder123");
    expect(signedIn.data.user_info).toMatchObject({
      user_id: answer.data.user_id,
      company_id: answer.data.company_id,
      user_name: "Founder",
      role_id: [Role.SuperAdmin],
    });
    const menu = await api<{ routes: string[] }>({
      method: "GET",
      url: "/api/v1/user/menu",
      headers: { token: signedIn.data.token },
    });
    expect(menu.data.routes).toEqual(
      menuRoutes({ roleIds: [Role.SuperAdmin], reportScope: ReportScope.All, isOperator: false }),
    );
    const audits = await db()
      .selectFrom("audit_log")
      .select(["action", "entity"])
      .where("company_id", "=", answer.data.company_id)
      .orderBy("id")
      .execute();
    expect(audits.map((row) => `${row.action} ${row.entity}`)).toEqual([
      "create company",
      "create user",
      "register company",
    ]);
    const reused = await register({
      company_name: "Again",
      user_name: "F",
      email,
      password: md5("Founder123"),
      code,
    });
    expect(reused).toMatchObject({ code: Code.ParamError, data: { field: "email" } });
  });

  it("refuses an address already in use, a wrong code and bad fields, creating nothing", async () => {
    const companies = async () =>
      Number(
        (
          await db()
            .selectFrom("company")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await companies();
    const user = await staff();
    const taken = await register({
      company_name: "Taken",
      user_name: "X",
      email: user.email,
      password: md5("Founder123"),
      code: "123456",
    });
    expect(taken).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.emailTaken.en,
      data: { field: "email" },
    });
    const email = freshEmail("wrongcode");
    const code = await mailedCode(email, "register");
    const good = { company_name: "Co", user_name: "X", email, password: md5("Founder123"), code };
    const wrong = await register({ ...good, code: code === "000000" ? "111111" : "000000" });
    expect(wrong).toMatchObject({ code: Code.ParamError, data: { field: "code" } });
    const cases: [Record<string, unknown>, string][] = [
      [{ company_name: "" }, "company_name"],
      [{ company_name: "x".repeat(101) }, "company_name"],
      [{ user_name: "x".repeat(31) }, "user_name"],
      [{ user_name: undefined }, "user_name"],
      [{ password: "Founder123" }, "password"],
      [{ email: "bad" }, "email"],
      [{ code: undefined }, "code"],
    ];
    for (const [change, field] of cases) {
      const answer = await register({ ...good, ...change });
      expect(answer, JSON.stringify(change)).toMatchObject({ code: Code.ParamError, data: { field } });
    }
    expect(await companies()).toBe(before);
    expect((await register(good)).code).toBe(Code.Ok);
  });
});

describe("without SMTP_URL", () => {
  it(
    "writes the mail to the outbox table",
    async () => {
      const plain = await startTestApp();
      try {
        const email = freshEmail("outbox");
        const answer = await call(plain.app, {
          method: "POST",
          url: "/v1/passport/captcha/send_email",
          headers: { lang: "zh" },
          payload: {
            email,
            purpose: "register",
            captcha_id: await newCaptchaId(plain.app),
            captcha_answer: CAPTCHA_ANSWER,
          },
        });
        expect(answer.code).toBe(Code.Ok);
        const rows = await plain.runtime.database.db.selectFrom("outbox").selectAll().execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ to_address: email, subject: "注册验证码" });
        expect(rows[0]?.text).toMatch(/^您的验证码是 \d{6}/);
      } finally {
        await plain.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
