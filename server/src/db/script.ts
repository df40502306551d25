import { type Kysely, sql } from "kysely";

/**
 * Runs a migration script statement by statement: PGlite's query call takes one statement at a time.
 * Statements end with a semicolon at the end of a line; none of ours has one inside its body.
 */
export async function runScript(db: Kysely<unknown>, script: string): Promise<void> {
  const statements = script
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
