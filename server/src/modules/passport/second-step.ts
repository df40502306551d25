/**
 * The second step of a sign-in (docs/rules/sign-in.md#two-step-verification). When the password is right and
 * the user has two-step verification on, or the user's company requires it, sign-in answers 609 with a
 * one-time ticket (32 random bytes, only their SHA-256 stored, minutes long) instead of a session; the ticket
 * and a code of the user's authenticator app (or a recovery code) then answer the session. A user who must
 * set the app up first gets the setup (QR code URI and secret) with the ticket, and the first code turns it
 * on. Wrong codes count towards the sign-in lockout, and a ticket takes at most
 * TWO_FACTOR_TICKET_MAX_ATTEMPTS of them.
 */
import {
  AccountStatus,
  Code,
  TWO_FACTOR_ENROL_TICKET_SECONDS,
  TWO_FACTOR_TICKET_MAX_ATTEMPTS,
  TWO_FACTOR_TICKET_SECONDS,
  type TwoFactorChallenge,
  type TwoFactorLoginAnswer,
  type TwoFactorLoginBody,
} from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { findUser } from "../accounts/service.ts";
import { findCompany } from "../tenancy/service.ts";
import {
  beginSetup,
  codeCheckOf,
  confirmSetup,
  hasTwoFactor,
  type TwoFactorDeps,
  underLockout,
  verifyCode,
} from "../two-factor/service.ts";
import { clearFailures } from "./lockout.ts";
import { type SessionUser, startSession } from "./session.ts";
import { hashToken, keyOfSecret, newCompanySecret, type SecretKey } from "./tokens.ts";

type Purpose = "verify" | "enrol";

async function issueChallenge(db: Db, who: SessionUser, purpose: Purpose, seconds: number): Promise<string> {
  const ticket = newCompanySecret(who.companyId);
  await db
    .deleteFrom("two_factor_challenge")
    .where("company_id", "=", who.companyId)
    .where("expires_at", "<=", sql<Date>`now()`)
    .execute();
  await db
    .insertInto("two_factor_challenge")
    .values({
      ticket_hash: hashToken(ticket),
      company_id: who.companyId,
      user_id: who.userId,
      purpose,
      expires_at: sql<Date>`now() + make_interval(secs => ${seconds})`,
    })
    .execute();
  return ticket;
}

/**
 * What a sign-in whose password was right still needs: nothing (null), a code (the user has two-step
 * verification on), or setting the app up (the company requires it and the user has not).
 */
export async function secondStepFor(
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

/** Counts a wrong code against its ticket: the last allowed one spends the ticket. */
async function countWrongCode(db: Db, ticket: SecretKey): Promise<void> {
  await db
    .updateTable("two_factor_challenge")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("company_id", "=", ticket.companyId)
    .where("ticket_hash", "=", ticket.hash)
    .execute();
  await db
    .deleteFrom("two_factor_challenge")
    .where("company_id", "=", ticket.companyId)
    .where("ticket_hash", "=", ticket.hash)
    .where("attempts", ">=", TWO_FACTOR_TICKET_MAX_ATTEMPTS)
    .execute();
}

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
  const challenge = await db
    .selectFrom("two_factor_challenge")
    .select(["company_id", "user_id", "purpose"])
    .where("company_id", "=", ticket.companyId)
    .where("ticket_hash", "=", ticket.hash)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
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
    if (error instanceof AppError && error.code === Code.TwoFactorCodeWrong) {
      await countWrongCode(db, ticket);
    }
    throw error;
  }
  const spent = await db
    .deleteFrom("two_factor_challenge")
    .where("company_id", "=", ticket.companyId)
    .where("ticket_hash", "=", ticket.hash)
    .returning("ticket_hash")
    .executeTakeFirst();
  if (!spent) throw ticketInvalid();
  await clearFailures(db, check.subject);
  const session = await startSession(
    db,
    { ...who, accountId: company.account_id, isOperator: company.is_operator },
    deps.timeZone,
  );
  return recoveryCodes ? { ...session, recovery_codes: recoveryCodes } : session;
}
