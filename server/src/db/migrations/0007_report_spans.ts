/**
 * Report spans (docs/rules/reports.md#pipeline; docs/performance.md): the finest grain summed over aligned
 * blocks of 2, 4 … 64 days, so a grouping without the date (e.g. placement × country over 90 days) sums a
 * dozen blocks instead of every day: at 1.8M daily rows a query reads ~10x fewer rows. `start` is the block's
 * first day, aligned to its size counted from 1970-01-01; the calculation rebuilds the blocks holding the
 * days it writes. And a country filter on the app × country rollup reads only that country's rows (at 1.8M
 * daily rows: 48 ms → a few ms). Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table rpt_online_span (
      company_id integer not null,
      level smallint not null,
      start date not null,
      ad_position_id integer not null,
      country text not null,
      app_id integer not null,
      ad_style smallint not null,
      request bigint not null,
      fill bigint not null,
      show bigint not null,
      click bigint not null,
      revenue numeric(18, 6) not null,
      primary key (company_id, level, start, ad_position_id, country, app_id, ad_style)
    );
    create table rpt_offline_span (
      company_id integer not null,
      level smallint not null,
      start date not null,
      sub_channel text not null,
      offer_id text not null,
      pkg_name text not null,
      country text not null,
      click bigint not null,
      conversion bigint not null,
      refuse bigint not null,
      settle_amount numeric(18, 6) not null,
      payout numeric(18, 6) not null,
      primary key (company_id, level, start, sub_channel, offer_id, pkg_name, country)
    );
    create index rpt_online_app_country_by_country on rpt_online_app_country (company_id, country, dt);
  `,
  );
}
