/**
 * Sign-in failures of one client address no longer lock every account there: an office behind one NAT
 * shares its address. The `address` scope now only raises the captchas a try from that address costs, so its
 * locks are lifted; an `account` scope counts an account's failures from every address in a window of its
 * own (`window_start`), to lock an account guessed at from many addresses. `sign_in_pass` holds the passes
 * a client earns with each captcha it answered while its address owes more than one, for its next try from
 * that address. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    update login_failure set locked_until = null where scope = 'address';
    alter table login_failure drop constraint login_failure_scope_check;
    alter table login_failure add constraint login_failure_scope_check
      check (scope in ('account_address', 'account', 'address'));
    alter table login_failure add column window_start timestamptz not null default now();

    create table sign_in_pass (
      id text primary key,
      address text not null,
      captchas integer not null check (captchas > 0),
      expires_at timestamptz not null
    );
    create index sign_in_pass_expires_at on sign_in_pass (expires_at);
    `,
  );
}
