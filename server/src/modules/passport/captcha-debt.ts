/**
 * The captchas one sign-in try costs from a client address with many failed sign-ins (lockout.ts): one below
 * the address's threshold, then more as its failures grow. Nothing is locked: a try answers its captcha; while
 * its address asks for more, a right answer earns a pass, which the client's next try from that address
 * brings with its own captcha, until the try has answered enough of them. A pass is the client's own, so
 * nobody else at the address can spend what that client answered.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { ADDRESS_FAILURE_THRESHOLD, addressFailures } from "./lockout.ts";

const MAX_CAPTCHAS_PER_TRY = 4;
/** Time to answer the next captcha with a pass: the user reads the message and a new image first. */
const PASS_LIFETIME_SECONDS = 300;

/** Captchas a try costs from an address with this many failures across accounts. */
function captchasPerTry(failures: number): number {
  if (failures < ADDRESS_FAILURE_THRESHOLD) return 1;
  const past = Math.floor((failures - ADDRESS_FAILURE_THRESHOLD) / ADDRESS_FAILURE_THRESHOLD);
  return Math.min(MAX_CAPTCHAS_PER_TRY, 2 + past);
}

/** Spends the pass (once) and answers the captchas answered with it before, or 0 for none or a spent one. */
async function spendPass(db: Db, address: string, passId: string | undefined): Promise<number> {
  if (!passId) return 0;
  const row = await db
    .deleteFrom("sign_in_pass")
    .where("id", "=", passId)
    .where("address", "=", address)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("captchas")
    .executeTakeFirst();
  return row?.captchas ?? 0;
}

export interface CaptchaDebt {
  /** The pass the next try brings. */
  pass: string;
  /** Captchas still to answer, the next try's own included. */
  owed: number;
}

/**
 * After the try's own captcha was answered right: null when the try has answered as many as its address asks
 * for, else the pass for the next try and what it still owes.
 */
export async function captchaDebt(
  db: Db,
  address: string,
  passId: string | undefined,
): Promise<CaptchaDebt | null> {
  const answered = 1 + (await spendPass(db, address, passId));
  const owed = captchasPerTry(await addressFailures(db, address)) - answered;
  if (owed <= 0) return null;
  const pass = randomUUID();
  await db.deleteFrom("sign_in_pass").where("expires_at", "<", sql<Date>`now()`).execute();
  await db
    .insertInto("sign_in_pass")
    .values({
      id: pass,
      address,
      captchas: answered,
      expires_at: sql<Date>`now() + make_interval(secs => ${PASS_LIFETIME_SECONDS})`,
    })
    .execute();
  return { pass, owed };
}
