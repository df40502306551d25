/**
 * Two-step verification, on PGlite and on PostgreSQL: set up from the account page, asked for
 * after the password at sign-in (app code or recovery code, each once), wrong codes counted towards the lockout,
 * turned off and recovery codes renewed with a current code, and required of a whole company by its super admin.
 * Codes are made from the secret with the same library as the server (an authenticator app in the test). The
 * JavaScript clock is held in the middle of a 30-second step, so a code's step never turns while a test runs.
 */
import {
  Code,
  type LoginAnswer,
  MESSAGES,
  RECOVERY_CODE_COUNT,
  Role,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_ENROL_TICKET_SECONDS,
  TWO_FACTOR_TICKET_SECONDS,
  type TwoFactorChallenge,
  type TwoFactorLoginAnswer,
  type TwoFactorPolicy,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@pc/contract";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listAudit } from "../src/lib/audit.ts";
import { openSecret, sealingKey, sealSecret, totpCode } from "../src/modules/identity/totp.ts";
import { demoCompany, makeCompany, makeUser, type TestUser, tokenOf } from "./support/accounts.ts";
import { type Answer, call, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { loginForm, postLogin } from "./support/sign-in.ts";

let t: TestApp;
const db = () => t.runtime.database.db;
const TWO_FACTOR_KEY = "test-two-factor-key-of-at-least-32-chars";

beforeAll(async () => {
  t = await startTestApp({ TWO_FACTOR_KEY });
}, 120_000);
afterAll(() => t?.close());

// ── The clock: held in the middle of a step, moved a step at a time ─────────────────────────────────

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
let clock = 0;
beforeEach(() => {
  clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + STEP_MS / 2;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(clock);
});
afterEach(() => {
  vi.useRealTimers();
});
/** The next 30-second step: the authenticator app shows a new code. */
const nextStep = () => {
  clock += STEP_MS;
  vi.setSystemTime(clock);
};
const code = (secret: string, steps = 0) => totpCode(secret, clock + steps * STEP_MS);

// ── Calls ────────────────────────────────────────────────────────────────────────────────────────────

let addressSerial = 0;
/** A client address of its own, so one test's failures lock nothing of another's. */
const freshAddress = () => `10.9.${Math.floor(++addressSerial / 250)}.${(addressSerial % 250) + 1}`;

function api<T>(
  token: string | undefined,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: unknown,
  remoteAddress = "127.0.0.1",
) {
  return call<T>(t.app, {
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { lang: "en", ...(token ? { token } : {}) },
    remoteAddress,
  });
}

async function signInFrom(user: { email: string }, address: string) {
  return postLogin(t.app, await loginForm(t.app, { email: user.email, password: DEMO_PASSWORD }), address);
}

/** The first step: the password is right and the second step is due (609). */
async function challengeOf(user: { email: string }, address: string): Promise<TwoFactorChallenge> {
  const answer = await signInFrom(user, address);
  expect(answer.code, answer.msg).toBe(Code.TwoFactorRequired);
  return answer.data as unknown as TwoFactorChallenge;
}

const secondStep = (ticket: string, codeText: string, address: string) =>
  api<TwoFactorLoginAnswer>(
    undefined,
    "POST",
    "/v1/passport/user/two_factor_login",
    {
      ticket,
      code: codeText,
    },
    address,
  );

/** Turns two-step verification on through the account page's calls; answers the secret and recovery codes. */
async function enrol(user: TestUser): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const token = await tokenOf(db(), user);
  const setup = await api<TwoFactorSetup>(token, "POST", "/v1/passport/two_factor/setup");
  expect(setup.code, setup.msg).toBe(Code.Ok);
  const enabled = await api<{ recovery_codes: string[] }>(token, "POST", "/v1/passport/two_factor/enable", {
    code: code(setup.data.secret),
  });
  expect(enabled.code, enabled.msg).toBe(Code.Ok);
  return { token, secret: setup.data.secret, recoveryCodes: enabled.data.recovery_codes };
}

const status = async (token: string) =>
  (await api<TwoFactorStatus>(token, "GET", "/v1/passport/two_factor")).data;

const expectRefused = (
  answer: Answer<unknown>,
  code: number,
  message: keyof typeof MESSAGES,
  field?: string,
) => {
  expect({ code: answer.code, msg: answer.msg }).toEqual({ code, msg: MESSAGES[message].en });
  if (field) expect(answer.data).toEqual({ field });
};

let demo: Awaited<ReturnType<typeof demoCompany>>;
beforeAll(async () => {
  demo = await demoCompany(db());
});
const staff = () => makeUser(db(), demo);

// ── Tests ────────────────────────────────────────────────────────────────────────────────────────────

describe("turning it on from the account page", () => {
  it("shows a pending secret as a QR URI naming the company and email, and turns on with a code of the app", async () => {
    const user = await staff();
    const token = await tokenOf(db(), user);
    expect(await status(token)).toEqual({
      enabled: false,
      enabled_time: null,
      recovery_codes_left: 0,
      required: false,
    });

    const setup = await api<TwoFactorSetup>(token, "POST", "/v1/passport/two_factor/setup");
    expect(setup.code).toBe(Code.Ok);
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(setup.data.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Demo Publisher:${user.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: setup.data.secret,
      issuer: "Demo Publisher",
      digits: "6",
      period: "30",
    });
    // pending: still off, and the password alone still signs in
    expect((await status(token)).enabled).toBe(false);
    expect((await signInFrom(user, freshAddress())).code).toBe(Code.Ok);

    // sealed with TWO_FACTOR_KEY: the database alone does not hand out the secret
    const stored = await db()
      .selectFrom("user_totp")
      .select("secret")
      .where("company_id", "=", user.companyId)
      .where("user_id", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(stored.secret).toMatch(/^aes1:/);
    expect(stored.secret).not.toContain(setup.data.secret);

    const enable = (codeText: string) =>
      api<{ recovery_codes: string[] }>(token, "POST", "/v1/passport/two_factor/enable", { code: codeText });
    expectRefused(
      await enable(code(setup.data.secret, 5)),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeWrong",
      "code",
    );
    expectRefused(await enable("abcd-efgh-jkmn"), Code.TwoFactorCodeWrong, "twoFactorSetupCodeOnly", "code");
    expectRefused(await enable("12345"), Code.ParamError, "twoFactorCodeInvalid", "code");

    const enabled = await enable(code(setup.data.secret));
    expect(enabled.code, enabled.msg).toBe(Code.Ok);
    const codes = enabled.data.recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const recovery of codes)
      expect(recovery).toMatch(/^[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}-[a-km-np-z2-9]{4}$/);

    const now = await status(token);
    expect(now).toMatchObject({ enabled: true, recovery_codes_left: RECOVERY_CODE_COUNT, required: false });
    expect(now.enabled_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // the secret is never answered again: a new setup is refused while it is on
    expectRefused(
      await api(token, "POST", "/v1/passport/two_factor/setup"),
      Code.ParamError,
      "twoFactorAlreadyOn",
    );
    // recovery codes are kept hashed
    const hashes = await db()
      .selectFrom("user_recovery_code")
      .select("code_hash")
      .where("company_id", "=", user.companyId)
      .where("user_id", "=", user.userId)
      .execute();
    expect(hashes).toHaveLength(RECOVERY_CODE_COUNT);
    const hashText = JSON.stringify(hashes);
    for (const recovery of codes) expect(hashText).not.toContain(recovery.replaceAll("-", ""));

    const audit = await listAudit(db(), user.companyId, 20);
    expect(
      audit.find((row) => row.action === "two_factor_on" && row.entity_id === String(user.userId)),
    ).toMatchObject({
      user_id: user.userId,
      entity: "user",
      before: { two_factor: false },
      after: { two_factor: true },
    });
  });
});

describe("signing in with two-step verification on", () => {
  it("answers a ticket instead of a session after the password, and the session for a right code", async () => {
    const user = await staff();
    const { secret } = await enrol(user);
    const address = freshAddress();
    const first = await signInFrom(user, address);
    expect(first.code).toBe(Code.TwoFactorRequired);
    expect(first.msg).toBe("请输入身份验证器应用中的验证码");
    const challenge = first.data as unknown as TwoFactorChallenge;
    expect(challenge).toEqual({
      ticket: expect.stringMatching(new RegExp(`^${user.companyId}\\.[A-Za-z0-9_-]{43}$`)),
      expires_in: TWO_FACTOR_TICKET_SECONDS,
      setup: null,
    });
    expect(first.data).not.toHaveProperty("token");

    const wrong = await secondStep(challenge.ticket, code(secret, 3), address);
    expectRefused(wrong, Code.TwoFactorCodeWrong, "twoFactorCodeWrong", "code");

    nextStep();
    const right = await secondStep(challenge.ticket, code(secret), address);
    expect(right.code, right.msg).toBe(Code.Ok);
    expect(right.data.token).toMatch(new RegExp(`^${user.companyId}\\.[A-Za-z0-9_-]{43}$`));
    expect(right.data.user_info).toMatchObject({ user_id: user.userId, email: user.email });
    expect(right.data).not.toHaveProperty("recovery_codes");
    const info = await api<LoginAnswer["user_info"]>(right.data.token, "GET", "/api/v1/user/user_info");
    expect(info.data.user_id).toBe(user.userId);

    // the ticket is taken once
    nextStep();
    expectRefused(
      await secondStep(challenge.ticket, code(secret), address),
      Code.ParamError,
      "twoFactorTicketInvalid",
      "ticket",
    );
  });

  it("accepts the codes of the steps next to the server's, and none further off", async () => {
    const user = await staff();
    const { secret } = await enrol(user);
    const address = freshAddress();
    nextStep();
    nextStep();
    nextStep();
    const { ticket } = await challengeOf(user, address);
    expectRefused(
      await secondStep(ticket, code(secret, -2), address),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeWrong",
    );
    expectRefused(
      await secondStep(ticket, code(secret, 2), address),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeWrong",
    );
    expect((await secondStep(ticket, code(secret, -1), address)).code).toBe(Code.Ok);
    const again = await challengeOf(user, address);
    expect((await secondStep(again.ticket, code(secret, 1), address)).code).toBe(Code.Ok);
  });

  it("refuses a code used before, even with a new ticket (replay)", async () => {
    const user = await staff();
    const { secret } = await enrol(user);
    const address = freshAddress();
    // the code that turned it on is spent
    const { ticket } = await challengeOf(user, address);
    expectRefused(
      await secondStep(ticket, code(secret), address),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeUsed",
      "code",
    );

    nextStep();
    const used = code(secret);
    expect((await secondStep(ticket, used, address)).code).toBe(Code.Ok);
    const replay = await challengeOf(user, address);
    expectRefused(
      await secondStep(replay.ticket, used, address),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeUsed",
    );
    // an earlier step's code, still inside the window, is refused too once a later one was taken
    expectRefused(
      await secondStep(replay.ticket, code(secret, -1), address),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeUsed",
    );
  });

  it("signs in once with each recovery code, typed in any case with or without dashes", async () => {
    const user = await staff();
    const { token, recoveryCodes } = await enrol(user);
    const address = freshAddress();
    const [recovery = "", other = ""] = recoveryCodes;
    const { ticket } = await challengeOf(user, address);
    const answer = await secondStep(ticket, ` ${recovery.toUpperCase()} `, address);
    expect(answer.code, answer.msg).toBe(Code.Ok);
    expect((await status(token)).recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);

    const again = await challengeOf(user, address);
    expectRefused(
      await secondStep(again.ticket, recovery.replaceAll("-", ""), address),
      Code.TwoFactorCodeWrong,
      "twoFactorRecoveryCodeUsed",
      "code",
    );
    expect((await secondStep(again.ticket, other, address)).code).toBe(Code.Ok);
    expect((await status(token)).recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 2);
  });

  it("refuses an unknown or expired ticket, and a frozen user's", async () => {
    const user = await staff();
    const { secret } = await enrol(user);
    const address = freshAddress();
    nextStep();
    expectRefused(
      await secondStep("no-such-ticket", code(secret), address),
      Code.ParamError,
      "twoFactorTicketInvalid",
      "ticket",
    );
    const { ticket } = await challengeOf(user, address);
    await db()
      .updateTable("two_factor_challenge")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("user_id", "=", user.userId)
      .execute();
    expectRefused(
      await secondStep(ticket, code(secret), address),
      Code.ParamError,
      "twoFactorTicketInvalid",
      "ticket",
    );

    const fresh = await challengeOf(user, address);
    await db().updateTable("app_user").set({ status: 4 }).where("id", "=", user.userId).execute();
    expectRefused(await secondStep(fresh.ticket, code(secret), address), Code.Forbidden, "accountFrozen");
  });

  it("counts wrong codes towards the sign-in lockout of the account and address", async () => {
    const user = await staff();
    const { secret } = await enrol(user);
    const address = freshAddress();
    nextStep();
    const { ticket } = await challengeOf(user, address);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await secondStep(ticket, code(secret, 4 + attempt), address);
      expectRefused(wrong, Code.TwoFactorCodeWrong, "twoFactorCodeWrong", "code");
    }
    // the fifth wrong code locked the account from this address and spent the ticket
    expectRefused(await secondStep(ticket, code(secret), address), Code.ParamError, "twoFactorTicketInvalid");
    const password = await signInFrom(user, address);
    expect(password.code).toBe(Code.Forbidden);
    expect(password.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);

    // wrong passwords lock the second step of a sign-in already past its password
    const second = freshAddress();
    const pending = await challengeOf(user, second);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const form = await loginForm(t.app, { email: user.email, password: "Wrong12345" });
      expect((await postLogin(t.app, form, second)).code).toBe(Code.BadCredentials);
    }
    const locked = await secondStep(pending.ticket, code(secret), second);
    expect(locked.code).toBe(Code.Forbidden);
    expect(locked.msg).toMatch(/^Too many failed sign-in attempts, try again in \d+ seconds$/);

    // another address is not locked for the owner
    const elsewhere = freshAddress();
    const mine = await challengeOf(user, elsewhere);
    expect((await secondStep(mine.ticket, code(secret), elsewhere)).code).toBe(Code.Ok);
  });
});

