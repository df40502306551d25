/**
 * Failed sign-ins counted in the database, so every server process sees them, in three budgets:
 * - an account from one client address: past its threshold the account is locked there, for a delay that
 *   doubles with each further failure; someone guessing from elsewhere does not lock its owner out;
 * - an account from every address, within an hour: past a higher threshold, which one address cannot reach
 *   alone (its own lock slows it first), the account is locked everywhere, against guessing spread over
 *   many addresses;
 * - a client address across accounts: it locks nothing, since an office behind one NAT shares it; past its
 *   threshold every try from that address costs more captchas (captcha.ts).
 */
import { Code } from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError, type RefusalSubject } from "../../lib/app-error.ts";
import {
  countFailure,
  deleteFailures,
  deleteFailuresStartingWith,
  type FailureKey,
  failuresOf,
  lockedSeconds,
  lockPastThreshold,
} from "./repo.ts";

type Scope = "account_address" | "account" | "address";

interface Policy {
  threshold: number;
  /** Past the threshold, sign-in to the account is refused for a growing delay. */
  locks: boolean;
  /** Failures count within an hour from the first (else until an hour passes without one). */
  windowed: boolean;
}

/** Failures from one address across accounts past which each try from it costs more captchas. */
export const ADDRESS_FAILURE_THRESHOLD = 20;

const POLICY: Record<Scope, Policy> = {
  account_address: { threshold: 5, locks: true, windowed: false },
  account: { threshold: 50, locks: true, windowed: true },
  address: { threshold: ADDRESS_FAILURE_THRESHOLD, locks: false, windowed: false },
};
const BASE_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 3600;
/** Failures older than this are forgotten. */
const MEMORY_SECONDS = 3600;

export interface Subject {
  account: string;
  address: string;
}

/** The key of an account's failures from every address starts with this (an email holds no space). */
const accountPrefix = (account: string) => `${account.toLowerCase()} `;

const pairKey = (subject: Subject) => `${accountPrefix(subject.account)}${subject.address}`;

const keysOf = (subject: Subject): (FailureKey & { scope: Scope })[] => [
  { scope: "account_address", key: pairKey(subject) },
  { scope: "account", key: subject.account.toLowerCase() },
  { scope: "address", key: subject.address },
];

const lockingKeysOf = (subject: Subject) => keysOf(subject).filter(({ scope }) => POLICY[scope].locks);

/** Seconds until sign-in is allowed again for this account from this address, or 0. */
export const lockedForSeconds = (db: Db, subject: Subject): Promise<number> =>
  lockedSeconds(db, lockingKeysOf(subject));

/** The failures from this address (across accounts) still remembered. */
export const addressFailures = (db: Db, address: string): Promise<number> =>
  failuresOf(db, { scope: "address", key: address }, MEMORY_SECONDS);

export async function recordFailure(db: Db, subject: Subject): Promise<void> {
  for (const counter of keysOf(subject)) {
    const { threshold, locks, windowed } = POLICY[counter.scope];
    await countFailure(db, counter, { windowed, memorySeconds: MEMORY_SECONDS });
    if (locks) {
      await lockPastThreshold(db, counter, {
        threshold,
        baseSeconds: BASE_DELAY_SECONDS,
        maxSeconds: MAX_DELAY_SECONDS,
      });
    }
  }
}

/**
 * A successful sign-in clears the account's failures from that address; the address keeps its count, and the
 * account's count across addresses runs out with its hour.
 */
export const clearFailures = (db: Db, subject: Subject): Promise<void> =>
  deleteFailures(db, { scope: "account_address", key: pairKey(subject) });

/** A new password (changed or reset) clears the account's failures from every address. */
export const clearAccountFailures = (db: Db, account: string): Promise<void> =>
  deleteFailuresStartingWith(
    db,
    { scope: "account_address", prefix: accountPrefix(account) },
    { scope: "account", key: account.toLowerCase() },
  );

/** Whose code is checked, from where: the lockout's subject, and who a refusal names in the security log. */
export interface CodeCheck {
  subject: Subject;
  named: RefusalSubject;
}

/** A user's code check from a client address. */
export function codeCheckOf(
  user: { email: string; id: number; company_id: number },
  clientAddress: string,
): CodeCheck {
  return {
    subject: { account: user.email, address: clientAddress },
    named: { account: user.email, userId: user.id, companyId: user.company_id },
  };
}

/**
 * Runs a check of a two-step code under the sign-in lockout of the account and client address: refused at
 * once while locked (601), and a refused code (610) counts as a failed sign-in.
 */
export async function underLockout<T>(db: Db, { subject, named }: CodeCheck, check: () => Promise<T>) {
  const lockedSeconds = await lockedForSeconds(db, subject);
  if (lockedSeconds > 0) {
    throw new AppError(Code.Forbidden, "loginLocked", { seconds: lockedSeconds }).about(named);
  }
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError && error.code === Code.TwoFactorCodeWrong) {
      await recordFailure(db, subject);
      error.about(named);
    }
    throw error;
  }
}
