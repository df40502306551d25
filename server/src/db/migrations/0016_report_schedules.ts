/**
 * Scheduled reports by email (docs/rules/reports.md#scheduled-reports). A schedule is a saved report query of
 * one user, mailed daily or weekly to users of the same company; each recipient carries a random unsubscribe
 * token (the link of every mail). A delivery is one mail of one period: unique per (schedule, period end) for
 * the scheduled ones, so a day is never sent twice even with several processes; "send now" deliveries are not
 * limited. Every key holds company_id (docs/rules/entities.md#tenancy). Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table report_schedule (
      company_id integer not null references company (id),
      id integer generated always as identity,
      owner_user_id integer not null,
      name text not null check (length(name) between 1 and 64),
      kind text not null check (kind in ('online', 'offline')),
      query jsonb not null,
      frequency text not null check (frequency in ('daily', 'weekly')),
      weekday smallint check (weekday between 1 and 7),
      lang text not null check (lang in ('zh', 'en')),
      enabled boolean not null default true,
      -- days published from this instant on are mailed (set again when a paused schedule is resumed)
      enabled_since timestamptz not null default now(),
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      modify_user_id integer,
      primary key (company_id, id),
      foreign key (company_id, owner_user_id) references app_user (company_id, id) on delete cascade,
      check ((frequency = 'daily' and weekday is null) or (frequency = 'weekly' and weekday is not null))
    );
    create index report_schedule_due on report_schedule (company_id, kind) where enabled;

    create table report_schedule_recipient (
      company_id integer not null,
      schedule_id integer not null,
      user_id integer not null,
      unsubscribe_token text not null,
      primary key (company_id, schedule_id, user_id),
      constraint report_schedule_recipient_token unique (company_id, unsubscribe_token),
      foreign key (company_id, schedule_id) references report_schedule (company_id, id) on delete cascade,
      foreign key (company_id, user_id) references app_user (company_id, id) on delete cascade
    );

    create table report_schedule_delivery (
      company_id integer not null,
      id integer generated always as identity,
      schedule_id integer not null,
      period_start date not null,
      period_end date not null,
      manual boolean not null default false,
      status text not null default 'pending' check (status in ('pending', 'sending', 'sent', 'failed')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      claim_id text,
      last_error text,
      -- recipients a mail reached already: a retry skips them
      sent_user_ids integer[] not null default '{}',
      sent_time timestamptz,
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      primary key (company_id, id),
      foreign key (company_id, schedule_id) references report_schedule (company_id, id) on delete cascade
    );
    create unique index report_schedule_delivery_period
      on report_schedule_delivery (company_id, schedule_id, period_end) where not manual;
    create index report_schedule_delivery_due
      on report_schedule_delivery (next_attempt_at) where status in ('pending', 'sending');
    create index report_schedule_delivery_latest on report_schedule_delivery (company_id, schedule_id, id);
    `,
  );
}