describe("turning it off and renewing recovery codes", () => {
  it("needs a current code for each, and the old recovery codes stop working", async () => {
    const user = await staff();
    const { token, secret, recoveryCodes } = await enrol(user);
    const address = freshAddress();
    const post = <T>(url: string, codeText: string) =>
      api<T>(token, "POST", url, { code: codeText }, address);

    expectRefused(
      await post("/v1/passport/two_factor/recovery_codes", code(secret, 4)),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeWrong",
      "code",
    );
    nextStep();
    const renewed = await post<{ recovery_codes: string[] }>(
      "/v1/passport/two_factor/recovery_codes",
      code(secret),
    );
    expect(renewed.code, renewed.msg).toBe(Code.Ok);
    expect(renewed.data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(renewed.data.recovery_codes).not.toContain(recoveryCodes[0]);
    expect((await status(token)).recovery_codes_left).toBe(RECOVERY_CODE_COUNT);

    expectRefused(
      await post("/v1/passport/two_factor/disable", recoveryCodes[0] ?? ""),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeWrong",
    );
    const off = await post("/v1/passport/two_factor/disable", renewed.data.recovery_codes[0] ?? "");
    expect(off.code, off.msg).toBe(Code.Ok);
    expect(await status(token)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(
      await db().selectFrom("user_recovery_code").selectAll().where("user_id", "=", user.userId).execute(),
    ).toEqual([]);
    expectRefused(
      await post("/v1/passport/two_factor/disable", code(secret)),
      Code.ParamError,
      "twoFactorNotOn",
    );

    // the password alone signs in again
    expect((await signInFrom(user, address)).code).toBe(Code.Ok);

    const actions = (await listAudit(db(), user.companyId, 50))
      .filter((row) => row.entity === "user" && row.entity_id === String(user.userId))
      .map((row) => row.action);
    expect(actions.slice(0, 3)).toEqual(["two_factor_off", "recovery_codes_renewed", "two_factor_on"]);
  });
});

describe("a company that requires it", () => {
  it("lets only its super admin require it, with their own turned on first", async () => {
    const company = await makeCompany(db(), "Strict Co");
    const boss = { ...company, userId: company.userId };
    const administrator = await makeUser(db(), company, { role: Role.Administrator });
    const worker = await makeUser(db(), company);
    const bossToken = await tokenOf(db(), boss);
    const put = (token: string, required: boolean) =>
      api(token, "PUT", "/v1/company/two_factor", { required });

    expect((await put(await tokenOf(db(), worker), true)).code).toBe(Code.NoPermission);
    expect((await put(await tokenOf(db(), administrator), true)).code).toBe(Code.NoPermission);
    expect((await api(await tokenOf(db(), worker), "GET", "/v1/company/two_factor")).code).toBe(
      Code.NoPermission,
    );
    expectRefused(await put(bossToken, true), Code.ParamError, "twoFactorPolicyNeedsOwn", "required");
    const policy = await api<TwoFactorPolicy>(
      await tokenOf(db(), administrator),
      "GET",
      "/v1/company/two_factor",
    );
    expect(policy.data).toEqual({ required: false, members: 3, enrolled: 0 });
  });

  it("leads a user without it to set it up at sign-in; the other companies are unaffected", async () => {
    const company = await makeCompany(db(), "Secure Co");
    const worker = await makeUser(db(), company);
    const workerSession = await tokenOf(db(), worker);
    const { token: bossToken } = await enrol(company);

    const on = await api(bossToken, "PUT", "/v1/company/two_factor", { required: true });
    expect(on.code, on.msg).toBe(Code.Ok);
    // the sessions of the users without it end; the super admin's stays
    expect((await api(workerSession, "GET", "/api/v1/user/user_info")).code).toBe(Code.TokenInvalid);
    expect((await api(bossToken, "GET", "/api/v1/user/user_info")).code).toBe(Code.Ok);
    const [policyRow] = (await listAudit(db(), company.companyId, 10)).filter(
      (row) => row.entity === "company",
    );
    expect(policyRow).toMatchObject({
      action: "update",
      user_id: company.userId,
      before: { require_two_factor: false },
      after: { require_two_factor: true },
    });

    // the worker's sign-in: the password, then setting the app up (no session before that)
    const address = freshAddress();
    const first = await signInFrom(worker, address);
    expect(first.code).toBe(Code.TwoFactorRequired);
    expect(first.msg).toBe(MESSAGES.twoFactorEnrolRequired.zh);
    const challenge = first.data as unknown as TwoFactorChallenge;
    expect(challenge.expires_in).toBe(TWO_FACTOR_ENROL_TICKET_SECONDS);
    expect(challenge.setup?.uri).toContain(encodeURIComponent(worker.email));
    const secret = challenge.setup?.secret ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    expectRefused(
      await secondStep(challenge.ticket, "abcd-efgh-jkmn", address),
      Code.TwoFactorCodeWrong,
      "twoFactorSetupCodeOnly",
    );
    expectRefused(
      await secondStep(challenge.ticket, code(secret, 3), address),
      Code.TwoFactorCodeWrong,
      "twoFactorCodeWrong",
    );
    const done = await secondStep(challenge.ticket, code(secret), address);
    expect(done.code, done.msg).toBe(Code.Ok);
    expect(done.data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    const workerStatus = await status(done.data.token);
    expect(workerStatus).toMatchObject({ enabled: true, required: true });

    // it cannot be turned off while required
    nextStep();
    expectRefused(
      await api(done.data.token, "POST", "/v1/passport/two_factor/disable", { code: code(secret) }),
      Code.Forbidden,
      "twoFactorRequiredByCompany",
    );
    // the next sign-in asks for a code, not a setup
    const next = await challengeOf(worker, address);
    expect(next.setup).toBeNull();
    expect((await secondStep(next.ticket, code(secret), address)).code).toBe(Code.Ok);

    const policy = await api<TwoFactorPolicy>(bossToken, "GET", "/v1/company/two_factor");
    expect(policy.data).toEqual({ required: true, members: 2, enrolled: 2 });

    // another company's users still sign in with the password alone
    const outsider = await staff();
    const outside = await signInFrom(outsider, freshAddress());
    expect(outside.code, outside.msg).toBe(Code.Ok);
    expect(
      (await api<TwoFactorStatus>(await tokenOf(db(), outsider), "GET", "/v1/passport/two_factor")).data
        .required,
    ).toBe(false);

    // no longer required: a user without it signs in with the password again
    const newcomer = await makeUser(db(), company);
    expect((await signInFrom(newcomer, freshAddress())).code).toBe(Code.TwoFactorRequired);
    expect((await api(bossToken, "PUT", "/v1/company/two_factor", { required: false })).code).toBe(Code.Ok);
    expect((await signInFrom(newcomer, freshAddress())).code).toBe(Code.Ok);
  });
});

describe("a super admin resetting a member's", () => {
  it("turns it off and ends their sessions; not for administrators, their own or another company's user", async () => {
    const company = await makeCompany(db(), "Lost Phone Co");
    const boss = { ...company, userId: company.userId };
    const administrator = await makeUser(db(), company, { role: Role.Administrator });
    const member = await makeUser(db(), company);
    const { token: memberToken } = await enrol(member);
    const outsider = await makeUser(db(), demo);
    await enrol(outsider);
    const bossToken = await tokenOf(db(), boss);
    const reset = (token: string, userId: number) =>
      api(token, "POST", "/v1/company/two_factor/reset", { user_id: userId });

    expect((await reset(await tokenOf(db(), administrator), member.userId)).code).toBe(Code.NoPermission);
    expectRefused(await reset(bossToken, boss.userId), Code.ParamError, "twoFactorResetOwn", "user_id");
    const foreign = await reset(bossToken, outsider.userId);
    expect({ code: foreign.code, data: foreign.data }).toEqual({
      code: Code.ParamError,
      data: { field: "user_id" },
    });
    expect((await challengeOf(outsider, freshAddress())).setup).toBeFalsy();

    expect((await reset(bossToken, member.userId)).code).toBe(Code.Ok);
    expect((await api(memberToken, "GET", "/v1/passport/two_factor")).code).toBe(Code.TokenInvalid);
    const signedIn = await signInFrom(member, freshAddress());
    expect(signedIn.code, signedIn.msg).toBe(Code.Ok);
    expectRefused(await reset(bossToken, member.userId), Code.ParamError, "twoFactorNotOn", "user_id");
    const audit = await listAudit(db(), company.companyId, 20);
    expect(audit.find((row) => row.action === "two_factor_reset")).toMatchObject({
      user_id: boss.userId,
      entity: "user",
      entity_id: String(member.userId),
      before: { two_factor: true },
      after: { two_factor: false },
    });
  });
});

describe("sealing the secret", () => {
  it("opens only with the key and for the user it was sealed to", () => {
    const key = sealingKey(TWO_FACTOR_KEY);
    const sealed = sealSecret(key, "JBSWY3DPEHPK3PXP", "1:2");
    expect(openSecret(key, sealed, "1:2")).toBe("JBSWY3DPEHPK3PXP");
    expect(() => openSecret(key, sealed, "1:3")).toThrow();
    expect(() => openSecret(sealingKey("another-key-of-at-least-32-characters"), sealed, "1:2")).toThrow();
    expect(() => openSecret(null, sealed, "1:2")).toThrow(/TWO_FACTOR_KEY/);
    // without a key the secret is stored as it is, and still opens once a key is set
    expect(openSecret(key, sealSecret(null, "JBSWY3DPEHPK3PXP", "1:2"), "1:2")).toBe("JBSWY3DPEHPK3PXP");
  });
});
