/** SQL of the two-factor module: authenticator secrets and recovery codes (tables of migration 0014). */
import { AccountStatus } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

export interface UserRef {
  companyId: number;
  userId: number;
}

export function findTotp(db: Db, user: UserRef) {
  return db
    .selectFrom("user_totp")
    .select(["secret", "enabled_time", "last_step"])
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .executeTakeFirst();
}

/** Stores a pending secret (not yet confirmed by a code), replacing a pending one; never an enabled one. */
export async function savePendingSecret(db: Db, user: UserRef, sealed: string): Promise<boolean> {
  const saved = await sql`
    insert into user_totp as t (company_id, user_id, secret)
    values (${user.companyId}, ${user.userId}, ${sealed})
    on conflict (company_id, user_id) do update
      set secret = excluded.secret, last_step = 0, create_time = excluded.create_time
      where t.enabled_time is null
  `.execute(db);
  return Number(saved.numAffectedRows ?? 0) > 0;
}

/** Turns a pending secret on, taking the step of the code that confirmed it; false when it was not pending. */
export async function enableTotp(db: Db, user: UserRef, step: number): Promise<boolean> {
  const updated = await db
    .updateTable("user_totp")
    .set({ enabled_time: sql<Date>`now()`, last_step: step })
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .where("enabled_time", "is", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Takes a time step for a code: false when a code of this step or a later one was taken already (replay). */
export async function takeStep(db: Db, user: UserRef, step: number): Promise<boolean> {
  const updated = await db
    .updateTable("user_totp")
    .set({ last_step: step })
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .where("enabled_time", "is not", null)
    .where("last_step", "<", step)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Removes the secret and, with it, the recovery codes. */
export async function deleteTotp(db: Db, user: UserRef): Promise<boolean> {
  const deleted = await db
    .deleteFrom("user_totp")
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

export async function replaceRecoveryCodes(db: Db, user: UserRef, hashes: readonly string[]): Promise<void> {
  await db
    .deleteFrom("user_recovery_code")
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .execute();
  await db
    .insertInto("user_recovery_code")
    .values(hashes.map((code_hash) => ({ company_id: user.companyId, user_id: user.userId, code_hash })))
    .execute();
}

/** Marks an unused recovery code used: "taken"; or tells why not: "used" before, or "unknown". */
export async function spendRecoveryCode(
  db: Db,
  user: UserRef,
  hash: string,
): Promise<"taken" | "used" | "unknown"> {
  const taken = await db
    .updateTable("user_recovery_code")
    .set({ used_time: sql<Date>`now()` })
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .where("code_hash", "=", hash)
    .where("used_time", "is", null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) > 0) return "taken";
  const known = await db
    .selectFrom("user_recovery_code")
    .select("used_time")
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .where("code_hash", "=", hash)
    .executeTakeFirst();
  return known ? "used" : "unknown";
}

export async function recoveryCodesLeft(db: Db, user: UserRef): Promise<number> {
  const { count } = await db
    .selectFrom("user_recovery_code")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .where("used_time", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A company's active users, and how many of them have two-step verification on. */
export async function countEnrolled(db: Db, companyId: number) {
  const row = await db
    .selectFrom("app_user")
    .leftJoin("user_totp", (join) =>
      join
        .onRef("user_totp.company_id", "=", "app_user.company_id")
        .onRef("user_totp.user_id", "=", "app_user.id")
        .on("user_totp.enabled_time", "is not", null),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as("members"),
      eb.fn.count<number>("user_totp.user_id").as("enrolled"),
    ])
    .where("app_user.company_id", "=", companyId)
    .where("app_user.status", "=", AccountStatus.Normal)
    .executeTakeFirstOrThrow();
  return { members: Number(row.members), enrolled: Number(row.enrolled) };
}

/** Ends the sessions of a company's users who have not turned two-step verification on. */
export async function revokeSessionsWithoutTwoFactor(db: Db, companyId: number): Promise<void> {
  await db
    .updateTable("session_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("company_id", "=", companyId)
    .where("revoked_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("user_totp")
            .select("user_totp.user_id")
            .whereRef("user_totp.company_id", "=", "session_token.company_id")
            .whereRef("user_totp.user_id", "=", "session_token.user_id")
            .where("user_totp.enabled_time", "is not", null),
        ),
      ),
    )
    .execute();
}
