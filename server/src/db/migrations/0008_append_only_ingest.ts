/**
 * Append-only ingest (docs/rules/reports.md#pipeline). An SDK batch or an affiliate call only appends its
 * rows: no shared counter row is updated in the request path, so concurrent batches over the same placement ×
 * country × hour never wait for each other and cannot deadlock, whatever the order of their events. The
 * calculation folds a day's appended rows into `sdk_event_hourly` / `affiliate_stat` (deleting them) in its
 * own transaction.
 *
 * A report is stale when rows of its day are still waiting to be folded (they arrived after its calculation
 * read the day), so the `stale` flag, which every ingest updated on the shared `report_batch` row, goes.
 * An affiliate call's rows share one `call_id` from a sequence: of concurrent calls naming the same keys, the
 * one numbered last wins every key they share, never a mix. No foreign keys: the rows come from a verified app or a signed call, and a key-share lock on `company` per
 * row would be the one thing concurrent batches share. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table sdk_event_raw (
      company_id integer not null,
      hour timestamptz not null,
      ad_position_id integer not null,
      country text not null,
      app_id integer not null,
      ad_style smallint not null,
      request bigint not null check (request >= 0),
      fill bigint not null check (fill >= 0),
      show bigint not null check (show >= 0),
      click bigint not null check (click >= 0),
      revenue numeric(18, 6) not null check (revenue >= 0)
    );
    create index sdk_event_raw_hour on sdk_event_raw (company_id, hour);

    create sequence affiliate_stat_call;
    create table affiliate_stat_raw (
      company_id integer not null,
      call_id bigint not null,
      dt date not null,
      sub_channel text not null,
      offer_id text not null,
      pkg_name text not null,
      country text not null,
      click bigint not null check (click >= 0),
      conversion bigint not null check (conversion >= 0),
      refuse bigint not null check (refuse >= 0),
      settle_amount numeric(18, 6) not null check (settle_amount >= 0),
      payout numeric(18, 6) not null check (payout >= 0)
    );
    create index affiliate_stat_raw_day on affiliate_stat_raw (company_id, dt);

    alter table report_batch drop column stale;
  `,
  );
}
