/** Account rules shared by sign-in, the operator CLI and the accounts API. */
import {
  AccountStatus,
  type AccountStatusValue,
  ASSIGNABLE_ROLE,
  accountRowActions,
  Code,
  type Principal,
  ReportScope,
  type ReportScopeValue,
  type UserInfo,
  type UserListAnswer,
  type userCreateBody,
  type userDeleteQuery,
  type userListQuery,
  type userStatusBody,
  type userUpdateBody,
} from "@pc/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { PgCode, violated } from "../../lib/db-errors.ts";
import { pageWindow } from "../../lib/paging.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { type RateLimit, refuseWhileLimited, takeEvent } from "../../lib/rate-limit.ts";
import { formatDateTime } from "../../lib/time.ts";
import {
  deleteUsers,
  findActiveUsers,
  findUser,
  findUserByEmail,
  findUserNames,
  findUsersWithRoles,
  findUserWithCompany,
  insertUser,
  listUsers,
  replaceRoles,
  rolesOf,
  updateUser,
} from "./repo.ts";

/** The user reads other modules make (sign-in, passwords); the SQL stays this module's. */
export { findUser, findUserByEmail };

/**
 * Ends a user's sessions (but the one whose token hash is kept) in the caller's transaction. Sessions are the
 * identity module's, which reads its users from this one: app.ts hands its `endUserSessions` to the accounts
 * routes, so that neither module imports the other back.
 */
export type EndSessions = (
  tx: Db,
  user: { companyId: number; userId: number },
  keepHash?: string,
) => Promise<void>;

/** What the account changes that sign users out run with. */
export interface AccountDeps {
  db: Db;
  endSessions: EndSessions;
}

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

