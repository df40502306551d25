/**
 * A schema Citus can distribute by `company_id` (docs/citus.md), the same on PostgreSQL and PGlite.
 *
 * - `user_email`: the platform-wide email → (company, user) lookup of sign-in and of "email in use", with the
 *   lower-cased email as its key. `app_user` keeps the email it shows, unique per company only: a unique index
 *   must hold the distribution column.
 * - Sessions, sign-in tickets and two-step challenges are keyed by (company_id, hash): a token names its
 *   company, so a lookup reads one shard; a ticket belongs to its session's company.
 *
 * Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table user_email (
      email text primary key check (email = lower(email)),
      company_id integer not null,
      user_id integer not null
    );
    insert into user_email (email, company_id, user_id) select lower(email), company_id, id from app_user;
    drop index app_user_email;
    create unique index app_user_email on app_user (company_id, lower(email));

    alter table sign_in_ticket add column company_id integer;
    update sign_in_ticket set company_id = s.company_id from session_token s where s.token_hash = sign_in_ticket.token_hash;
    delete from sign_in_ticket where company_id is null;
    alter table sign_in_ticket alter column company_id set not null;
    alter table sign_in_ticket drop constraint sign_in_ticket_token_hash_fkey;
    alter table sign_in_ticket drop constraint sign_in_ticket_pkey;
    alter table sign_in_ticket add primary key (company_id, ticket_hash);
    drop index sign_in_ticket_token;
    drop index sign_in_ticket_expires;
    create index sign_in_ticket_expires on sign_in_ticket (company_id, expires_at);

    alter table session_token drop constraint session_token_pkey;
    alter table session_token add primary key (company_id, token_hash);
    alter table sign_in_ticket add foreign key (company_id, token_hash)
      references session_token (company_id, token_hash) on delete cascade;
    create index sign_in_ticket_token on sign_in_ticket (company_id, token_hash);

    alter table two_factor_challenge drop constraint two_factor_challenge_pkey;
    alter table two_factor_challenge add primary key (company_id, ticket_hash);
    drop index two_factor_challenge_expires;
    create index two_factor_challenge_expires on two_factor_challenge (company_id, expires_at);
    `,
  );
}
