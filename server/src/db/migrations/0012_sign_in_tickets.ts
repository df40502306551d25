/**
 * Sign-in tickets (docs/api.md#links-into-the-console-sign-in-tickets): a link into the console carries a
 * one-time ticket, valid for seconds, instead of a session token. Only its SHA-256 is stored, with the
 * session that asked for it: revoking that session (logout, password change, freeze, delete) makes its
 * tickets worthless. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(
    db,
    `
    create table sign_in_ticket (
      ticket_hash text primary key,
      token_hash text not null references session_token (token_hash) on delete cascade,
      expires_at timestamptz not null
    );
    create index sign_in_ticket_token on sign_in_ticket (token_hash);
    create index sign_in_ticket_expires on sign_in_ticket (expires_at);
    `,
  );
}
