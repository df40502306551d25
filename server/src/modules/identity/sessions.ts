/**
 * Sessions and the secrets that start them (docs/rules/entities.md#session). A session token is 32 random
 * bytes given to the client after the id of the user's company, only their SHA-256 stored, valid
 * TOKEN_LIFETIME_DAYS; the company part lets the lookup read one company's rows (one shard on Citus,
 * docs/citus.md). Sign-in tickets and two-step tickets are made the same way.
 *
 * A link into the console carries a sign-in ticket, never a session token
 * (docs/api.md#links-into-the-console-sign-in-tickets): valid SIGN_IN_TICKET_SECONDS and exchanged once for a
 * new session of the same user, while the session that asked for it is still live. A leaked link (a log, the
 * browser history, a shared screen) is then worth nothing.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  AccountStatus,
  Code,
  type LoginAnswer,
  type Principal,
  SIGN_IN_TICKET_SECONDS,
  type SignInTicketAnswer,
  TOKEN_LIFETIME_DAYS,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { loadUserInfo, principalOf } from "../accounts/service.ts";
import {
  findLiveSession,
  insertSession,
  insertSignInTicket,
  revokeSession,
  revokeUserSessions,
  type SecretKey,
  takeSignInTicket,
  type UserRef,
} from "./repo.ts";

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A token, ticket or challenge of a company: `<company id>.<32 random bytes, base64url>`. */
export const newCompanySecret = (companyId: number): string =>
  `${companyId}.${randomBytes(32).toString("base64url")}`;

const COMPANY_SECRET = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/;

/**
 * The key of a secret made by `newCompanySecret`; undefined for anything else, which finds nothing (the
 * tokens issued before migration 0021 had no company part: those sessions ended with it).
 */
export function keyOfSecret(secret: string): SecretKey | undefined {
  const match = COMPANY_SECRET.exec(secret);
  return match ? { companyId: Number(match[1]), hash: hashToken(secret) } : undefined;
}

/** A new session token of a user. */
export async function issueToken(db: Db, companyId: number, userId: number): Promise<string> {
  const token = newCompanySecret(companyId);
  await insertSession(db, { companyId, userId, tokenHash: hashToken(token) }, TOKEN_LIFETIME_DAYS);
  return token;
}

/** Who a new session is for: the user, and their company's account and kind. */
export type SessionUser = Parameters<typeof loadUserInfo>[1];

/** A new session for a user: its token and the user's info, the answer of every way in. */
export async function startSession(db: Db, who: SessionUser, timeZone: string): Promise<LoginAnswer> {
  const token = await issueToken(db, who.companyId, who.userId);
  return { token, user_info: await loadUserInfo(db, who, timeZone) };
}

/** A request's session: its user, company and permissions, and where its token's row is. */
export interface Session {
  tokenHash: string;
  userId: number;
  companyId: number;
  accountId: number;
  isOperator: boolean;
  principal: Principal;
}

/** The session of a token: live (not expired, not revoked) and of a user not frozen; else null. */
export async function sessionOfToken(db: Db, token: string): Promise<Session | null> {
  const key = keyOfSecret(token);
  const row = key ? await findLiveSession(db, key) : undefined;
  if (!key || !row || row.status !== AccountStatus.Normal) return null;
  return {
    tokenHash: key.hash,
    userId: row.user_id,
    companyId: row.company_id,
    accountId: row.account_id,
    isOperator: row.is_operator,
    principal: principalOf(row.role_ids, row.report_scope, row.is_operator),
  };
}

/** Where the row of a session's token is. */
export const tokenKeyOf = (session: Session): SecretKey => ({
  companyId: session.companyId,
  hash: session.tokenHash,
});

/** Signs a session out. */
export const endSession = (db: Db, session: Session): Promise<void> => revokeSession(db, tokenKeyOf(session));

/** Ends every session of a user but the one whose token hash is kept (a password change keeps the caller's). */
export const endUserSessions = (db: Db, user: UserRef, keepHash?: string): Promise<void> =>
  revokeUserSessions(db, user, keepHash);

/** A ticket for a link into the console, signing in as the user of the session `token`. */
export async function issueSignInTicket(db: Db, token: SecretKey): Promise<SignInTicketAnswer> {
  const ticket = newCompanySecret(token.companyId);
  await insertSignInTicket(
    db,
    { key: { companyId: token.companyId, hash: hashToken(ticket) }, tokenHash: token.hash },
    SIGN_IN_TICKET_SECONDS,
  );
  return { ticket, expires_in: SIGN_IN_TICKET_SECONDS };
}

/**
 * Spends a ticket (a second exchange finds nothing) and answers a new session, as login does. An unknown,
 * spent or expired ticket, or one whose session was revoked or whose user is frozen, is refused alike.
 */
export async function exchangeSignInTicket(db: Db, ticket: string, timeZone: string): Promise<LoginAnswer> {
  const key = keyOfSecret(ticket);
  const spent = key ? await takeSignInTicket(db, key) : undefined;
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
