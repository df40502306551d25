/** Users and companies for the accounts and authorization tests, made through the services as the CLI does. */
import { ReportScope, type ReportScopeValue, Role, type RoleId } from "@pc/contract";
import type { Db } from "../../src/db/database.ts";
import { createUser } from "../../src/modules/accounts/service.ts";
import { issueToken } from "../../src/modules/identity/sessions.ts";
import { createCompany } from "../../src/modules/tenancy/service.ts";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./app.ts";
import { md5 } from "./login-form.ts";

export interface TestUser {
  companyId: number;
  accountId: number;
  userId: number;
  email: string;
}

let serial = 0;
/** A fresh address each call, unique in the run. */
export const freshEmail = (prefix = "user") =>
  `${prefix}-${Date.now().toString(36)}-${++serial}@accounts.test`;

export async function demoCompany(
  db: Db,
): Promise<{ companyId: number; accountId: number; adminId: number }> {
  const admin = await db
    .selectFrom("app_user")
    .innerJoin("company", "company.id", "app_user.company_id")
    .select(["company.id", "company.account_id", "app_user.id as user_id"])
    .where("app_user.email", "=", DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  return { companyId: admin.id, accountId: admin.account_id, adminId: admin.user_id };
}

export async function makeUser(
  db: Db,
  company: { companyId: number; accountId: number },
  options: { role?: RoleId | null; reportScope?: ReportScopeValue; email?: string; name?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? freshEmail(options.role === null ? "norole" : `role${options.role ?? 3}`);
  const role = options.role === undefined ? Role.OperationsStaff : options.role;
  const userId = await createUser(db, {
    companyId: company.companyId,
    userName: options.name ?? email.split("@")[0] ?? email,
    email,
    passwordMd5: md5(DEMO_PASSWORD),
    roleIds: role === null ? [] : [role],
    reportScope: options.reportScope ?? ReportScope.All,
    actorId: null,
  });
  return { companyId: company.companyId, accountId: company.accountId, userId, email };
}

/** Another publisher company with its super admin (password DEMO_PASSWORD). */
export async function makeCompany(db: Db, name = `Company ${++serial}`): Promise<TestUser> {
  const email = freshEmail("boss");
  const created = await createCompany(db, {
    name,
    hosts: [],
    isOperator: false,
    admin: { email, userName: `${name} Admin`, passwordMd5: md5(DEMO_PASSWORD) },
  });
  return { companyId: created.company_id, accountId: created.account_id, userId: created.user_id, email };
}

/** A session token for a user without going through sign-in (fast; sign-in has its own tests). */
export const tokenOf = (db: Db, user: { companyId: number; userId: number }) =>
  issueToken(db, user.companyId, user.userId);