/** The user info answered at sign-in and by /api/v1/user/user_info (docs/rules/entities.md#users). */
export async function loadUserInfo(
  db: Db,
  session: { companyId: number; userId: number; accountId: number; isOperator: boolean },
  timeZone: string,
): Promise<UserInfo> {
  const user = await findUserWithCompany(db, session.companyId, session.userId);
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
    company_name: user.company_name,
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

// ── The accounts API (docs/rules/roles.md#who-may-change-whom) ─────────────────────────────────────────────

/** Who is acting: the session's user and roles, company and its account, token, and client address. */
export interface Actor {
  userId: number;
  roleIds: readonly number[];
  companyId: number;
  accountId: number;
  tokenHash: string;
  clientAddress: string;
}

/**
 * What the actor may do to a user: the account list's rule, enforced here
 * (docs/rules/roles.md#who-may-change-whom).
 */
const allowedOn = (actor: Actor, user: { id: number; role_ids: readonly number[] }) =>
  accountRowActions(
    { user_id: user.id, role_ids: user.role_ids },
    { user_id: actor.userId, role_id: actor.roleIds },
  );

/** A body's or query's `account_id` must be the session's (docs/api.md#call-conventions): otherwise 402. */
function checkAccount(actor: Actor, accountId: number): void {
  if (accountId !== actor.accountId)
    throw new AppError(Code.NoPermission, "companyMismatch", {}, "account_id");
}

/**
 * Answers to "this email is in use" about another company's user tell an administrator of any company
 * (anyone can register one) who has an account on the platform: a client address and a company get a limited
 * number an hour, and past it every email change is refused until the hour ends, taken or not
 * (docs/rules/roles.md#who-may-change-whom).
 */
export const FOREIGN_EMAIL_ANSWERS: RateLimit = {
  scope: "foreign_email_answer",
  max: 10,
  windowSeconds: 3600,
};
const probeKeys = (actor: Actor) => [`address:${actor.clientAddress}`, `company:${actor.companyId}`];

/** An email is free unless another user, of any company, has it (emails are unique platform-wide). */
async function checkEmailFree(db: Db, actor: Actor, email: string, exceptUserId?: number): Promise<void> {
  await refuseWhileLimited(db, FOREIGN_EMAIL_ANSWERS, probeKeys(actor));
  const owner = await findUserByEmail(db, email);
  if (!owner || owner.id === exceptUserId) return;
  if (owner.company_id !== actor.companyId) await takeEvent(db, FOREIGN_EMAIL_ANSWERS, probeKeys(actor));
  throw new AppError(Code.ParamError, "emailTaken", {}, "email");
}

/** The database's unique email index caught a concurrent taker: answer it like the check above. */
function emailRace(error: unknown): never {
  if (violated(error, PgCode.UniqueViolation)) throw new AppError(Code.ParamError, "emailTaken", {}, "email");
  throw error;
}

const statusOf = (status: number): AccountStatusValue =>
  status === AccountStatus.Frozen ? AccountStatus.Frozen : AccountStatus.Normal;

/** What the audit log keeps of a user: never the password hash. */
const auditView = (user: {
  user_name: string;
  email: string;
  status: number;
  role_ids: readonly number[];
}) => ({
  user_name: user.user_name,
  email: user.email,
  status: user.status,
  role_ids: [...user.role_ids],
});

async function targetOf(db: Db, companyId: number, userId: number) {
  const [user] = await findUsersWithRoles(db, companyId, [userId]);
  if (!user) throw new AppError(Code.ParamError, "userNotFound", { id: userId }, "user_id");
  return user;
}

export async function listAccounts(
  db: Db,
  companyId: number,
  query: UserListQueryValue,
  timeZone: string,
): Promise<UserListAnswer> {
  const { rows, total } = await listUsers(
    db,
    companyId,
    { name: query.name },
    pageWindow(query.page_no, query.page_size),
  );
  return {
    list: rows.map((row) => ({
      user_id: row.id,
      user_name: row.user_name,
      email: row.email,
      status: statusOf(row.status),
      role_ids: row.role_ids,
      report_scope: row.report_scope,
      create_time: formatDateTime(row.create_time, timeZone),
      modify_time: formatDateTime(row.modify_time, timeZone),
      modify_user_id: row.modify_user_id,
      modify_user_name: row.modify_user_name,
    })),
    total,
  };
}

export type UserListQueryValue = z.output<typeof userListQuery>;
export type UserCreateValue = z.output<typeof userCreateBody>;
export type UserUpdateValue = z.output<typeof userUpdateBody>;
export type UserStatusValue = z.output<typeof userStatusBody>;
export type UserDeleteValue = z.output<typeof userDeleteQuery>;

/** `POST /v1/user`: a staff account of the session's company (only role 3 can be given). */
export async function createAccount(db: Db, actor: Actor, body: UserCreateValue): Promise<number> {
  checkAccount(actor, body.account_id);
  await checkEmailFree(db, actor, body.email);
  const passwordHash = await hashPassword(body.password);
  return inTransaction(db, async (tx) => {
    const userId = await insertUser(tx, {
      companyId: actor.companyId,
      userName: body.user_name,
      email: body.email,
      passwordHash,
      roleIds: body.role_ids,
      reportScope: ReportScope.All,
      modifyUserId: actor.userId,
    }).catch(emailRace);
    if (body.status !== AccountStatus.Normal) {
      await updateUser(tx, actor.companyId, userId, { status: body.status }, actor.userId);
    }
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "create",
      entity: "user",
      entityId: userId,
      after: auditView({ ...body, role_ids: body.role_ids }),
    });
    return userId;
  });
}

/**
 * `PUT /v1/user`: name, email, optionally a new password (which signs the user out everywhere but in the
 * caller's own session) and roles: [3] for staff; an administrator's or super admin's roles never change, and
 * only the super admin changes the email or password of a user at or above the caller's level.
 */
export async function updateAccount(
  { db, endSessions }: AccountDeps,
  actor: Actor,
  body: UserUpdateValue,
): Promise<void> {
  checkAccount(actor, body.account_id);
  const target = await targetOf(db, actor.companyId, body.user_id);
  const allowed = allowedOn(actor, target);
  const manager = allowed.roleLocked;
  const sameRoles = body.role_ids.join(",") === target.role_ids.join(",");
  if (manager && !sameRoles) throw new AppError(Code.Forbidden, "managerRoleLocked", {}, "role_ids");
  if (!manager && body.role_ids.some((id) => id !== ASSIGNABLE_ROLE)) {
    throw new AppError(Code.ParamError, "roleNotAssignable", {}, "role_ids");
  }
  const { user_name: userName, email, password } = body.user_info;
  if (allowed.credentialsLocked) {
    if (email !== target.email.toLowerCase())
      throw new AppError(Code.Forbidden, "credentialsLocked", {}, "email");
    if (password) throw new AppError(Code.Forbidden, "credentialsLocked", {}, "password");
  }
  if (email !== target.email.toLowerCase()) await checkEmailFree(db, actor, email, target.id);
  const passwordHash = password ? await hashPassword(password) : undefined;
  await inTransaction(db, async (tx) => {
    await updateUser(
      tx,
      actor.companyId,
      target.id,
      { userName, email, ...(passwordHash ? { passwordHash } : {}) },
      actor.userId,
    ).catch(emailRace);
    if (!manager && !sameRoles) await replaceRoles(tx, actor.companyId, target.id, body.role_ids);
    if (passwordHash) {
      const keep = target.id === actor.userId ? actor.tokenHash : undefined;
      await endSessions(tx, { companyId: actor.companyId, userId: target.id }, keep);
    }
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "update",
      entity: "user",
      entityId: target.id,
      before: auditView(target),
      after: {
        ...auditView({
          ...target,
          user_name: userName,
          email,
          role_ids: manager ? target.role_ids : body.role_ids,
        }),
        password_changed: passwordHash !== undefined,
      },
    });
  });
}

