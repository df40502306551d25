/** SQL of the accounts module: users and their roles. */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { preparedQuery, type QueryInput } from "../../db/prepared.ts";
import { containsPattern, type PageWindow } from "../../lib/paging.ts";

export type UserRow = Awaited<ReturnType<typeof findUser>>;

const userColumns = [
  "app_user.company_id",
  "app_user.id",
  "app_user.user_name",
  "app_user.email",
  "app_user.password_hash",
  "app_user.status",
  "app_user.report_scope",
  "app_user.create_time",
  "app_user.modify_time",
  "app_user.modify_user_id",
] as const;

/**
 * The user of an email, in any company: `user_email` (one row per user, the platform-wide unique key) names
 * the company, then the user is read from that company's rows (one shard on Citus, docs/citus.md).
 */
export async function findUserByEmail(db: Db, email: string) {
  const owner = await db
    .selectFrom("user_email")
    .select(["company_id", "user_id"])
    .where("email", "=", email.toLowerCase())
    .executeTakeFirst();
  return owner ? findUser(db, owner.company_id, owner.user_id) : undefined;
}

export function findUser(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom("app_user")
    .select(userColumns)
    .where("company_id", "=", companyId)
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** A user with the name of their company (`company`, a reference table, like `role`). */
export function findUserWithCompany(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom("app_user")
    .innerJoin("company", "company.id", "app_user.company_id")
    .select([...userColumns, "company.name as company_name"])
    .where("app_user.company_id", "=", companyId)
    .where("app_user.id", "=", userId)
    .executeTakeFirst();
}

export function rolesOf(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom("user_role")
    .innerJoin("role", "role.id", "user_role.role_id")
    .select(["role.id", "role.name"])
    .where("user_role.company_id", "=", companyId)
    .where("user_role.user_id", "=", userId)
    .orderBy("role.id")
    .execute();
}

export interface NewUser {
  companyId: number;
  userName: string;
  email: string;
  passwordHash: string;
  roleIds: readonly number[];
  reportScope: string;
  modifyUserId: number | null;
}

export async function insertUser(db: Db, user: NewUser): Promise<number> {
  const { id } = await db
    .insertInto("app_user")
    .values({
      company_id: user.companyId,
      user_name: user.userName,
      email: user.email,
      password_hash: user.passwordHash,
      report_scope: user.reportScope,
      modify_user_id: user.modifyUserId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("user_email")
    .values({ email: user.email.toLowerCase(), company_id: user.companyId, user_id: id })
    .execute();
  if (user.roleIds.length > 0) {
    await db
      .insertInto("user_role")
      .values(user.roleIds.map((roleId) => ({ company_id: user.companyId, user_id: id, role_id: roleId })))
      .execute();
  }
  return id;
}

export interface UserListFilter {
  /** A contains match on user_name, case-insensitive. */
  name?: string | undefined;
}

/** A list's search as prepared-query input: the company and each filter's pattern. */
interface UserSearch extends QueryInput {
  companyId: number;
  namePattern?: string | undefined;
}

function filteredUsers(db: Db, search: UserSearch) {
  let query = db.selectFrom("app_user").where("app_user.company_id", "=", search.companyId);
  if (search.namePattern) query = query.where("app_user.user_name", "ilike", search.namePattern);
  return query;
}

/**
 * A user's role ids. The company is named as a value, not as the user row's column: Citus sends a subquery
 * correlated on the distribution column to every shard (docs/citus.md).
 */
const roleIdsOf = (companyId: number) =>
  sql<number[]>`array(
    select user_role.role_id from user_role
    where user_role.company_id = ${companyId} and user_role.user_id = app_user.id
    order by user_role.role_id)`.as("role_ids");

const userPage = preparedQuery((db, input: UserSearch & PageWindow) =>
  filteredUsers(db, input)
    .leftJoin("app_user as reviser", (join) =>
      join
        .onRef("reviser.company_id", "=", "app_user.company_id")
        .onRef("reviser.id", "=", "app_user.modify_user_id"),
    )
    .select([
      "app_user.id",
      "app_user.user_name",
      "app_user.email",
      "app_user.status",
      "app_user.report_scope",
      "app_user.create_time",
      "app_user.modify_time",
      "app_user.modify_user_id",
      "reviser.user_name as modify_user_name",
      roleIdsOf(input.companyId),
    ])
    .orderBy("app_user.id", "desc")
    .limit(input.limit)
    .offset(input.offset),
);

const userCount = preparedQuery((db, input: UserSearch) =>
  filteredUsers(db, input).select((eb) => eb.fn.countAll<number>().as("count")),
);

/** One page of a company's users, newest first, each with its role ids and its reviser's name (one query). */
export async function listUsers(db: Db, companyId: number, filter: UserListFilter, page: PageWindow) {
  const search = { companyId, namePattern: filter.name && containsPattern(filter.name) };
  const [rows, [counted]] = await Promise.all([userPage(db, { ...search, ...page }), userCount(db, search)]);
  return { rows, total: Number(counted?.count ?? 0) };
}

/** The users of a company among these ids, each with its role ids. */
export function findUsersWithRoles(db: Db, companyId: number, userIds: readonly number[]) {
  return db
    .selectFrom("app_user")
    .select([...userColumns, roleIdsOf(companyId)])
    .where("app_user.company_id", "=", companyId)
    .where("app_user.id", "in", userIds.length > 0 ? userIds : [0])
    .orderBy("app_user.id")
    .execute();
}

/** The names and emails of a company's users among these ids. */
export function findUserNames(db: Db, companyId: number, userIds: readonly number[]) {
  return db
    .selectFrom("app_user")
    .select(["id", "user_name", "email"])
    .where("company_id", "=", companyId)
    .where("id", "in", userIds.length > 0 ? userIds : [0])
    .execute();
}

/** A company's users in normal status (not frozen), by name. */
export function findActiveUsers(db: Db, companyId: number) {
  return db
    .selectFrom("app_user")
    .select(["id", "user_name", "email"])
    .where("company_id", "=", companyId)
    .where("status", "=", 1)
    .orderBy("user_name")
    .orderBy("id")
    .execute();
}

export interface UserChanges {
  userName?: string;
  email?: string;
  passwordHash?: string;
  status?: number;
}

/** Applies changes to a user, stamping who changed it and when. */
export async function updateUser(
  db: Db,
  companyId: number,
  userId: number,
  changes: UserChanges,
  modifyUserId: number | null,
): Promise<void> {
  await db
    .updateTable("app_user")
    .set({
      ...(changes.userName !== undefined ? { user_name: changes.userName } : {}),
      ...(changes.email !== undefined ? { email: changes.email } : {}),
      ...(changes.passwordHash !== undefined ? { password_hash: changes.passwordHash } : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      modify_user_id: modifyUserId,
      modify_time: sql<Date>`now()`,
    })
    .where("company_id", "=", companyId)
    .where("id", "=", userId)
    .execute();
  if (changes.email !== undefined) {
    await db
      .updateTable("user_email")
      .set({ email: changes.email.toLowerCase() })
      .where("company_id", "=", companyId)
      .where("user_id", "=", userId)
      .execute();
  }
}

export async function replaceRoles(
  db: Db,
  companyId: number,
  userId: number,
  roleIds: readonly number[],
): Promise<void> {
  await db
    .deleteFrom("user_role")
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .execute();
  if (roleIds.length === 0) return;
  await db
    .insertInto("user_role")
    .values(roleIds.map((roleId) => ({ company_id: companyId, user_id: userId, role_id: roleId })))
    .execute();
}

/** Deletes users of a company; their roles and session tokens go with them (foreign keys cascade). */
export async function deleteUsers(db: Db, companyId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .deleteFrom("app_user")
    .where("company_id", "=", companyId)
    .where("id", "in", userIds)
    .returning("id")
    .execute();
  const deleted = rows.map((row) => row.id);
  if (deleted.length > 0) {
    await db
      .deleteFrom("user_email")
      .where("company_id", "=", companyId)
      .where("user_id", "in", deleted)
      .execute();
  }
  return deleted;
}
