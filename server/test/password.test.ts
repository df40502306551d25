import {
  Code,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_MAX_PER_HOUR,
  formatMessage,
  MESSAGES,
  menuRoutes,
  ReportScope,
  Role,
} from "@pc/contract";
import type { InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashCode } from "../src/modules/identity/email-code.ts";
import { CODE_CHECKS_PER_CLIENT, EMAIL_SENDS_PER_CLIENT } from "../src/modules/identity/password.ts";
import { demoCompany, freshEmail, makeUser, type TestUser, tokenOf } from "./support/accounts.ts";
import { call, DEMO_PASSWORD, envelopeOf, startTestApp, type TestApp } from "./support/app.ts";
import { createTestDatabase } from "./support/database.ts";
import { CAPTCHA_ANSWER, md5 } from "./support/login-form.ts";
import { startServerProcess } from "./support/server-process.ts";
import { loginForm, newCaptchaId, postLogin, signIn } from "./support/sign-in.ts";
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

let clients = 0;
/** Another client address each call, so that only the tests of the per-address limits reach them. */
const freshClient = () => `10.77.${Math.floor(++clients / 256)}.${clients % 256}`;

async function sendCode(
  email: string,
  purpose: "reset" | "register",
  lang = "en",
  change = {},
  remoteAddress = freshClient(),
) {
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
      remoteAddress,
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

const reset = (payload: Record<string, unknown>, remoteAddress = freshClient()) =>
  api({ method: "POST", url: "/v1/passport/user/reset_password", payload, remoteAddress });

const register = (payload: Record<string, unknown>, remoteAddress = freshClient()) =>
  api<{ company_id: number; account_id: number; user_id: number }>({
    method: "POST",
    url: "/v1/passport/user/register",
    payload,
    remoteAddress,
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
    expect(zh.msg).toBe(
      "邮件已发送至该邮箱：未注册的邮箱会收到验证码（10 分钟内有效），已注册的邮箱会收到登录提示",
    );
    const zhMail = await smtp.mailTo(zhAddress);
    expect(zhMail.subject).toBe("注册验证码");
    expect(zhMail.text).toMatch(/^您的验证码是 \d{6}，10 分钟内有效/);
  });

  it("answers a reset for an unknown address exactly as for a known one, and mails nothing", async () => {
    const user = await staff();
    const unknown = freshEmail("nobody");
    const known = await sendCode(user.email, "reset");
    const notKnown = await sendCode(unknown, "reset");
    expect(envelopeOf(notKnown)).toEqual(envelopeOf(known));
    await smtp.mailTo(user.email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.inbox.some((mail) => mail.to.includes(unknown))).toBe(false);
  });

  it("answers a registration for an address in use exactly as for a new one, mailing it a notice, no code", async () => {
    const user = await staff();
    const unknown = freshEmail("newcomer");
    const known = await sendCode(user.email.toUpperCase(), "register");
    const notKnown = await sendCode(unknown, "register");
    expect(envelopeOf(known)).toEqual(envelopeOf(notKnown));
    expect(known).toMatchObject({
      code: Code.Ok,
      msg: formatMessage(MESSAGES.emailCodeSentRegister.en, { minutes: 10 }),
    });
    const notice = await smtp.mailTo(user.email);
    expect(notice.subject).toBe(MESSAGES.mailRegisteredSubject.en);
    expect(notice.text).toBe(MESSAGES.mailRegisteredText.en);
    expect(notice.text).not.toMatch(/\d{6}/);
    expect((await smtp.mailTo(unknown)).subject).toBe(MESSAGES.mailRegisterSubject.en);
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
      expect((await sendCode(user.email, i % 2 ? "reset" : "register")).code).toBe(Code.Ok);
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

  it("lifts the account's sign-in locks at every address", async () => {
    const user = await staff();
    const addresses = ["192.0.2.31", "192.0.2.32"];
    const attempt = async (password: string, address: string) =>
      (await postLogin(t.app, await loginForm(t.app, { email: user.email, password }), address)).code;
    for (const address of addresses) {
      for (let i = 0; i < 5; i++) expect(await attempt("Wrong12345", address)).toBe(Code.BadCredentials);
      expect(await attempt(DEMO_PASSWORD, address)).toBe(Code.Forbidden);
    }
    const code = await mailedCode(user.email, "reset");
    expect((await reset({ email: user.email, code, password: md5("Reset1234") })).code).toBe(Code.Ok);
    for (const address of addresses) expect(await attempt("Reset1234", address)).toBe(Code.Ok);
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
    expect(reused).toMatchObject({ code: Code.ParamError, data: { field: "code" } });
  });

  it("refuses a wrong code the same for an address in use and a new one, and bad fields, creating nothing", async () => {
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
    const guess = { company_name: "Taken", user_name: "X", password: md5("Founder123"), code: "123456" };
    const taken = await register({ ...guess, email: user.email });
    const free = await register({ ...guess, email: freshEmail("unknown") });
    expect(taken).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.emailCodeWrong.en,
      data: { field: "code" },
    });
    expect(envelopeOf(free)).toEqual(envelopeOf(taken));
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

  it("tells that an address is in use once its code is proven", async () => {
    const email = freshEmail("raced");
    const code = await mailedCode(email, "register");
    await makeUser(db(), await demoCompany(db()), { email });
    const answer = await register({
      company_name: "Late",
      user_name: "X",
      email,
      password: md5("Late12345"),
      code,
    });
    expect(answer).toMatchObject({
      code: Code.ParamError,
      msg: MESSAGES.emailTaken.en,
      data: { field: "email" },
    });
  });
});

describe("limits per client address", () => {
  it(`lets one address ask for ${EMAIL_SENDS_PER_CLIENT.max} codes an hour, whatever emails they are for`, async () => {
    const client = "198.51.100.40";
    for (let i = 0; i < EMAIL_SENDS_PER_CLIENT.max; i++) {
      const answer = await sendCode(freshEmail("sweep"), i % 2 ? "reset" : "register", "en", {}, client);
      expect(answer.code, answer.msg).toBe(Code.Ok);
    }
    const refused = await sendCode(freshEmail("sweep"), "register", "en", {}, client);
    expect(refused).toMatchObject({
      code: Code.Forbidden,
      msg: "Too many attempts; try again in 60 minutes",
    });
    expect((await sendCode(freshEmail("sweep"), "register")).code).toBe(Code.Ok);
    // an hour later the address may ask again
    await sql`update rate_limit set window_start = now() - interval '3601 seconds'`.execute(db());
    expect((await sendCode(freshEmail("sweep"), "register", "en", {}, client)).code).toBe(Code.Ok);
  });

  it(`lets one address try ${CODE_CHECKS_PER_CLIENT.max} codes an hour, registering or resetting`, async () => {
    const client = "198.51.100.41";
    const guess = { company_name: "Co", user_name: "X", password: md5("Guess1234"), code: "123456" };
    for (let i = 0; i < CODE_CHECKS_PER_CLIENT.max; i++) {
      const answer =
        i % 2
          ? await reset({ email: freshEmail("guess"), code: "123456", password: md5("Guess1234") }, client)
          : await register({ ...guess, email: freshEmail("guess") }, client);
      expect(answer).toMatchObject({ code: Code.ParamError, data: { field: "code" } });
    }
    const refused = await register({ ...guess, email: freshEmail("guess") }, client);
    expect(refused).toMatchObject({
      code: Code.Forbidden,
      msg: "Too many attempts; try again in 60 minutes",
    });
    expect(
      (await reset({ email: freshEmail("guess"), code: "123456", password: md5("Guess1234") }, client)).code,
    ).toBe(Code.Forbidden);
  });
});

/** The code of an address's latest email_code row, found from its hash (a code has 6 digits). */
async function codeFromItsHash(
  database: TestApp["runtime"]["database"]["db"],
  email: string,
  purpose: string,
) {
  const row = await database
    .selectFrom("email_code")
    .select("code_hash")
    .where("email", "=", email)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, "0");
    if (hashCode(email, purpose, code) === row.code_hash) return code;
  }
  throw new Error(`no 6-digit code has the hash of ${email}'s`);
}

