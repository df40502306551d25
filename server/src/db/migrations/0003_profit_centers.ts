/**
 * Profit centres, the notices that change them, and the signs the external API has seen
 * (docs/api.md#signed-external-api). Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table profit_center (
      id integer primary key check (id > 0),
      name text not null,
      status smallint not null default 1 check (status in (1, 2)),
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now()
    );

    alter table company
      add constraint company_profit_center_fk foreign key (profit_center_id) references profit_center (id);
    create index company_profit_center on company (profit_center_id);

    -- A notice row is inserted first (taking its id), then its result is written in the same transaction.
    create table profit_center_notice (
      notice_id text primary key,
      type text not null,
      payload jsonb not null,
      result jsonb,
      create_time timestamptz not null default now()
    );

    create table external_api_sign (
      sign text primary key,
      expires_at timestamptz not null
    );
    create index external_api_sign_expires on external_api_sign (expires_at);
  `,
  );
}
