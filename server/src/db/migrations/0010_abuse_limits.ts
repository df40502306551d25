/**
 * An account's failed sign-ins are counted per client address (`account_address`, key
 * "<email> <address>"), so nobody can lock another person's account from elsewhere; the counts of the old
 * `account` scope are dropped. `rate_limit` holds the fixed-window counters of the calls that could tell
 * whether an email has an account (a row per limit and key, so every server process sees them). Frozen in
 * time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    delete from login_failure where scope = 'account';
    alter table login_failure drop constraint login_failure_scope_check;
    alter table login_failure add constraint login_failure_scope_check
      check (scope in ('account_address', 'address'));

    create table rate_limit (
      scope text not null,
      key text not null,
      window_start timestamptz not null,
      hits integer not null,
      primary key (scope, key)
    );
    create index rate_limit_window_start on rate_limit (window_start);
    `,
  );
}
