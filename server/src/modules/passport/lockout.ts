/**
 * Failed sign-ins counted in the database, so every server process sees them: per account and client address
 * together, and per client address across accounts. Past a threshold, sign-in is refused for a delay that
 * doubles with each further failure. An account's failures count per address (issue 11): wrong passwords sent
 * from one address lock the account there, not for its owner signing in from elsewhere.
 */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

type Scope = "account_address" | "address";

const POLICY: Record<Scope, { threshold: number }> = {
  account_address: { threshold: 5 },
  address: { threshold: 20 },
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
  ["address", subject.address],
];

/** Seconds until sign-in is allowed again for this account from this address, or 0. */
export async function lockedForSeconds(db: Db, subject: Subject): Promise<number> {
  const rows = await db
    .selectFrom("login_failure")
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())))`.as("seconds"))
    .where((eb) => eb.or(keysOf(subject).map(([scope, key]) => eb.and({ scope, key }))))
    .where("locked_until", ">", sql<Date>`now()`)
    .execute();
  return Math.max(0, ...rows.map((row) => Number(row.seconds)));
}

export async function recordFailure(db: Db, subject: Subject): Promise<void> {
  for (const [scope, key] of keysOf(subject)) {
    const { threshold } = POLICY[scope];
    await sql`
      insert into login_failure as f (scope, key, failures, locked_until, last_failure_at)
      values (${scope}, ${key}, 1, null, now())
      on conflict (scope, key) do update set
        failures = case when f.last_failure_at < now() - make_interval(secs => ${MEMORY_SECONDS})
                        then 1 else f.failures + 1 end,
        last_failure_at = now()
    `.execute(db);
    await sql`
      update login_failure
      set locked_until = now() + make_interval(secs => least(
        ${MAX_DELAY_SECONDS}::float8, ${BASE_DELAY_SECONDS}::float8 * power(2, failures - ${threshold})))
      where scope = ${scope} and key = ${key} and failures >= ${threshold}
    `.execute(db);
  }
}

/** A successful sign-in clears the account's failures from that address; the address keeps its count. */
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
    .where("scope", "=", "account_address")
    .where(sql<boolean>`starts_with(key, ${accountPrefix(account)})`)
    .execute();
}
