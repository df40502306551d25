/**
 * Session tokens: 32 random bytes given to the client after the id of the user's company, only their SHA-256
 * stored, 7 days. The company part lets the lookup read one company's rows (one shard on Citus,
 * docs/citus.md); sign-in tickets and two-step tickets are made the same way.
 */
import { createHash, randomBytes } from "node:crypto";
import { TOKEN_LIFETIME_DAYS } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { preparedQuery } from "../../db/prepared.ts";

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

/** A token, ticket or challenge of a company: `<company id>.<32 random bytes, base64url>`. */
export const newCompanySecret = (companyId: number): string =>
  `${companyId}.${randomBytes(32).toString("base64url")}`;

/** Where a secret's row is: the company it names and its hash. */
export interface SecretKey {
  companyId: number;
  hash: string;
}

const COMPANY_SECRET = /^([1-9]\d{0,9})\.[A-Za-z0-9_-]{43}$/;

/**
 * The key of a secret made by `newCompanySecret`; undefined for anything else, which finds nothing (the
 * tokens issued before migration 0021 had no company part: those sessions ended with it).
 */
export function keyOfSecret(secret: string): SecretKey | undefined {
  const match = COMPANY_SECRET.exec(secret);
  return match ? { companyId: Number(match[1]), hash: hashToken(secret) } : undefined;
}

export async function issueToken(db: Db, companyId: number, userId: number): Promise<string> {
  const token = newCompanySecret(companyId);
  await db
    .insertInto("session_token")
    .values({
      token_hash: hashToken(token),
      company_id: companyId,
      user_id: userId,
      expires_at: sql<Date>`now() + make_interval(days => ${TOKEN_LIFETIME_DAYS})`,
    })
    .execute();
  return token;
}

const liveSession = preparedQuery((db, input: { companyId: number; tokenHash: string }) =>
  db
    .selectFrom("session_token")
    .innerJoin("app_user", (join) =>
      join
        .onRef("app_user.company_id", "=", "session_token.company_id")
        .onRef("app_user.id", "=", "session_token.user_id"),
    )
    .innerJoin("company", "company.id", "session_token.company_id")
    .select([
      "session_token.company_id",
      "session_token.user_id",
      "app_user.status",
      "app_user.report_scope",
      "company.account_id",
      "company.is_operator",
      // The roles come with the session: one round trip per authenticated request. The company is named
      // as a value, not as the session's column, so Citus plans the whole statement for one shard.
      sql<number[]>`array(
        select r.role_id from user_role r
        where r.company_id = ${input.companyId} and r.user_id = session_token.user_id
        order by r.role_id)`.as("role_ids"),
    ])
    .where("session_token.company_id", "=", input.companyId)
    .where("session_token.token_hash", "=", input.tokenHash)
    .where("session_token.revoked_at", "is", null)
    .where("session_token.expires_at", ">", sql<Date>`now()`),
);

/** The live session of a token (not expired, not revoked) with its user's status and role ids. */
export async function findLiveSession(db: Db, key: SecretKey) {
  const [session] = await liveSession(db, { companyId: key.companyId, tokenHash: key.hash });
  return session;
}

export async function revokeToken(db: Db, key: SecretKey): Promise<void> {
  await db
    .updateTable("session_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("company_id", "=", key.companyId)
    .where("token_hash", "=", key.hash)
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes every session of a user, optionally but one (a password change keeps the caller's). */
export async function revokeUserTokens(
  db: Db,
  companyId: number,
  userId: number,
  keepHash?: string,
): Promise<void> {
  let query = db
    .updateTable("session_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepHash) query = query.where("token_hash", "<>", keepHash);
  await query.execute();
}
