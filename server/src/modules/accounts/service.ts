/** Account rules shared by sign-in, the operator CLI and (later) the accounts API. */
import {
  AccountStatus,
  Code,
  type Principal,
  ReportScope,
  type ReportScopeValue,
  type UserInfo,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { formatDateTime } from "../../lib/time.ts";
import { findUser, findUserByEmail, insertUser, rolesOf } from "./repo.ts";

export interface CreateUserInput {
  companyId: number;
  userName: string;
  email: string;
  passwordMd5: string;
  roleIds: readonly number[];
  reportScope?: ReportScopeValue;
  actorId: number | null;
}

export async function createUser(db: Db, input: CreateUserInput): Promise<number> {
  if (await findUserByEmail(db, input.email)) {
    throw new AppError(Code.ParamError, "emailTaken", {}, "email");
  }
  const passwordHash = await hashPassword(input.passwordMd5);
  return inTransaction(db, async (tx) => {
    const userId = await insertUser(tx, {
      companyId: input.companyId,
      userName: input.userName,
      email: input.email.toLowerCase(),
      passwordHash,
      roleIds: input.roleIds,
      reportScope: input.reportScope ?? ReportScope.All,
      modifyUserId: input.actorId,
    });
    await writeAudit(tx, {
      companyId: input.companyId,
      userId: input.actorId,
      action: "create",
      entity: "user",
      entityId: userId,
      after: { user_name: input.userName, email: input.email, role_ids: input.roleIds },
    });
    return userId;
  });
}

export function principalOf(roleIds: readonly number[], reportScope: string, isOperator: boolean): Principal {
  return {
    roleIds,
    reportScope: reportScope === ReportScope.SdkOnly ? ReportScope.SdkOnly : ReportScope.All,
    isOperator,
  };
}

/** The user info answered at sign-in and by /api/v1/user/user_info (spec §3). */
export async function loadUserInfo(
  db: Db,
  session: { companyId: number; userId: number; accountId: number; isOperator: boolean },
  timeZone: string,
): Promise<UserInfo> {
  const user = await findUser(db, session.companyId, session.userId);
  if (!user) throw new AppError(Code.TokenInvalid);
  const roles = await rolesOf(db, session.companyId, session.userId);
  const principal = principalOf(
    roles.map((role) => role.id),
    user.report_scope,
    session.isOperator,
  );
  return {
    user_id: user.id,
    user_name: user.user_name,
    name: user.user_name,
    email: user.email,
    company_id: user.company_id,
    account_id: session.accountId,
    status: user.status === AccountStatus.Frozen ? AccountStatus.Frozen : AccountStatus.Normal,
    create_time: formatDateTime(user.create_time, timeZone),
    modify_time: formatDateTime(user.modify_time, timeZone),
    modify_user_id: user.modify_user_id,
    opt_permission: roles.map((role) => ({ role_info: { id: role.id, name: role.name } })),
    role_id: [...principal.roleIds],
    report_scope: principal.reportScope,
    is_operator: principal.isOperator,
  };
}
