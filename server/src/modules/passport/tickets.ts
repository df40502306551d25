/**
 * Sign-in tickets (docs/rules/entities.md#session; docs/api.md#links-into-the-console-sign-in-tickets). A
 * link into the console carries a ticket, never a session token: 32 random bytes, only their SHA-256 stored,
 * valid for SIGN_IN_TICKET_SECONDS and exchanged once for a new session of the same user, while the session
 * that asked for it is still live. A leaked link (a log, the browser history, a shared screen) is then worth
 * nothing.
 */
import {
  AccountStatus,
  Code,
  type LoginAnswer,
  SIGN_IN_TICKET_SECONDS,
  type SignInTicketAnswer,
} from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { startSession } from "./session.ts";
import { findLiveSession, hashToken, keyOfSecret, newCompanySecret, type SecretKey } from "./tokens.ts";

/** A ticket for a link into the console, signing in as the user of the session `token`. */
export async function issueSignInTicket(db: Db, token: SecretKey): Promise<SignInTicketAnswer> {
  const ticket = newCompanySecret(token.companyId);
  await db
    .deleteFrom("sign_in_ticket")
    .where("company_id", "=", token.companyId)
    .where("expires_at", "<=", sql<Date>`now()`)
    .execute();
  await db
    .insertInto("sign_in_ticket")
    .values({
      company_id: token.companyId,
      ticket_hash: hashToken(ticket),
      token_hash: token.hash,
      expires_at: sql<Date>`now() + make_interval(secs => ${SIGN_IN_TICKET_SECONDS})`,
    })
    .execute();
  return { ticket, expires_in: SIGN_IN_TICKET_SECONDS };
}

/**
 * Spends a ticket (a second exchange finds nothing) and answers a new session, as login does. An unknown,
 * spent or expired ticket, or one whose session was revoked or whose user is frozen, is refused alike.
 */
export async function exchangeSignInTicket(db: Db, ticket: string, timeZone: string): Promise<LoginAnswer> {
  const key = keyOfSecret(ticket);
  const spent = key
    ? await db
        .deleteFrom("sign_in_ticket")
        .where("company_id", "=", key.companyId)
        .where("ticket_hash", "=", key.hash)
        .where("expires_at", ">", sql<Date>`now()`)
        .returning(["company_id", "token_hash"])
        .executeTakeFirst()
    : undefined;
  const session = spent
    ? await findLiveSession(db, { companyId: spent.company_id, hash: spent.token_hash })
    : undefined;
  if (!session || session.status !== AccountStatus.Normal) {
    throw new AppError(Code.ParamError, "ticketInvalid", {}, "ticket");
  }
  const who = {
    companyId: session.company_id,
    userId: session.user_id,
    accountId: session.account_id,
    isOperator: session.is_operator,
  };
  return startSession(db, who, timeZone);
}
