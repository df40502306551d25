/**
 * Two-step verification (docs/rules/sign-in.md#two-step-verification). `user_totp` holds a user's
 * authenticator secret (sealed with TWO_FACTOR_KEY when the server has one): pending until its first code
 * confirms it (`enabled_time`), and the last time step a code was accepted for, so no code is taken twice.
 * `user_recovery_code` holds the SHA-256 of each single-use recovery code. `two_factor_challenge` is the
 * second step of a sign-in whose password was right: a one-time ticket (its SHA-256), minutes long, counting
 * its wrong codes. `company.require_two_factor` is the company's rule. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    alter table company add column require_two_factor boolean not null default false;

    create table user_totp (
      company_id integer not null,
      user_id integer not null,
      secret text not null,
      enabled_time timestamptz,
      last_step integer not null default 0,
      create_time timestamptz not null default now(),
      primary key (company_id, user_id),
      foreign key (company_id, user_id) references app_user (company_id, id) on delete cascade
    );

    create table user_recovery_code (
      company_id integer not null,
      user_id integer not null,
      code_hash text not null,
      used_time timestamptz,
      primary key (company_id, user_id, code_hash),
      foreign key (company_id, user_id) references user_totp (company_id, user_id) on delete cascade
    );

    create table two_factor_challenge (
      ticket_hash text primary key,
      company_id integer not null,
      user_id integer not null,
      purpose text not null check (purpose in ('verify', 'enrol')),
      attempts integer not null default 0,
      expires_at timestamptz not null,
      foreign key (company_id, user_id) references app_user (company_id, id) on delete cascade
    );
    create index two_factor_challenge_expires on two_factor_challenge (expires_at);
    create index two_factor_challenge_user on two_factor_challenge (company_id, user_id);
    `,
  );
}
