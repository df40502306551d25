/**
 * Emailed 6-digit codes (docs/rules/sign-in.md#password-calls): only a hash is stored, each lives 10 minutes,
 * is used once, allows a few wrong tries, and an address gets at most a few per hour. A new code replaces the
 * address's earlier one of the same purpose.
 */
import { createHash, randomInt } from "node:crypto";
import {
  Code,
  EMAIL_CODE_LIFETIME_SECONDS,
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_MAX_PER_HOUR,
  type EmailCodePurposeValue,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { safeEqualText } from "../../lib/safe-equal.ts";
import {
  countWrongEmailCode,
  findLiveEmailCode,
  insertEmailCode,
  markEmailCodeUsed,
  recentCodes,
} from "./repo.ts";

const HOUR_SECONDS = 3600;
/** Rows older than this are of no use to any rule and are dropped. */
const KEEP_SECONDS = 24 * HOUR_SECONDS;

/** What is stored of a code: its hash, salted with the address and purpose. */
export const hashCode = (email: string, purpose: string, code: string): string =>
  createHash("sha256").update(`${email}\n${purpose}\n${code}`).digest("hex");

const wrongCode = () => new AppError(Code.ParamError, "emailCodeWrong", {}, "code");

/** A code just made: its row and the code itself, which only its mail carries on. */
export interface IssuedCode {
  id: number;
  code: string;
}

/**
 * Makes a new code for an address and hands it to `then` inside the same transaction (which queues its
 * mail), answering what `then` answers. Refused with 601 once the address has had its codes for the hour.
 * Serialized per address so that two calls at once cannot both pass the count.
 */
export async function issueEmailCode<T>(
  db: Db,
  email: string,
  purpose: EmailCodePurposeValue,
  then: (tx: Db, issued: IssuedCode) => Promise<T>,
): Promise<T> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return inTransaction(db, async (tx) => {
    const recent = await recentCodes(tx, email, HOUR_SECONDS);
    if (recent.count >= EMAIL_CODE_MAX_PER_HOUR) {
      throw new AppError(
        Code.Forbidden,
        "emailCodeTooMany",
        { minutes: Math.max(1, recent.minutes) },
        "email",
      ).about({ account: email });
    }
    const id = await insertEmailCode(
      tx,
      { email, purpose, codeHash: hashCode(email, purpose, code) },
      { lifetimeSeconds: EMAIL_CODE_LIFETIME_SECONDS, keepSeconds: KEEP_SECONDS },
    );
    return then(tx, { id, code });
  });
}

/**
 * Checks a code against the address's live one and answers its id (spend it with `spendEmailCode` in the
 * transaction that uses it). A wrong code counts a try, kept even though the call fails; the last allowed
 * wrong try spends the code.
 */
export async function verifyEmailCode(
  db: Db,
  email: string,
  purpose: EmailCodePurposeValue,
  code: string,
): Promise<number> {
  const live = await findLiveEmailCode(db, email, purpose);
  if (!live) throw wrongCode();
  if (safeEqualText(live.code_hash, hashCode(email, purpose, code))) return live.id;
  const attempts = await countWrongEmailCode(db, live.id, EMAIL_CODE_MAX_ATTEMPTS);
  if (attempts !== undefined && attempts >= EMAIL_CODE_MAX_ATTEMPTS) {
    throw new AppError(Code.ParamError, "emailCodeAttemptsExceeded", {}, "code").about({ account: email });
  }
  throw wrongCode();
}

/** Marks a verified code used; a code spent meanwhile by a concurrent call is refused like a wrong one. */
export async function spendEmailCode(tx: Db, codeId: number): Promise<void> {
  if (!(await markEmailCodeUsed(tx, codeId))) throw wrongCode();
}
