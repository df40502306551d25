/**
 * Sign-in, as the data goes (docs/rules/sign-in.md#login-payload; docs/rules/sign-in.md#brute-force): the
 * login form is decrypted with the login key and its signature checked; its captcha is consumed, and an address
 * with many failures owes more of them (captcha.ts); while the account is locked from this address the try is
 * refused (lockout.ts); the password is checked against the user (accounts), and a wrong one counts a failure.
 * Then either a session starts (sessions.ts) or the second step is asked for.
 *
 * The second step (docs/rules/sign-in.md#two-step-verification). When the password is right and the user has
 * two-step verification on, or the user's company requires it, sign-in answers 609 with a one-time ticket (32
 * random bytes, only their SHA-256 stored, minutes long) instead of a session; the ticket and a code of the
 * user's authenticator app (or a recovery code) then answer the session. A user who must set the app up first
 * gets the setup (QR code URI and secret) with the ticket, and the first code turns it on (two-factor.ts).
 * Wrong codes count towards the sign-in lockout, and a ticket takes at most TWO_FACTOR_TICKET_MAX_ATTEMPTS of
 * them.
 */

import {
  AccountStatus,
  type CaptchaMoreData,
  Code,
  type LoginAnswer,
  type LoginForm,
  loginForm,
  nowSeconds,
  TWO_FACTOR_ENROL_TICKET_SECONDS,
  TWO_FACTOR_TICKET_MAX_ATTEMPTS,
  TWO_FACTOR_TICKET_SECONDS,
  type TwoFactorChallenge,
  type TwoFactorLoginAnswer,
  type TwoFactorLoginBody,
  unstorableTextPath,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { decoyHash, verifyPassword } from "../../lib/passwords.ts";
import { safeEqualText } from "../../lib/safe-equal.ts";
import { signatureOf, withinSignatureWindow } from "../../lib/signing.ts";
import { findUser, findUserByEmail } from "../accounts/service.ts";
import { findCompany } from "../tenancy/service.ts";
import { captchaDebt, consumeCaptcha } from "./captcha.ts";
import { clearFailures, codeCheckOf, lockedForSeconds, recordFailure, underLockout } from "./lockout.ts";
import type { LoginKey } from "./login-key.ts";
import {
  type ChallengePurpose,
  countWrongChallengeCode,
  deleteChallenge,
  findLiveChallenge,
  hasTwoFactor,
  insertChallenge,
} from "./repo.ts";
import { hashToken, keyOfSecret, newCompanySecret, type SessionUser, startSession } from "./sessions.ts";
import type { SealingKey } from "./totp.ts";
import { beginSetup, confirmSetup, type TwoFactorDeps, verifyCode } from "./two-factor.ts";

export interface LoginDeps {
  db: Db;
  loginKey: LoginKey;
  callerSecret: string;
  timeZone: string;
  /** Seals two-step verification secrets set up at sign-in (TWO_FACTOR_KEY). */
  twoFactorKey: SealingKey;
}

/** Decrypts and validates the payload; every failure is a 604 naming what is wrong. */
function readLoginForm(loginKey: LoginKey, data: string): LoginForm {
  let json: unknown;
  try {
    json = JSON.parse(loginKey.decrypt(Buffer.from(data, "base64")).toString("utf8"));
  } catch {
    throw new AppError(Code.ParamError, "payloadUnreadable", {}, "data");
  }
  // The request's own text was checked (plugins/text-inputs.ts); the form inside the ciphertext is checked here.
  const unstorable = unstorableTextPath(json);
  if (unstorable)
    throw new AppError(Code.ParamError, "illegalCharacters", {}, unstorable.join(".") || "data");
  const parsed = loginForm.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "data";
    throw new AppError(Code.ParamError, "invalidField", { field, detail: issue?.message ?? "" }, field);
  }
  return parsed.data;
}

function checkSignature(form: LoginForm, callerSecret: string): void {
  if (!withinSignatureWindow(form.timestamp, nowSeconds())) {
    throw new AppError(Code.ParamError, "timestampStale", {}, "timestamp");
  }
  const { sign: given, ...signed } = form;
  if (!safeEqualText(given, signatureOf(callerSecret, signed, form.timestamp))) {
    throw new AppError(Code.ParamError, "signWrong", {}, "sign");
  }
}

