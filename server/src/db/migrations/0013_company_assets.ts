/**
 * Company logos and favicons uploaded by the operators (docs/rules/screens.md#companies): the image bytes
 * live in the database, so every server process serves the same ones. A row is one version, named by the
 * SHA-256 of its bytes (its URL is immutable); the current version of a company's logo or icon has no
 * `replaced_time`. Replaced versions stay a day, so a browser still holding the previous branding finds its
 * image. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table company_asset (
      company_id integer not null references company (id) on delete cascade,
      kind text not null check (kind in ('logo', 'icon')),
      digest text not null check (digest ~ '^[0-9a-f]{64}$'),
      content_type text not null,
      bytes bytea not null,
      byte_size integer not null,
      create_time timestamptz not null default now(),
      create_user_id integer,
      replaced_time timestamptz,
      primary key (company_id, kind, digest)
    );
    create unique index company_asset_current on company_asset (company_id, kind) where replaced_time is null;
    `,
  );
}
