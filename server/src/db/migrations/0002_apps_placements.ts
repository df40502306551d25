/**
 * Applications, ad placements and their per-country floor prices (docs/rules/entities.md#placements). Frozen
 * in time.
 *
 * Every key carries company_id (docs/rules/entities.md#tenancy): the database refuses a placement of another
 * company's app and a floor group of another company's placement. Names and packages are unique per company,
 * ignoring case. A country is in at most one floor group of a placement (primary key of
 * ad_position_floor_country); `position` keeps the order the countries were saved in. Money is numeric(18,6)
 * USD.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table app (
      company_id integer not null references company (id),
      id integer generated always as identity,
      name text not null check (length(name) between 1 and 30),
      pkg text not null check (length(pkg) between 1 and 100),
      url text not null check (url ~* '^https?://'),
      platform smallint not null default 1 check (platform = 1),
      is_online smallint not null default 2 check (is_online in (1, 2)),
      app_key text not null,
      sdk_secret text not null,
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      modify_user_id integer,
      primary key (company_id, id),
      constraint app_key_unique unique (company_id, app_key)
    );
    create unique index app_name_unique on app (company_id, lower(name));
    create unique index app_pkg_unique on app (company_id, lower(pkg));
    create index app_app_key on app (app_key);

    create table ad_position (
      company_id integer not null,
      id integer generated always as identity,
      app_id integer not null,
      name text not null check (length(name) between 1 and 30),
      ad_style smallint not null check (ad_style between 1 and 4),
      content_type smallint[] not null check (cardinality(content_type) > 0),
      auto_rotation smallint not null default 2 check (auto_rotation in (1, 2)),
      default_bottom_price numeric(18, 6) check (default_bottom_price >= 0),
      country_open_flag smallint not null default 2 check (country_open_flag in (1, 2)),
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      modify_user_id integer,
      primary key (company_id, id),
      foreign key (company_id, app_id) references app (company_id, id),
      constraint ad_position_content_type_allowed check (
        (ad_style = 1 and content_type <@ '{5,6}'::smallint[])
        or (ad_style in (2, 4) and content_type <@ '{1,2,3,4}'::smallint[])
        or (ad_style = 3 and content_type <@ '{3,4}'::smallint[])
      ),
      constraint ad_position_rotation_banner_only check (auto_rotation = 2 or ad_style = 1)
    );
    create unique index ad_position_name_unique on ad_position (company_id, lower(name));
    create index ad_position_app on ad_position (company_id, app_id);

    create table ad_position_floor_group (
      company_id integer not null,
      ad_position_id integer not null,
      group_no smallint not null,
      price numeric(18, 6) not null check (price >= 0),
      primary key (company_id, ad_position_id, group_no),
      foreign key (company_id, ad_position_id) references ad_position (company_id, id) on delete cascade
    );

    create table ad_position_floor_country (
      company_id integer not null,
      ad_position_id integer not null,
      country text not null,
      group_no smallint not null,
      position smallint not null,
      primary key (company_id, ad_position_id, country),
      foreign key (company_id, ad_position_id, group_no)
        references ad_position_floor_group (company_id, ad_position_id, group_no) on delete cascade
    );
  `,
  );
}
