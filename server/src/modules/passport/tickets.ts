/**
 * Sign-in tickets (docs/rules/entities.md#session; docs/api.md#links-into-the-console-sign-in-tickets). A
 * link into the console carries a ticket, never a session token: 32 random bytes, only their SHA-256 stored,
 * valid for SIGN_IN_TICKET_SECONDS and exchanged once for a new session of the same user, while the session
 * that asked for it is still live. A leaked link (a log, the browser history, a shared screen) is then worth
 * nothing.
 */
import { randomBytes } from "node:crypto";
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
import { findLiveSession, hashToken } from "./tokens.ts";

/** A ticket for a link into the console, signing in as the user of the session `tokenHash`. */
export async function issueSignInTicket(db: Db, tokenHash: string): Promise<SignInTicketAnswer> {
  const ticket = randomBytes(32).toString("base64url");
  await db.deleteFrom("sign_in_ticket").where("expires_at", "<=", sql<Date>`now()`).execute();
  await db
    .insertInto("sign_in_ticket")
    .values({
      ticket_hash: hashToken(ticket),
      token_hash: tokenHash,
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
  const spent = await db
    .deleteFrom("sign_in_ticket")
    .where("ticket_hash", "=", hashToken(ticket))
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("token_hash")
    .executeTakeFirst();
  const session = spent ? await findLiveSession(db, spent.token_hash) : undefined;
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
