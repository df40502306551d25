/**
 * Failed sign-ins counted in the database, so every server process sees them, in three budgets:
 * - an account from one client address: past its threshold the account is locked there, for a delay that
 *   doubles with each further failure; someone guessing from elsewhere does not lock its owner out;
 * - an account from every address, within an hour: past a higher threshold, which one address cannot reach
 *   alone (its own lock slows it first), the account is locked everywhere, against guessing spread over
 *   many addresses;
 * - a client address across accounts: it locks nothing, since an office behind one NAT shares it; past its
 *   threshold every try from that address costs more captchas (captcha-debt.ts).
 */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

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

const keysOf = (subject: Subject): [Scope, string][] => [
  ["account_address", pairKey(subject)],
  ["account", subject.account.toLowerCase()],
  ["address", subject.address],
];

const lockingKeysOf = (subject: Subject) => keysOf(subject).filter(([scope]) => POLICY[scope].locks);

/** Seconds until sign-in is allowed again for this account from this address, or 0. */
export async function lockedForSeconds(db: Db, subject: Subject): Promise<number> {
  const rows = await db
    .selectFrom("login_failure")
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())))`.as("seconds"))
    .where((eb) => eb.or(lockingKeysOf(subject).map(([scope, key]) => eb.and({ scope, key }))))
    .where("locked_until", ">", sql<Date>`now()`)
    .execute();
  return Math.max(0, ...rows.map((row) => Number(row.seconds)));
}

/** The failures from this address (across accounts) still remembered. */
export async function addressFailures(db: Db, address: string): Promise<number> {
  const row = await db
    .selectFrom("login_failure")
    .select("failures")
    .where("scope", "=", "address")
    .where("key", "=", address)
    .where("last_failure_at", ">=", sql<Date>`now() - make_interval(secs => ${MEMORY_SECONDS})`)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

export async function recordFailure(db: Db, subject: Subject): Promise<void> {
  for (const [scope, key] of keysOf(subject)) {
    const { threshold, locks, windowed } = POLICY[scope];
    const forgotten = sql<boolean>`(f.last_failure_at < now() - make_interval(secs => ${MEMORY_SECONDS})
      or (${windowed} and f.window_start < now() - make_interval(secs => ${MEMORY_SECONDS})))`;
    await sql`
      insert into login_failure as f (scope, key, failures, locked_until, last_failure_at, window_start)
      values (${scope}, ${key}, 1, null, now(), now())
      on conflict (scope, key) do update set
        failures = case when ${forgotten} then 1 else f.failures + 1 end,
        window_start = case when ${forgotten} then now() else f.window_start end,
        last_failure_at = now()
    `.execute(db);
    if (!locks) continue;
    await sql`
      update login_failure
      set locked_until = now() + make_interval(secs => least(
        ${MAX_DELAY_SECONDS}::float8, ${BASE_DELAY_SECONDS}::float8 * power(2, failures - ${threshold})))
      where scope = ${scope} and key = ${key} and failures >= ${threshold}
    `.execute(db);
  }
}

/**
 * A successful sign-in clears the account's failures from that address; the address keeps its count, and the
 * account's count across addresses runs out with its hour.
 */
export async function clearFailures(db: Db, subject: Subject): Promise<void> {
  await db
    .deleteFrom("login_failure")
    .where("scope", "=", "account_address")
    .where("key", "=", pairKey(subject))
    .execute();
}

/** A new password (changed or reset) clears the account's failures from every address. */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db
    .deleteFrom("login_failure")
    .where((eb) =>
      eb.or([
        eb.and([
          eb("scope", "=", "account_address"),
          sql<boolean>`starts_with(key, ${accountPrefix(account)})`,
        ]),
        eb.and([eb("scope", "=", "account"), eb("key", "=", account.toLowerCase())]),
      ]),
    )
    .execute();
}
