/**
 * The SDK report by hour: a published day's hours, snapshotted by the calculation in the same transaction
 * that writes the day, so the hours add up to the day exactly. `hour` is the hour of the report day in
 * REPORT_TZ (0–23), as the day is a calendar day there. The finest grain (`rpt_online_hour`, one row per
 * hour, placement and country, with the placement's app and ad type as the day's rows carry them) and two
 * rollups the screens read most: the trend and a grouping by ad type or country (`rpt_online_hour_style_country`,
 * ~24 × 4 × countries rows a day) and one by placement or app (`rpt_online_hour_pos`, 24 × placements).
 * Days calculated before this migration have no hour rows until they are calculated again. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

const onlineMetrics = `
      request bigint not null,
      fill bigint not null,
      show bigint not null,
      click bigint not null,
      revenue numeric(18, 6) not null`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table rpt_online_hour (
      company_id integer not null,
      dt date not null,
      hour smallint not null check (hour between 0 and 23),
      ad_position_id integer not null,
      country text not null,
      app_id integer not null,
      ad_style smallint not null,${onlineMetrics},
      primary key (company_id, dt, hour, ad_position_id, country)
    );
    create table rpt_online_hour_pos (
      company_id integer not null,
      dt date not null,
      hour smallint not null,
      ad_position_id integer not null,
      app_id integer not null,
      ad_style smallint not null,${onlineMetrics},
      primary key (company_id, dt, hour, ad_position_id)
    );
    create table rpt_online_hour_style_country (
      company_id integer not null,
      dt date not null,
      hour smallint not null,
      ad_style smallint not null,
      country text not null,${onlineMetrics},
      primary key (company_id, dt, hour, ad_style, country)
    );
  `,
  );
}