export async function login(deps: LoginDeps, data: string, clientAddress: string): Promise<LoginAnswer> {
  const { db } = deps;
  const form = readLoginForm(deps.loginKey, data);
  checkSignature(form, deps.callerSecret);
  if (!(await consumeCaptcha(db, form.captcha_id, form.captcha_answer))) {
    throw new AppError(Code.ParamError, "captchaWrong", {}, "captcha_answer");
  }
  // Asked before the password is read, so a try that has not paid its captchas learns nothing of it.
  const debt = await captchaDebt(db, clientAddress, form.captcha_pass);
  if (debt) {
    const more: CaptchaMoreData = { field: "captcha_answer", captcha_pass: debt.pass, captchas: debt.owed };
    throw new AppError(Code.ParamError, "captchaMore", { count: debt.owed }).carrying(more);
  }
  const subject = { account: form.email, address: clientAddress };
  const lockedSeconds = await lockedForSeconds(db, subject);
  if (lockedSeconds > 0) {
    throw new AppError(Code.Forbidden, "loginLocked", { seconds: lockedSeconds }).about(subject);
  }

  const user = await findUserByEmail(db, form.email);
  const passwordRight = await verifyPassword(user?.password_hash ?? (await decoyHash()), form.password);
  const named = { account: form.email, userId: user?.id, companyId: user?.company_id };
  if (!user || !passwordRight) {
    await recordFailure(db, subject);
    throw new AppError(Code.BadCredentials).about(named);
  }
  if (user.status === AccountStatus.Frozen) throw new AppError(Code.Forbidden, "accountFrozen").about(named);
  const company = await findCompany(db, user.company_id);
  if (!company) throw new AppError(Code.BadCredentials).about(named);

  const who = {
    companyId: user.company_id,
    userId: user.id,
    accountId: company.account_id,
    isOperator: company.is_operator,
  };
  // Two-step verification: no session yet, but a ticket for the code (609). The failures are cleared only once
  // the code is right, so wrong codes and wrong passwords count towards the same lockout.
  const secondStep = await secondStepFor({ db, key: deps.twoFactorKey }, who, company.require_two_factor);
  if (secondStep) {
    const message = secondStep.setup ? "twoFactorEnrolRequired" : undefined;
    throw new AppError(Code.TwoFactorRequired, message).carrying(secondStep);
  }
  await clearFailures(db, subject);
  return startSession(db, who, deps.timeZone);
}

// ── The second step ─────────────────────────────────────────────────────────────────────────────────

async function issueChallenge(
  db: Db,
  who: SessionUser,
  purpose: ChallengePurpose,
  seconds: number,
): Promise<string> {
  const ticket = newCompanySecret(who.companyId);
  await insertChallenge(db, { ...who, ticketHash: hashToken(ticket), purpose }, seconds);
  return ticket;
}

/**
 * What a sign-in whose password was right still needs: nothing (null), a code (the user has two-step
 * verification on), or setting the app up (the company requires it and the user has not).
 */
async function secondStepFor(
  deps: TwoFactorDeps,
  who: SessionUser,
  companyRequires: boolean,
): Promise<TwoFactorChallenge | null> {
  if (await hasTwoFactor(deps.db, who)) {
    const ticket = await issueChallenge(deps.db, who, "verify", TWO_FACTOR_TICKET_SECONDS);
    return { ticket, expires_in: TWO_FACTOR_TICKET_SECONDS, setup: null };
  }
  if (!companyRequires) return null;
  const setup = await beginSetup(deps, who);
  const ticket = await issueChallenge(deps.db, who, "enrol", TWO_FACTOR_ENROL_TICKET_SECONDS);
  return { ticket, expires_in: TWO_FACTOR_ENROL_TICKET_SECONDS, setup };
}

const ticketInvalid = () => new AppError(Code.ParamError, "twoFactorTicketInvalid", {}, "ticket");

/**
 * `POST /v1/passport/user/two_factor_login`: the ticket of a sign-in and a code answer the session (with the
 * recovery codes when the code turned two-step verification on). An unknown, used or expired ticket answers 604
 * (field ticket); a wrong code 610 (field code), counted; while the account is locked from this address, 601.
 */
export async function exchangeSecondStep(
  deps: TwoFactorDeps & { timeZone: string },
  body: TwoFactorLoginBody,
  clientAddress: string,
): Promise<TwoFactorLoginAnswer> {
  const { db } = deps;
  const ticket = keyOfSecret(body.ticket);
  if (!ticket) throw ticketInvalid();
  const challenge = await findLiveChallenge(db, ticket);
  if (!challenge) throw ticketInvalid();
  const who = { companyId: challenge.company_id, userId: challenge.user_id };
  const [user, company] = await Promise.all([
    findUser(db, who.companyId, who.userId),
    findCompany(db, who.companyId),
  ]);
  if (!user || !company) throw ticketInvalid();
  const check = codeCheckOf(user, clientAddress);
  if (user.status === AccountStatus.Frozen) {
    throw new AppError(Code.Forbidden, "accountFrozen").about(check.named);
  }

  let recoveryCodes: string[] | undefined;
  try {
    await underLockout(db, check, async () => {
      if (challenge.purpose === "enrol") recoveryCodes = await confirmSetup(deps, who, body.code);
      else await verifyCode(deps, who, body.code);
    });
  } catch (error) {
    // A wrong code counts against its ticket too: the last allowed one spends the ticket.
    if (error instanceof AppError && error.code === Code.TwoFactorCodeWrong) {
      await countWrongChallengeCode(db, ticket, TWO_FACTOR_TICKET_MAX_ATTEMPTS);
    }
    throw error;
  }
  if (!(await deleteChallenge(db, ticket))) throw ticketInvalid();
  await clearFailures(db, check.subject);
  const session = await startSession(
    db,
    { ...who, accountId: company.account_id, isOperator: company.is_operator },
    deps.timeZone,
  );
  return recoveryCodes ? { ...session, recovery_codes: recoveryCodes } : session;
}
