/**
 * The mail outbox goes (docs/configuration.md): without SMTP_URL it kept every emailed code in clear. Mail
 * now leaves only through SMTP (required in production); the rows already there go with the table. Frozen in
 * time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, "drop table if exists outbox;");
}
