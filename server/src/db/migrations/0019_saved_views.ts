/**
 * Saved views of the report screens: one user's named question of the SDK or affiliate report (filters,
 * dimensions, data columns, sort, comparison and dates, as JSON checked by the contract's view schema). Names
 * are unique per user and report ignoring case; a view goes with its user (deleted users' cascade). Every key
 * holds company_id. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table report_view (
      company_id integer not null references company (id),
      id integer generated always as identity,
      user_id integer not null,
      kind text not null check (kind in ('online', 'offline')),
      name text not null check (char_length(name) between 1 and 60),
      selection jsonb not null,
      create_time timestamptz not null default now(),
      modify_time timestamptz not null default now(),
      primary key (company_id, id),
      foreign key (company_id, user_id) references app_user (company_id, id) on delete cascade
    );
    create unique index report_view_name on report_view (company_id, user_id, kind, lower(name));
    `,
  );
}
