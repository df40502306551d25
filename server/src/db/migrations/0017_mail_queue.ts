/**
 * The queue of emailed codes: a reset or registration code (or the notice an address in use gets instead) is
 * queued in the transaction that makes the code, tried at once and retried with backoff until it is sent or
 * its code is of no more use. The code itself is kept sealed (AES-256-GCM under a key derived from the
 * server's login key) only until the mail leaves or is given up; the row goes with its code after a day.
 * Not a tenant table: like `email_code`, it is keyed by address. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table mail_queue (
      id integer generated always as identity primary key,
      kind text not null check (kind in ('reset_code', 'register_code', 'registered_notice')),
      email_code_id integer not null references email_code (id) on delete cascade,
      to_address text not null,
      lang text not null check (lang in ('zh', 'en')),
      sealed_code text,
      status text not null default 'pending'
        check (status in ('pending', 'sending', 'sent', 'failed', 'dropped')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      give_up_at timestamptz not null,
      claim_id text,
      last_error text,
      sent_time timestamptz,
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      check (status in ('pending', 'sending') or sealed_code is null)
    );
    create index mail_queue_due on mail_queue (next_attempt_at) where status in ('pending', 'sending');
    create index mail_queue_code on mail_queue (email_code_id);
    `,
  );
}
