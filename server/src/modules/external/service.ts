/** Replay protection of signed external calls: a sign is accepted once, whichever process sees it. */
import { Code, SIGNATURE_WINDOW_SECONDS } from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { claimSign, purgeSigns } from "./repo.ts";

/** Signs are kept this much longer than their window, so processes whose clocks differ still agree. */
const CLOCK_DRIFT_MARGIN_SECONDS = 60;
/** How often a process forgets expired signs. */
const PURGE_EVERY_SECONDS = 60;

/** A verified call's sign, and its timestamp (seconds), which says how long the sign must be kept. */
export type SignClaim = (call: { sign: string; timestamp: number }, nowSeconds: number) => Promise<void>;

/**
 * Accepts each sign once: the insert into the shared table decides (insert … on conflict do nothing), so
 * two processes handed the same call at once cannot both accept it. Refuses a sign seen before.
 */
export function signClaimer(db: Db): SignClaim {
  let nextPurge = 0;
  return async (call, nowSeconds) => {
    if (nowSeconds >= nextPurge) {
      nextPurge = nowSeconds + PURGE_EVERY_SECONDS;
      await purgeSigns(db, new Date(nowSeconds * 1000));
    }
    const expiresAt = new Date(
      (call.timestamp + SIGNATURE_WINDOW_SECONDS + CLOCK_DRIFT_MARGIN_SECONDS) * 1000,
    );
    if (!(await claimSign(db, call.sign, expiresAt))) {
      throw new AppError(Code.ParamError, "signReplayed", {}, "sign");
    }
  };
}