/** Every row of every text column of the database that contains the text. */
async function textColumnsHolding(database: TestApp["runtime"]["database"]["db"], text: string) {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'json', 'jsonb')
  `.execute(database);
  const holding: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const found = await sql<{ count: number }>`
      select count(*)::int as count from ${sql.table(table_name)}
      where ${sql.ref(column_name)}::text like ${`%${text}%`}
    `.execute(database);
    if (Number(found.rows[0]?.count) > 0) holding.push(`${table_name}.${column_name}`);
  }
  return holding;
}

describe("without SMTP_URL", () => {
  it(
    "sends nothing and stores the code only as its hash, nowhere in clear",
    async () => {
      const plain = await startTestApp();
      try {
        const email = freshEmail("nosmtp");
        const answer = await call(plain.app, {
          method: "POST",
          url: "/v1/passport/captcha/send_email",
          payload: {
            email,
            purpose: "register",
            captcha_id: await newCaptchaId(plain.app),
            captcha_answer: CAPTCHA_ANSWER,
          },
        });
        expect(answer.code).toBe(Code.Ok);
        const database = plain.runtime.database.db;
        const code = await codeFromItsHash(database, email, "register");
        expect(await textColumnsHolding(database, code)).toEqual([]);
      } finally {
        await plain.close();
      }
    },
    STARTUP_TIMEOUT_MS,
  );

  it(
    "logs the recipient and subject of a mail it could not send, never its code",
    async () => {
      const database = await createTestDatabase();
      const server = await startServerProcess(
        database.url ? { DATABASE_URL: database.url } : {},
        STARTUP_TIMEOUT_MS,
      );
      try {
        const email = freshEmail("nosmtp-log");
        const captcha = (await (
          await fetch(`${server.url}/v1/passport/captcha/gen_math`, { method: "POST" })
        ).json()) as { data: { captcha_id: string } };
        const answer = (await (
          await fetch(`${server.url}/v1/passport/captcha/send_email`, {
            method: "POST",
            headers: { "content-type": "application/json", lang: "en" },
            body: JSON.stringify({
              email,
              purpose: "register",
              captcha_id: captcha.data.captcha_id,
              captcha_answer: CAPTCHA_ANSWER,
            }),
          })
        ).json()) as { code: number };
        expect(answer.code).toBe(Code.Ok);
        const line = await server.waitForLog((logged) => logged.to === email);
        expect(line.subject).toBe(MESSAGES.mailRegisterSubject.en);
        // Nothing logged carries a 6-digit number (the process id and the times are not what is logged: a
        // response time's fraction, 33.845237 ms, once was one).
        const logged = server.logs.map(({ pid, time, hostname, responseTime, ...rest }) =>
          JSON.stringify(rest),
        );
        expect(logged.filter((text) => /\b\d{6}\b/.test(text))).toEqual([]);
      } finally {
        await server.stop();
        await database.drop();
      }
    },
    STARTUP_TIMEOUT_MS,
  );
});
