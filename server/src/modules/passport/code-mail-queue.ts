/**
 * SQL of the queue of emailed codes (`mail_queue`): a mail is queued beside its code, claimed with FOR UPDATE
 * SKIP LOCKED under a lease (so several processes never send it twice), and ends sent, failed (given up) or
 * dropped (its code was replaced or spent meanwhile). The sealed code is cleared as soon as a mail ends.
 */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

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