/**
 * Nobody freezes or deletes themselves, an administrator or a super admin
 * (docs/rules/roles.md#who-may-change-whom).
 */
function checkRemovable(
  actor: Actor,
  user: { id: number; role_ids: readonly number[] },
  field: string,
): void {
  if (allowedOn(actor, user).remove) return;
  throw new AppError(
    Code.Forbidden,
    user.id === actor.userId ? "selfProtected" : "managerProtected",
    {},
    field,
  );
}

/** Freeze (4) signs the user out at once; thaw (1) lets them sign in again. */
export async function setAccountStatus(
  { db, endSessions }: AccountDeps,
  actor: Actor,
  body: UserStatusValue,
): Promise<void> {
  checkAccount(actor, body.account_id);
  const target = await targetOf(db, actor.companyId, body.user_id);
  checkRemovable(actor, target, "user_id");
  const status = body.user_info.status;
  await inTransaction(db, async (tx) => {
    await updateUser(tx, actor.companyId, target.id, { status }, actor.userId);
    if (status === AccountStatus.Frozen)
      await endSessions(tx, { companyId: actor.companyId, userId: target.id });
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: status === AccountStatus.Frozen ? "freeze" : "thaw",
      entity: "user",
      entityId: target.id,
      before: { status: target.status },
      after: { status },
    });
  });
}

/** Deletes several users, all or nothing; their sessions end with them. */
export async function deleteAccounts(
  { db, endSessions }: AccountDeps,
  actor: Actor,
  query: UserDeleteValue,
): Promise<number[]> {
  checkAccount(actor, query.account_id);
  const users = await findUsersWithRoles(db, actor.companyId, query.ids);
  const found = new Set(users.map((user) => user.id));
  const missing = query.ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError(Code.ParamError, "userNotFound", { id: missing.join(", ") }, "ids");
  for (const user of users) checkRemovable(actor, user, "ids");
  return inTransaction(db, async (tx) => {
    for (const user of users) await endSessions(tx, { companyId: actor.companyId, userId: user.id });
    const deleted = await deleteUsers(tx, actor.companyId, query.ids);
    for (const user of users) {
      await writeAudit(tx, {
        companyId: actor.companyId,
        userId: actor.userId,
        action: "delete",
        entity: "user",
        entityId: user.id,
        before: auditView(user),
      });
    }
    return deleted.sort((a, b) => a - b);
  });
}

/** Sets a user's password (change or reset) with an audit row; the caller revokes sessions. */
export async function setUserPassword(
  tx: Db,
  user: { companyId: number; userId: number },
  passwordHash: string,
  action: "password_change" | "password_reset",
): Promise<void> {
  await updateUser(tx, user.companyId, user.userId, { passwordHash }, user.userId);
  await writeAudit(tx, {
    companyId: user.companyId,
    userId: user.userId,
    action,
    entity: "user",
    entityId: user.userId,
  });
}

/** Who the users among these ids are (name and email), by id; ids of other companies are left out. */
export async function userNamesOf(db: Db, companyId: number, userIds: readonly number[]) {
  const rows = await findUserNames(db, companyId, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.user_name, email: row.email }]));
}

/** The company's users in normal status (not frozen): who may receive a scheduled report. */
export async function activeUsersOf(db: Db, companyId: number) {
  return findActiveUsers(db, companyId);
}
