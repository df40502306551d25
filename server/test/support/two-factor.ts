/** Two-step verification set up through the service, as the account page does (for tests of other things). */
import type { Db } from "../../src/db/database.ts";
import { totpCode } from "../../src/modules/identity/totp.ts";
import { beginSetup, confirmSetup } from "../../src/modules/identity/two-factor.ts";

/** Turns two-step verification on afresh for a user (TWO_FACTOR_KEY unset); answers the secret and recovery codes. */
export async function enrolDirectly(db: Db, user: { companyId: number; userId: number }) {
  await db
    .deleteFrom("user_totp")
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .execute();
  const deps = { db, key: null };
  const { secret } = await beginSetup(deps, user);
  const recoveryCodes = await confirmSetup(deps, user, totpCode(secret));
  return { secret, recoveryCodes };
}
