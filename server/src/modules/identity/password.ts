/** Password change, emailed codes, password reset and registration (docs/rules/sign-in.md#password-calls). */
import {
  Code,
  EMAIL_CODE_LIFETIME_SECONDS,
  type EmailCodeAnswer,
  EmailCodePurpose,
  type EmailCodePurposeValue,
  type emailCodeBody,
  formatMessage,
  type LangValue,
  MESSAGES,
  type MessageKey,
  type passwordChangeBody,
  type RegisterAnswer,
  type registerBody,
  type resetPasswordBody,
} from "@pc/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { PgCode, violated } from "../../lib/db-errors.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { type RateLimit, takeEvent } from "../../lib/rate-limit.ts";
import { findUser, findUserByEmail, setUserPassword } from "../accounts/service.ts";
import { createCompany } from "../tenancy/service.ts";
import { consumeCaptcha } from "./captcha.ts";
import { type CodeMailDeps, queueCodeMail } from "./code-mail.ts";
import { issueEmailCode, spendEmailCode, verifyEmailCode } from "./email-code.ts";
import { clearAccountFailures, lockedForSeconds, recordFailure } from "./lockout.ts";
import { type CodeMailKind, revokeUserSessions } from "./repo.ts";

export interface PasswordDeps {
  db: Db;
  codeMail: CodeMailDeps;
  /** Starts the first try of a queued code mail without waiting for it. */
  sendInBackground(mailId: number): void;
}

const CODE_MINUTES = EMAIL_CODE_LIFETIME_SECONDS / 60;
const HOUR_SECONDS = 3600;
/**
 * Code requests from one client address an hour, whatever addresses they are for
 * (docs/rules/sign-in.md#password-calls).
 */
export const EMAIL_SENDS_PER_CLIENT: RateLimit = {
  scope: "email_send_client",
  max: 20,
  windowSeconds: HOUR_SECONDS,
};
/** Codes tried (registration, reset) from one client address an hour. */
export const CODE_CHECKS_PER_CLIENT: RateLimit = {
  scope: "code_check_client",
  max: 30,
  windowSeconds: HOUR_SECONDS,
};

/**
 * `PUT /v1/passport/user/password`: the old password must be right (606; failures count towards the sign-in
 * lockout of the account and address); the caller's other sessions are signed out, this one is kept.
 */
export async function changePassword(
  db: Db,
  session: { companyId: number; userId: number; tokenHash: string },
  body: z.output<typeof passwordChangeBody>,
  clientAddress: string,
): Promise<void> {
  const user = await findUser(db, session.companyId, session.userId);
  if (!user) throw new AppError(Code.TokenInvalid);
  const subject = { account: user.email, address: clientAddress };
  const lockedSeconds = await lockedForSeconds(db, subject);
  if (lockedSeconds > 0) throw new AppError(Code.Forbidden, "loginLocked", { seconds: lockedSeconds });
  if (!(await verifyPassword(user.password_hash, body.old_password))) {
    await recordFailure(db, subject);
    throw new AppError(Code.WrongPassword, "oldPasswordWrong", {}, "old_password");
  }
  if (body.new_password === body.old_password) {
    throw new AppError(Code.ParamError, "passwordUnchanged", {}, "new_password");
  }
  const passwordHash = await hashPassword(body.new_password);
  await inTransaction(db, async (tx) => {
    await setUserPassword(
      tx,
      { companyId: user.company_id, userId: user.id },
      passwordHash,
      "password_change",
    );
    await revokeUserSessions(tx, { companyId: user.company_id, userId: user.id }, session.tokenHash);
    await clearAccountFailures(tx, user.email);
  });
}

/**
 * What a code request mails: a reset code only to an address with an account, nothing otherwise; a
 * registration code only to an address without one, the registered notice otherwise.
 */
function mailKindFor(purpose: EmailCodePurposeValue, hasAccount: boolean): CodeMailKind | null {
  if (purpose === EmailCodePurpose.Reset) return hasAccount ? "reset_code" : null;
  return hasAccount ? "registered_notice" : "register_code";
}

