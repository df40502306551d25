/**
 * SQL of the identity module, by table: captchas and sign-in passes, failed sign-ins (`login_failure`),
 * emailed codes and their mails (`email_code`, `mail_queue`), sessions (`session_token`), sign-in tickets,
 * two-step tickets (`two_factor_challenge`), and authenticator secrets and recovery codes (`user_totp`,
 * `user_recovery_code`). Rows of a company are always read with its id (one shard on Citus, docs/citus.md).
 */
import { AccountStatus } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { preparedQuery } from "../../db/prepared.ts";

/** `now()` plus some seconds, as SQL. */
const inSeconds = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;
/** `now()` less some seconds, as SQL. */
const secondsAgo = (seconds: number) => sql<Date>`now() - make_interval(secs => ${seconds})`;

/** Where a secret's row is: the company it names and its hash. */
export interface SecretKey {
  companyId: number;
  hash: string;
}

export interface UserRef {
  companyId: number;
  userId: number;
}

// ── Captchas and sign-in passes ────────────────────────────────────────────────────────────────────────

export async function insertCaptcha(db: Db, id: string, answer: string, lifetimeSeconds: number) {
  await db.deleteFrom("captcha").where("expires_at", "<", sql<Date>`now()`).execute();
  await db
    .insertInto("captcha")
    .values({ id, answer, expires_at: inSeconds(lifetimeSeconds) })
    .execute();
}

export async function deleteCaptcha(db: Db, id: string): Promise<void> {
  await db.deleteFrom("captcha").where("id", "=", id).execute();
}

/** Deletes a live captcha and answers its answer; undefined for an unknown, spent or expired one. */
export async function takeCaptcha(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .deleteFrom("captcha")
    .where("id", "=", id)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("answer")
    .executeTakeFirst();
  return row?.answer;
}

/** Deletes a live pass of the address and answers the captchas answered with it; undefined for none. */
export async function takePass(db: Db, address: string, passId: string): Promise<number | undefined> {
  const row = await db
    .deleteFrom("sign_in_pass")
    .where("id", "=", passId)
    .where("address", "=", address)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("captchas")
    .executeTakeFirst();
  return row?.captchas;
}

export async function insertPass(
  db: Db,
  pass: { id: string; address: string; captchas: number },
  lifetimeSeconds: number,
): Promise<void> {
  await db.deleteFrom("sign_in_pass").where("expires_at", "<", sql<Date>`now()`).execute();
  await db
    .insertInto("sign_in_pass")
    .values({ ...pass, expires_at: inSeconds(lifetimeSeconds) })
    .execute();
}

// ── Failed sign-ins ────────────────────────────────────────────────────────────────────────────────────

/** A counter of failed sign-ins: its scope and key. */
export interface FailureKey {
  scope: string;
  key: string;
}

/** Seconds until the latest lock of these counters ends, or 0. */
export async function lockedSeconds(db: Db, keys: readonly FailureKey[]): Promise<number> {
  const rows = await db
    .selectFrom("login_failure")
    .select(sql<number>`ceil(extract(epoch from (locked_until - now())))`.as("seconds"))
    .where((eb) => eb.or(keys.map(({ scope, key }) => eb.and({ scope, key }))))
    .where("locked_until", ">", sql<Date>`now()`)
    .execute();
  return Math.max(0, ...rows.map((row) => Number(row.seconds)));
}

