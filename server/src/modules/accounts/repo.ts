/** SQL of the accounts module: users and their roles. */
import type { Db } from "../../db/database.ts";

export type UserRow = Awaited<ReturnType<typeof findUserByEmail>>;

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

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("app_user")
    .select(userColumns)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .executeTakeFirst();
}

export function findUser(db: Db, companyId: number, userId: number) {
  return db
    .selectFrom("app_user")
    .select(userColumns)
    .where("company_id", "=", companyId)
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function roleIdsOf(db: Db, companyId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("user_role")
    .select("role_id")
    .where("company_id", "=", companyId)
    .where("user_id", "=", userId)
    .orderBy("role_id")
    .execute();
  return rows.map((row) => row.role_id);
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
  if (user.roleIds.length > 0) {
    await db
      .insertInto("user_role")
      .values(user.roleIds.map((roleId) => ({ company_id: user.companyId, user_id: id, role_id: roleId })))
      .execute();
  }
  return id;
}
