/**
 * A calculation's lease (docs/rules/reports.md#pipeline): the worker running a batch renews `heartbeat_at`
 * every few seconds, and another worker takes the batch over once the heartbeat (or `started_at` before the
 * first one) is older than REPORT_LEASE_SECONDS, so a killed calculation is retried within seconds instead of
 * after a fixed 15-minute lease. Frozen in time.
 */
import type { Kysely } from "kysely";
import { runScript } from "../script.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  await runScript(db, "alter table report_batch add column heartbeat_at timestamptz;");
}