/** The failures of a counter with one in the last `memorySeconds`, else 0. */
export async function failuresOf(db: Db, { scope, key }: FailureKey, memorySeconds: number): Promise<number> {
  const row = await db
    .selectFrom("login_failure")
    .select("failures")
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("last_failure_at", ">=", secondsAgo(memorySeconds))
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** How a counter counts: it forgets after `memorySeconds` (from its first failure too when windowed). */
export interface FailureCounting {
  windowed: boolean;
  memorySeconds: number;
}

/** One more failure on a counter (the first after it forgot starts it again at 1). */
export async function countFailure(
  db: Db,
  { scope, key }: FailureKey,
  { windowed, memorySeconds }: FailureCounting,
): Promise<void> {
  const forgotten = sql<boolean>`(f.last_failure_at < now() - make_interval(secs => ${memorySeconds})
    or (${windowed} and f.window_start < now() - make_interval(secs => ${memorySeconds})))`;
  await sql`
    insert into login_failure as f (scope, key, failures, locked_until, last_failure_at, window_start)
    values (${scope}, ${key}, 1, null, now(), now())
    on conflict (scope, key) do update set
      failures = case when ${forgotten} then 1 else f.failures + 1 end,
      window_start = case when ${forgotten} then now() else f.window_start end,
      last_failure_at = now()
  `.execute(db);
}

/** Locks a counter at or past its threshold: a delay doubling with each failure past it, up to a ceiling. */
export async function lockPastThreshold(
  db: Db,
  { scope, key }: FailureKey,
  lock: { threshold: number; baseSeconds: number; maxSeconds: number },
): Promise<void> {
  await sql`
    update login_failure
    set locked_until = now() + make_interval(secs => least(
      ${lock.maxSeconds}::float8, ${lock.baseSeconds}::float8 * power(2, failures - ${lock.threshold})))
    where scope = ${scope} and key = ${key} and failures >= ${lock.threshold}
  `.execute(db);
}

export async function deleteFailures(db: Db, { scope, key }: FailureKey): Promise<void> {
  await db.deleteFrom("login_failure").where("scope", "=", scope).where("key", "=", key).execute();
}

/** Deletes the counters of `scope` whose key starts with `prefix`, and the counter `exact`. */
export async function deleteFailuresStartingWith(
  db: Db,
  { scope, prefix }: { scope: string; prefix: string },
  exact: FailureKey,
): Promise<void> {
  await db
    .deleteFrom("login_failure")
    .where((eb) =>
      eb.or([
        eb.and([eb("scope", "=", scope), sql<boolean>`starts_with(key, ${prefix})`]),
        eb.and([eb("scope", "=", exact.scope), eb("key", "=", exact.key)]),
      ]),
    )
    .execute();
}

// ── Emailed codes ──────────────────────────────────────────────────────────────────────────────────────

/**
 * Serializes the transaction's code requests for an address, then answers how many codes it had in the last
 * `windowSeconds` and the minutes until the oldest of them leaves the window.
 */
export async function recentCodes(tx: Db, email: string, windowSeconds: number) {
  await sql`select pg_advisory_xact_lock(hashtext(${`email_code:${email}`}))`.execute(tx);
  const recent = await tx
    .selectFrom("email_code")
    .select([
      (eb) => eb.fn.countAll<number>().as("count"),
      sql<number>`ceil(extract(epoch from (min(create_time) + make_interval(secs => ${windowSeconds}) - now())) / 60)`.as(
        "minutes",
      ),
    ])
    .where("email", "=", email)
    .where("create_time", ">", secondsAgo(windowSeconds))
    .executeTakeFirstOrThrow();
  return { count: Number(recent.count), minutes: Number(recent.minutes) };
}

/**
 * Stores a new code of an address and purpose (its hash), dropping the codes older than `keepSeconds` and
 * spending the address's earlier live one of the purpose. Answers its id.
 */
export async function insertEmailCode(
  tx: Db,
  code: { email: string; purpose: string; codeHash: string },
  { lifetimeSeconds, keepSeconds }: { lifetimeSeconds: number; keepSeconds: number },
): Promise<number> {
  await tx.deleteFrom("email_code").where("create_time", "<", secondsAgo(keepSeconds)).execute();
  await tx
    .updateTable("email_code")
    .set({ used_at: sql<Date>`now()` })
    .where("email", "=", code.email)
    .where("purpose", "=", code.purpose)
    .where("used_at", "is", null)
    .execute();
  const row = await tx
    .insertInto("email_code")
    .values({
      email: code.email,
      purpose: code.purpose,
      code_hash: code.codeHash,
      expires_at: inSeconds(lifetimeSeconds),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The address's newest live code of the purpose. */
export function findLiveEmailCode(db: Db, email: string, purpose: string) {
  return db
    .selectFrom("email_code")
    .select(["id", "code_hash"])
    .where("email", "=", email)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

/** Counts a wrong try of a live code, spending it at `maxAttempts`; answers its tries, undefined if spent. */
export async function countWrongEmailCode(
  db: Db,
  id: number,
  maxAttempts: number,
): Promise<number | undefined> {
  const counted = await db
    .updateTable("email_code")
    .set((eb) => ({
      attempts: eb("attempts", "+", 1),
      used_at: sql<Date | null>`case when attempts + 1 >= ${maxAttempts} then now() end`,
    }))
    .where("id", "=", id)
    .where("used_at", "is", null)
    .returning("attempts")
    .executeTakeFirst();
  return counted?.attempts;
}

/** Marks a live code used; false when it was used meanwhile. */
export async function markEmailCodeUsed(tx: Db, id: number): Promise<boolean> {
  const spent = await tx
    .updateTable("email_code")
    .set({ used_at: sql<Date>`now()` })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return spent !== undefined;
}

// ── The queue of emailed codes ─────────────────────────────────────────────────────────────────────────
// A mail is queued beside its code, claimed with FOR UPDATE SKIP LOCKED under a lease (so several processes
// never send it twice), and ends sent, failed (given up) or dropped (its code was replaced or spent
// meanwhile). The sealed code is cleared as soon as a mail ends.

export type CodeMailKind = "reset_code" | "register_code" | "registered_notice";

export interface NewCodeMail {
  kind: CodeMailKind;
  emailCodeId: number;
  to: string;
  lang: string;
  sealedCode: string | null;
}

/** Queues a mail due at once; it is given up `marginSeconds` before its code expires. Answers its id. */
export async function insertCodeMail(db: Db, mail: NewCodeMail, marginSeconds: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into mail_queue (kind, email_code_id, to_address, lang, sealed_code, give_up_at)
    select ${mail.kind}, id, ${mail.to}, ${mail.lang}, ${mail.sealedCode},
      expires_at - make_interval(secs => ${marginSeconds})
    from email_code where id = ${mail.emailCodeId}
    returning id`.execute(db);
  const row = rows[0];
  if (!row) throw new Error("the code of a queued mail is missing");
  return row.id;
}

export interface CodeMailClaim {
  id: number;
  kind: CodeMailKind;
  email_code_id: number;
  to_address: string;
  lang: string;
  sealed_code: string | null;
  attempts: number;
  give_up_at: Date;
  claim_id: string;
}

/** A waiting mail is due at `now`: pending and due, or being sent by a process whose lease lapsed. */
const due = (now: Date) => sql`q.status in ('pending', 'sending') and q.next_attempt_at <= ${now}`;

/**
 * Ends the waiting mails that are of no more use at `now`: failed when their time is up, dropped when their
 * code was replaced or spent. A mail being sent under a live lease is left to its sender. Answers them.
 */
export async function endUselessMails(db: Db, now: Date) {
  const { rows } = await sql<{ id: number; kind: CodeMailKind; status: string; attempts: number }>`
    update mail_queue q set
      status = case when q.give_up_at <= ${now} then 'failed' else 'dropped' end,
      sealed_code = null, claim_id = null, modify_time = now()
    from email_code c
    where c.id = q.email_code_id and (q.status = 'pending' or (${due(now)}))
      and (q.give_up_at <= ${now} or c.used_at is not null)
    returning q.id, q.kind, q.status, q.attempts`.execute(db);
  return rows;
}

/**
 * Claims the next mail due at `now` whose code is still live, or one mail by id: it becomes `sending` for
 * `leaseSeconds`, with one more attempt.
 */
export async function claimCodeMail(
  db: Db,
  claimId: string,
  now: Date,
  leaseSeconds: number,
  onlyId?: number,
): Promise<CodeMailClaim | undefined> {
  const which = onlyId === undefined ? due(now) : sql`q.id = ${onlyId} and q.status = 'pending'`;
  const { rows } = await sql<CodeMailClaim>`
    update mail_queue set status = 'sending', claim_id = ${claimId}, attempts = attempts + 1,
      next_attempt_at = ${now}::timestamptz + make_interval(secs => ${leaseSeconds}), modify_time = now()
    where id in (
      select q.id from mail_queue q join email_code c on c.id = q.email_code_id
      where ${which} and q.give_up_at > ${now} and c.used_at is null
      order by q.next_attempt_at, q.id
      limit 1
      for update of q skip locked)
    returning id, kind, email_code_id, to_address, lang, sealed_code, attempts, give_up_at, claim_id`.execute(
    db,
  );
  return rows[0];
}

const claimed = (claim: CodeMailClaim) =>
  sql`id = ${claim.id} and claim_id = ${claim.claim_id} and status = 'sending'`;

export async function finishCodeMail(db: Db, claim: CodeMailClaim): Promise<void> {
  await sql`update mail_queue set status = 'sent', sent_time = now(), sealed_code = null, claim_id = null,
    last_error = null, modify_time = now() where ${claimed(claim)}`.execute(db);
}

/** A failed try: retried at `retryAt`, or given up (its sealed code cleared) when null. */
export async function failCodeMail(
  db: Db,
  claim: CodeMailClaim,
  reason: string,
  retryAt: Date | null,
): Promise<void> {
  await sql`update mail_queue set
      status = ${retryAt ? "pending" : "failed"},
      next_attempt_at = coalesce(${retryAt}::timestamptz, next_attempt_at),
      sealed_code = ${retryAt ? sql`sealed_code` : sql`null`},
      last_error = ${reason.slice(0, 500)}, claim_id = null, modify_time = now()
    where ${claimed(claim)}`.execute(db);
}

/** The mails waiting to leave, by kind. */
export async function waitingCodeMails(db: Db): Promise<{ kind: CodeMailKind; count: number }[]> {
  const { rows } = await sql<{ kind: CodeMailKind; count: number }>`
    select kind, count(*)::int as count from mail_queue where status in ('pending', 'sending')
    group by kind`.execute(db);
  return rows;
}

// ── Sessions ───────────────────────────────────────────────────────────────────────────────────────────

export async function insertSession(
  db: Db,
  session: UserRef & { tokenHash: string },
  lifetimeDays: number,
): Promise<void> {
  await db
    .insertInto("session_token")
    .values({
      token_hash: session.tokenHash,
      company_id: session.companyId,
      user_id: session.userId,
      expires_at: sql<Date>`now() + make_interval(days => ${lifetimeDays})`,
    })
    .execute();
}

const liveSession = preparedQuery((db, input: { companyId: number; tokenHash: string }) =>
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
      // The roles come with the session: one round trip per authenticated request. The company is named
      // as a value, not as the session's column, so Citus plans the whole statement for one shard.
      sql<number[]>`array(
        select r.role_id from user_role r
        where r.company_id = ${input.companyId} and r.user_id = session_token.user_id
        order by r.role_id)`.as("role_ids"),
    ])
    .where("session_token.company_id", "=", input.companyId)
    .where("session_token.token_hash", "=", input.tokenHash)
    .where("session_token.revoked_at", "is", null)
    .where("session_token.expires_at", ">", sql<Date>`now()`),
);

/** The live session of a token (not expired, not revoked) with its user's status and role ids. */
export async function findLiveSession(db: Db, key: SecretKey) {
  const [session] = await liveSession(db, { companyId: key.companyId, tokenHash: key.hash });
  return session;
}

export async function revokeSession(db: Db, key: SecretKey): Promise<void> {
  await db
    .updateTable("session_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("company_id", "=", key.companyId)
    .where("token_hash", "=", key.hash)
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes every session of a user, optionally but one. */
export async function revokeUserSessions(db: Db, user: UserRef, keepHash?: string): Promise<void> {
  let query = db
    .updateTable("session_token")
    .set({ revoked_at: sql<Date>`now()` })
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .where("revoked_at", "is", null);
  if (keepHash) query = query.where("token_hash", "<>", keepHash);
  await query.execute();
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

// ── Sign-in tickets ────────────────────────────────────────────────────────────────────────────────────

export async function insertSignInTicket(
  db: Db,
  ticket: { key: SecretKey; tokenHash: string },
  lifetimeSeconds: number,
): Promise<void> {
  const { companyId } = ticket.key;
  await db
    .deleteFrom("sign_in_ticket")
    .where("company_id", "=", companyId)
    .where("expires_at", "<=", sql<Date>`now()`)
    .execute();
  await db
    .insertInto("sign_in_ticket")
    .values({
      company_id: companyId,
      ticket_hash: ticket.key.hash,
      token_hash: ticket.tokenHash,
      expires_at: inSeconds(lifetimeSeconds),
    })
    .execute();
}

/** Deletes a live ticket and answers the session it signs in as; undefined for an unknown or spent one. */
export function takeSignInTicket(db: Db, key: SecretKey) {
  return db
    .deleteFrom("sign_in_ticket")
    .where("company_id", "=", key.companyId)
    .where("ticket_hash", "=", key.hash)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["company_id", "token_hash"])
    .executeTakeFirst();
}

// ── Two-step tickets ───────────────────────────────────────────────────────────────────────────────────

export type ChallengePurpose = "verify" | "enrol";

export async function insertChallenge(
  db: Db,
  challenge: UserRef & { ticketHash: string; purpose: ChallengePurpose },
  lifetimeSeconds: number,
): Promise<void> {
  await db
    .deleteFrom("two_factor_challenge")
    .where("company_id", "=", challenge.companyId)
    .where("expires_at", "<=", sql<Date>`now()`)
    .execute();
  await db
    .insertInto("two_factor_challenge")
    .values({
      ticket_hash: challenge.ticketHash,
      company_id: challenge.companyId,
      user_id: challenge.userId,
      purpose: challenge.purpose,
      expires_at: inSeconds(lifetimeSeconds),
    })
    .execute();
}

export function findLiveChallenge(db: Db, key: SecretKey) {
  return db
    .selectFrom("two_factor_challenge")
    .select(["company_id", "user_id", "purpose"])
    .where("company_id", "=", key.companyId)
    .where("ticket_hash", "=", key.hash)
    .where("expires_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
}

/** Counts a wrong code against a ticket, deleting the ticket at `maxAttempts`. */
export async function countWrongChallengeCode(db: Db, key: SecretKey, maxAttempts: number): Promise<void> {
  await db
    .updateTable("two_factor_challenge")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("company_id", "=", key.companyId)
    .where("ticket_hash", "=", key.hash)
    .execute();
  await db
    .deleteFrom("two_factor_challenge")
    .where("company_id", "=", key.companyId)
    .where("ticket_hash", "=", key.hash)
    .where("attempts", ">=", maxAttempts)
    .execute();
}

/** Deletes a ticket; false when it was gone already. */
export async function deleteChallenge(db: Db, key: SecretKey): Promise<boolean> {
  const spent = await db
    .deleteFrom("two_factor_challenge")
    .where("company_id", "=", key.companyId)
    .where("ticket_hash", "=", key.hash)
    .returning("ticket_hash")
    .executeTakeFirst();
  return spent !== undefined;
}

// ── Authenticator secrets and recovery codes (tables of migration 0014) ────────────────────────────────
export function findTotp(db: Db, user: UserRef) {
  return db
    .selectFrom("user_totp")
    .select(["secret", "enabled_time", "last_step"])
    .where("company_id", "=", user.companyId)
    .where("user_id", "=", user.userId)
    .executeTakeFirst();
}

/** Whether the user has two-step verification on (a confirmed secret). */
export async function hasTwoFactor(db: Db, user: UserRef): Promise<boolean> {
  return Boolean((await findTotp(db, user))?.enabled_time);
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
