/** Companies, users, roles, sessions, captchas, sign-in failures and the audit log. Frozen in time. */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table company (
      id integer generated always as identity primary key,
      account_id integer generated always as identity (start with 100001) unique,
      name text not null,
      ssp_host text not null default '',
      icon text not null default '',
      logo text not null default '',
      theme text not null default '#00B96B',
      is_publisher boolean not null default true,
      cooperation_types integer[] not null default '{}',
      profit_center_id integer,
      is_operator boolean not null default false,
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now()
    );
    create unique index company_single_operator on company (is_operator) where is_operator;

    create table company_host (
      host text primary key,
      company_id integer not null references company (id) on delete cascade
    );

    create table role (id integer primary key, name text not null);
    insert into role (id, name) values (1, 'administrator'), (2, 'super admin'), (3, 'operations staff');

    create table app_user (
      company_id integer not null references company (id),
      id integer generated always as identity,
      user_name text not null,
      email text not null,
      password_hash text not null,
      status smallint not null default 1 check (status in (1, 4)),
      report_scope text not null default 'all' check (report_scope in ('all', 'sdk_only')),
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      modify_user_id integer,
      primary key (company_id, id)
    );
    create unique index app_user_email on app_user (lower(email));

    create table user_role (
      company_id integer not null,
      user_id integer not null,
      role_id integer not null references role (id),
      primary key (company_id, user_id, role_id),
      foreign key (company_id, user_id) references app_user (company_id, id) on delete cascade
    );

    create table session_token (
      token_hash text primary key,
      company_id integer not null,
      user_id integer not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      create_time timestamptz not null default now(),
      foreign key (company_id, user_id) references app_user (company_id, id) on delete cascade
    );
    create index session_token_user on session_token (company_id, user_id);

    create table captcha (
      id text primary key,
      answer text not null,
      expires_at timestamptz not null
    );
    create index captcha_expires on captcha (expires_at);

    create table login_failure (
      scope text not null check (scope in ('account', 'address')),
      key text not null,
      failures integer not null,
      locked_until timestamptz,
      last_failure_at timestamptz not null,
      primary key (scope, key)
    );

    create table audit_log (
      company_id integer not null references company (id),
      id integer generated always as identity,
      user_id integer,
      action text not null,
      entity text not null,
      entity_id text not null,
      before jsonb,
      after jsonb,
      create_time timestamptz not null default now(),
      primary key (company_id, id)
    );
  `,
  );
}
