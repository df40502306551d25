/**
 * The report pipeline (docs/rules/reports.md#pipeline; docs/rules/reports.md#metrics). Frozen in time.
 *
 * Raw data: `sdk_event_hourly` (counters per placement, country and UTC hour, added by the SDK's batches;
 * app and ad style are taken from the placement when the events arrive, so a report outlives a deleted
 * placement), `sdk_event_batch` (batch ids taken per app: a retried batch counts nothing), and
 * `affiliate_stat` (daily totals per key, replaced by each call). No foreign key to placements: raw data
 * are facts and stay when a placement goes.
 *
 * `report_batch` is the queue and the status of each (company, kind, day): workers claim rows with
 * FOR UPDATE SKIP LOCKED.
 *
 * Report tables (`rpt_*`) are rebuilt per company and day by the calculation job in one transaction: the
 * finest grain (`rpt_online_fine`, `rpt_offline_fine`) and rollups for the dimension combinations the
 * screens use, so a query reads the smallest table holding its dimensions and filters (docs/performance.md).
 * The day rollups carry `group_counts`: the number of groups per day of every dimension combination, so the
 * total of a query grouped by date is a sum of at most 90 numbers.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

const onlineMetrics = `
      request bigint not null,
      fill bigint not null,
      show bigint not null,
      click bigint not null,
      revenue numeric(18, 6) not null`;

const offlineMetrics = `
      click bigint not null,
      conversion bigint not null,
      refuse bigint not null,
      settle_amount numeric(18, 6) not null,
      payout numeric(18, 6) not null`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table sdk_event_batch (
      company_id integer not null references company (id),
      app_id integer not null,
      batch_id text not null,
      event_count integer not null,
      create_time timestamptz not null default now(),
      primary key (company_id, app_id, batch_id)
    );

    create table sdk_event_hourly (
      company_id integer not null references company (id),
      hour timestamptz not null,
      ad_position_id integer not null,
      country text not null,
      app_id integer not null,
      ad_style smallint not null,
      request bigint not null default 0 check (request >= 0),
      fill bigint not null default 0 check (fill >= 0),
      show bigint not null default 0 check (show >= 0),
      click bigint not null default 0 check (click >= 0),
      revenue numeric(18, 6) not null default 0 check (revenue >= 0),
      modify_time timestamptz not null default now(),
      primary key (company_id, hour, ad_position_id, country)
    );

    create table affiliate_stat (
      company_id integer not null references company (id),
      dt date not null,
      sub_channel text not null,
      offer_id text not null,
      pkg_name text not null,
      country text not null,
      click bigint not null check (click >= 0),
      conversion bigint not null check (conversion >= 0),
      refuse bigint not null check (refuse >= 0),
      settle_amount numeric(18, 6) not null check (settle_amount >= 0),
      payout numeric(18, 6) not null check (payout >= 0),
      modify_time timestamptz not null default now(),
      primary key (company_id, dt, sub_channel, offer_id, pkg_name, country)
    );

    create table report_batch (
      company_id integer not null references company (id),
      kind text not null check (kind in ('online', 'offline')),
      dt date not null,
      status text not null default 'pending'
        check (status in ('pending', 'calculating', 'calculated', 'published', 'error')),
      queued boolean not null default false,
      publish_after boolean not null default false,
      stale boolean not null default false,
      reason text,
      claim_id text,
      attempts integer not null default 0,
      row_count integer,
      started_at timestamptz,
      calculate_time timestamptz,
      publish_time timestamptz,
      modify_time timestamptz not null default now(),
      modify_user_id integer,
      primary key (company_id, kind, dt)
    );
    create index report_batch_queue on report_batch (dt) where status in ('pending', 'calculating');
    create index report_batch_day on report_batch (kind, dt);

    create table rpt_online_day (
      company_id integer not null,
      dt date not null,${onlineMetrics},
      group_counts jsonb not null,
      primary key (company_id, dt)
    );
    create table rpt_online_style (
      company_id integer not null,
      dt date not null,
      ad_style smallint not null,${onlineMetrics},
      primary key (company_id, dt, ad_style)
    );
    create table rpt_online_country (
      company_id integer not null,
      dt date not null,
      country text not null,${onlineMetrics},
      primary key (company_id, dt, country)
    );
    create table rpt_online_style_country (
      company_id integer not null,
      dt date not null,
      ad_style smallint not null,
      country text not null,${onlineMetrics},
      primary key (company_id, dt, ad_style, country)
    );
    create table rpt_online_pos (
      company_id integer not null,
      dt date not null,
      ad_position_id integer not null,
      app_id integer not null,
      ad_style smallint not null,${onlineMetrics},
      primary key (company_id, dt, ad_position_id)
    );
    create table rpt_online_app_country (
      company_id integer not null,
      dt date not null,
      app_id integer not null,
      country text not null,${onlineMetrics},
      primary key (company_id, dt, app_id, country)
    );
    create table rpt_online_fine (
      company_id integer not null,
      dt date not null,
      ad_position_id integer not null,
      country text not null,
      app_id integer not null,
      ad_style smallint not null,${onlineMetrics},
      primary key (company_id, dt, ad_position_id, country)
    );
    create index rpt_online_fine_revenue on rpt_online_fine (company_id, revenue desc);

    create table rpt_online_app (
      company_id integer not null,
      app_id integer not null,
      name text not null,
      primary key (company_id, app_id)
    );

    create table rpt_offline_day (
      company_id integer not null,
      dt date not null,${offlineMetrics},
      group_counts jsonb not null,
      primary key (company_id, dt)
    );
    create table rpt_offline_country (
      company_id integer not null,
      dt date not null,
      country text not null,${offlineMetrics},
      primary key (company_id, dt, country)
    );
    create table rpt_offline_sub (
      company_id integer not null,
      dt date not null,
      sub_channel text not null,${offlineMetrics},
      primary key (company_id, dt, sub_channel)
    );
    create table rpt_offline_offer (
      company_id integer not null,
      dt date not null,
      offer_id text not null,
      pkg_name text not null,
      country text not null,${offlineMetrics},
      primary key (company_id, dt, offer_id, pkg_name, country)
    );
    create table rpt_offline_fine (
      company_id integer not null,
      dt date not null,
      sub_channel text not null,
      offer_id text not null,
      pkg_name text not null,
      country text not null,${offlineMetrics},
      primary key (company_id, dt, sub_channel, offer_id, pkg_name, country)
    );
    create index rpt_offline_fine_settle on rpt_offline_fine (company_id, settle_amount desc);
  `,
  );
}
