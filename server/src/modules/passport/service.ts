/** Sign-in and sign-out (docs/rules/sign-in.md#login-payload; docs/rules/sign-in.md#brute-force). */

import {
  AccountStatus,
  type CaptchaMoreData,
  Code,
  type LoginAnswer,
  type LoginForm,
  loginForm,
  nowSeconds,
  unstorableTextPath,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { decoyHash, verifyPassword } from "../../lib/passwords.ts";
import { safeEqualText } from "../../lib/safe-equal.ts";
import { signatureOf, withinSignatureWindow } from "../../lib/signing.ts";
import { findUserByEmail } from "../accounts/service.ts";
import { findCompany } from "../tenancy/service.ts";
import type { SealingKey } from "../two-factor/totp.ts";
import { consumeCaptcha } from "./captcha.ts";
import { captchaDebt } from "./captcha-debt.ts";
import { clearFailures, lockedForSeconds, recordFailure } from "./lockout.ts";
import type { LoginKey } from "./login-key.ts";
import { secondStepFor } from "./second-step.ts";
import { startSession } from "./session.ts";

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
