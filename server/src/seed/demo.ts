/** The demo data of an empty database: the operator company and a demo publisher with its super admin. */
import { todayInTimeZone } from "@pc/contract";
import { sql } from "kysely";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { md5Hex } from "../lib/passwords.ts";
import { countCompanies, createCompany } from "../modules/tenancy/service.ts";
import { seedDemoApps } from "./demo-apps.ts";
import { seedDemoReports } from "./demo-reports.ts";

export const OPERATOR_ADMIN_EMAIL = "operator@platform.test";

export interface SeedResult {
  seeded: boolean;
}

function shouldSeed(config: Config, companyCount: number): boolean {
  if (config.DEMO_SEED !== undefined) return config.DEMO_SEED && companyCount === 0;
  return companyCount === 0 && config.NODE_ENV !== "production";
}

/**
 * Seeds an empty database in one transaction under a lock, so that of processes starting together on it
 * the first seeds and the others find it seeded.
 */
export function seedDemo(db: Db, config: Config): Promise<SeedResult> {
  return inTransaction(db, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('publisher-console:demo-seed'))`.execute(tx);
    if (!shouldSeed(config, await countCompanies(tx))) return { seeded: false };
    await seedEmpty(tx, config);
    return { seeded: true };
  });
}

async function seedEmpty(db: Db, config: Config): Promise<void> {
  const passwordMd5 = md5Hex(config.CONSOLE_ADMIN_PASSWORD);
  await createCompany(db, {
    name: "Publisher Platform",
    hosts: ["localhost"],
    isOperator: true,
    admin: { email: OPERATOR_ADMIN_EMAIL, userName: "Platform Operator", passwordMd5 },
  });
  const demo = await createCompany(db, {
    name: "Demo Publisher",
    hosts: ["demo.localhost"],
    isOperator: false,
    admin: { email: config.CONSOLE_ADMIN_EMAIL, userName: "Demo Admin", passwordMd5 },
  });
  await seedDemoApps(db, { companyId: demo.company_id, userId: demo.user_id }, config.REPORT_TZ);
  if (config.DEMO_SEED_REPORTS) {
    await seedDemoReports(db, demo.company_id, todayInTimeZone(config.REPORT_TZ), config.REPORT_TZ);
  }
}