/**
 * `POST /v1/passport/captcha/send_email`: after the captcha, emails a code. The answer is the same whether or
 * not the address has an account, for a reset as for a registration (docs/rules/sign-in.md#password-calls): a
 * code is made and counted against the address either way, and only what is mailed differs. The mail is
 * queued with the code and leaves in the background (`code-mail.ts`: retried while the mail server is down),
 * so neither the answer nor its time tells whether the address has an account, or whether the mail server is
 * up. A client address asks for a limited number an hour.
 */
export async function sendEmailCode(
  { db, codeMail, sendInBackground }: PasswordDeps,
  body: z.output<typeof emailCodeBody>,
  lang: LangValue,
  clientAddress: string,
): Promise<{ answer: EmailCodeAnswer; message: string }> {
  await takeEvent(db, EMAIL_SENDS_PER_CLIENT, [clientAddress]);
  if (!(await consumeCaptcha(db, body.captcha_id, body.captcha_answer))) {
    throw new AppError(Code.ParamError, "captchaWrong", {}, "captcha_answer");
  }
  const user = await findUserByEmail(db, body.email);
  const kind = mailKindFor(body.purpose, user !== undefined);
  const mailId = await issueEmailCode(db, body.email, body.purpose, (tx, issued) =>
    kind === null
      ? Promise.resolve(null)
      : queueCodeMail(tx, codeMail.key, {
          kind,
          emailCodeId: issued.id,
          to: body.email,
          lang,
          code: issued.code,
        }),
  );
  if (mailId !== null) sendInBackground(mailId);
  const sent: MessageKey =
    body.purpose === EmailCodePurpose.Reset ? "emailCodeSentReset" : "emailCodeSentRegister";
  return {
    answer: { expires_in: EMAIL_CODE_LIFETIME_SECONDS },
    message: formatMessage(MESSAGES[sent][lang], { minutes: CODE_MINUTES }),
  };
}

/** `POST /v1/passport/user/reset_password`: a right code sets the password and signs out every session. */
export async function resetPassword(
  db: Db,
  body: z.output<typeof resetPasswordBody>,
  clientAddress: string,
): Promise<void> {
  await takeEvent(db, CODE_CHECKS_PER_CLIENT, [clientAddress]);
  const codeId = await verifyEmailCode(db, body.email, EmailCodePurpose.Reset, body.code);
  const user = await findUserByEmail(db, body.email);
  if (!user) throw new AppError(Code.ParamError, "emailCodeWrong", {}, "code");
  const passwordHash = await hashPassword(body.password);
  await inTransaction(db, async (tx) => {
    await spendEmailCode(tx, codeId);
    await setUserPassword(
      tx,
      { companyId: user.company_id, userId: user.id },
      passwordHash,
      "password_reset",
    );
    await revokeUserSessions(tx, { companyId: user.company_id, userId: user.id });
    await clearAccountFailures(tx, user.email);
  });
}

/**
 * `POST /v1/passport/user/register`: a right code creates a publisher company with the registrant as its
 * super admin. Whether the email is in use is told only once its code is proven
 * (docs/rules/sign-in.md#password-calls).
 */
export async function register(
  db: Db,
  body: z.output<typeof registerBody>,
  clientAddress: string,
): Promise<RegisterAnswer> {
  await takeEvent(db, CODE_CHECKS_PER_CLIENT, [clientAddress]);
  const codeId = await verifyEmailCode(db, body.email, EmailCodePurpose.Register, body.code);
  if (await findUserByEmail(db, body.email)) throw new AppError(Code.ParamError, "emailTaken", {}, "email");
  try {
    return await inTransaction(db, async (tx) => {
      await spendEmailCode(tx, codeId);
      const created = await createCompany(tx, {
        name: body.company_name,
        hosts: [],
        isOperator: false,
        admin: { email: body.email, userName: body.user_name, passwordMd5: body.password },
      });
      await writeAudit(tx, {
        companyId: created.company_id,
        userId: created.user_id,
        action: "register",
        entity: "company",
        entityId: created.company_id,
        after: { company_name: body.company_name, user_name: body.user_name, email: body.email },
      });
      return created;
    });
  } catch (error) {
    if (violated(error, PgCode.UniqueViolation))
      throw new AppError(Code.ParamError, "emailTaken", {}, "email");
    throw error;
  }
}
