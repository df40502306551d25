/**
 * Session tokens: 32 random bytes given to the client, only their SHA-256 stored, 7 days
 * (docs/rules/sign-in.md#sessions).
 */
import { createHash, randomBytes } from "node:crypto";
import { TOKEN_LIFETIME_DAYS } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { preparedQuery } from "../../db/prepared.ts";

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");

export async function issueToken(db: Db, companyId: number, userId: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
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

const liveSession = preparedQuery((db, input: { tokenHash: string }) =>
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
      // The roles come with the session: one round trip per authenticated request.
      sql<number[]>`array(
        select r.role_id from user_role r
        where r.company_id = session_token.company_id and r.user_id = session_token.user_id
        order by r.role_id)`.as("role_ids"),
    ])
    .where("session_token.token_hash", "=", input.tokenHash)
    .where("session_token.revoked_at", "is", null)
    .where("session_token.expires_at", ">", sql<Date>`now()`),
);

/** The live session of a token (not expired, not revoked) with its user's status and role ids. */
export async function findLiveSession(db: Db, tokenHash: string) {
  const [session] = await liveSession(db, { tokenHash });
  return session;
}

export async function revokeToken(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable("session_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("token_hash", "=", tokenHash)
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
