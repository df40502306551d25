import { sql } from "kysely";
import { type Migration, Migrator } from "kysely/migration";
import { hasCitus, placeNewTables, useOneConnectionPerNode } from "./citus/placement.ts";
import type { Db } from "./database.ts";
import * as foundation from "./migrations/0001_foundation.ts";
import * as appsPlacements from "./migrations/0002_apps_placements.ts";
import * as profitCenters from "./migrations/0003_profit_centers.ts";
import * as accounts from "./migrations/0004_accounts.ts";
import * as reports from "./migrations/0005_reports.ts";
import * as reportPageIndexes from "./migrations/0006_report_page_indexes.ts";
import * as reportSpans from "./migrations/0007_report_spans.ts";
import * as appendOnlyIngest from "./migrations/0008_append_only_ingest.ts";
import * as calculationHeartbeat from "./migrations/0009_calculation_heartbeat.ts";
import * as abuseLimits from "./migrations/0010_abuse_limits.ts";
import * as dropOutbox from "./migrations/0011_drop_outbox.ts";
import * as signInTickets from "./migrations/0012_sign_in_tickets.ts";
import * as companyAssets from "./migrations/0013_company_assets.ts";
import * as twoFactor from "./migrations/0014_two_factor.ts";
import * as reportApiKeys from "./migrations/0015_report_api_keys.ts";
import * as reportSchedules from "./migrations/0016_report_schedules.ts";
import * as mailQueue from "./migrations/0017_mail_queue.ts";
import * as addressLimits from "./migrations/0018_address_limits.ts";
import * as savedViews from "./migrations/0019_saved_views.ts";
import * as reportHours from "./migrations/0020_report_hours.ts";
import * as companyKeys from "./migrations/0021_company_keys.ts";

/** Every migration, in order. A migration never changes once it has shipped. */
const MIGRATIONS: Record<string, Migration> = {
  "0001_foundation": foundation,
  "0002_apps_placements": appsPlacements,
  "0003_profit_centers": profitCenters,
  "0004_accounts": accounts,
  "0005_reports": reports,
  "0006_report_page_indexes": reportPageIndexes,
  "0007_report_spans": reportSpans,
  "0008_append_only_ingest": appendOnlyIngest,
  "0009_calculation_heartbeat": calculationHeartbeat,
  "0010_abuse_limits": abuseLimits,
  "0011_drop_outbox": dropOutbox,
  "0012_sign_in_tickets": signInTickets,
  "0013_company_assets": companyAssets,
  "0014_two_factor": twoFactor,
  "0015_report_api_keys": reportApiKeys,
  "0016_report_schedules": reportSchedules,
  "0017_mail_queue": mailQueue,
  "0018_address_limits": addressLimits,
  "0019_saved_views": savedViews,
  "0020_report_hours": reportHours,
  "0021_company_keys": companyKeys,
};

/**
 * Applies pending migrations in one transaction under a transaction-level lock, so processes starting
 * together migrate once. Kysely's own lock is a session lock on a connection of its own: behind a pooler in
 * transaction mode that connection is any server connection for each statement, so the lock guarded nothing
 * (two processes both ran the first migration) and could stay held on a pooled connection. On Citus the
 * tables the run created are placed at its end (`citus/placement.ts`).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('publisher-console:migrations'))`.execute(tx);
    const citus = await hasCitus(tx);
    if (citus) await useOneConnectionPerNode(tx);
    const migrator = new Migrator({ db: tx, provider: { getMigrations: async () => MIGRATIONS } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
    if (citus) await placeNewTables(tx);
  });
}
