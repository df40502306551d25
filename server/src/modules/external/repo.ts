/** SQL of the external module: the signs it has accepted, shared by every server process. */
import type { Db } from "../../db/database.ts";

/** Records a sign; false when it was recorded before (by this or any other process). */
export async function claimSign(db: Db, sign: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto("external_api_sign")
    .values({ sign, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column("sign").doNothing())
    .returning("sign")
    .executeTakeFirst();
  return row !== undefined;
}

/** Forgets signs whose timestamps are outside the window for good. */
export async function purgeSigns(db: Db, before: Date): Promise<void> {
  await db.deleteFrom("external_api_sign").where("expires_at", "<", before).execute();
}
