/**
 * Emailed codes (password reset, registration) and the mail outbox (docs/rules/sign-in.md#password-calls).
 * Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table email_code (
      id integer generated always as identity primary key,
      email text not null,
      purpose text not null check (purpose in ('reset', 'register')),
      code_hash text not null,
      attempts integer not null default 0,
      expires_at timestamptz not null,
      used_at timestamptz,
      create_time timestamptz not null default now()
    );
    create index email_code_email on email_code (email, create_time);

    create table outbox (
      id integer generated always as identity primary key,
      to_address text not null,
      subject text not null,
      text text not null,
      create_time timestamptz not null default now()
    );
  `,
  );
}
