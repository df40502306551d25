/**
 * The reporting API's keys (docs/api.md#reporting-api): read-only keys a company's super admin creates. Only
 * the SHA-256 of a secret is kept, with the first characters of its random part to tell keys apart. The
 * secret names its company, so a call finds its key by (company_id, key_hash). Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table report_api_key (
      company_id integer not null references company (id) on delete cascade,
      id integer generated always as identity,
      name text not null check (char_length(name) between 1 and 64),
      key_hash text not null check (key_hash ~ '^[0-9a-f]{64}$'),
      key_prefix text not null,
      scopes text[] not null check (cardinality(scopes) > 0 and scopes <@ array['sdk', 'affiliate']),
      expires_at timestamptz,
      revoked_at timestamptz,
      last_used_at timestamptz,
      create_time timestamptz not null default now(),
      create_user_id integer,
      modify_time timestamptz not null default now(),
      modify_user_id integer,
      primary key (company_id, id),
      unique (company_id, key_hash)
    );
    `,
  );
}
