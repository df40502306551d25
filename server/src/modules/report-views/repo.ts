/**
 * SQL of the report-views module: one user's saved views of a report. Every statement names the company and
 * the user, so a view of another user or company is never read or written.
 */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

/** Whose views, of which report. */
export interface ViewOwner {
  companyId: number;
  userId: number;
  kind: string;
}

export interface ViewRecord {
  id: number;
  kind: string;
  name: string;
  selection: unknown;
  create_time: Date;
  modify_time: Date;
}

const viewColumns = ["id", "kind", "name", "selection", "create_time", "modify_time"] as const;

const owned = (db: Db, owner: ViewOwner) =>
  db
    .selectFrom("report_view")
    .where("company_id", "=", owner.companyId)
    .where("user_id", "=", owner.userId)
    .where("kind", "=", owner.kind);

export function listViews(db: Db, owner: ViewOwner): Promise<ViewRecord[]> {
  return owned(db, owner).select(viewColumns).orderBy(sql`lower(name)`).orderBy("id").execute();
}

export function findView(db: Db, owner: ViewOwner, id: number): Promise<ViewRecord | undefined> {
  return owned(db, owner).select(viewColumns).where("id", "=", id).executeTakeFirst();
}

export async function countViews(db: Db, owner: ViewOwner): Promise<number> {
  const { count } = await owned(db, owner)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Whether another view of the owner (not `exceptId`) has this name, ignoring case. */
export async function viewNameTaken(db: Db, owner: ViewOwner, name: string, exceptId?: number) {
  let query = owned(db, owner).select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Holds the owner's user row until the transaction ends, so that two creations by one user are counted one
 * after the other (the limit per user holds with several processes). False when the user no longer exists.
 */
export async function lockOwner(db: Db, owner: ViewOwner): Promise<boolean> {
  const row = await db
    .selectFrom("app_user")
    .select("id")
    .where("company_id", "=", owner.companyId)
    .where("id", "=", owner.userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertView(
  db: Db,
  owner: ViewOwner,
  values: { name: string; selection: unknown },
): Promise<number> {
  const row = await db
    .insertInto("report_view")
    .values({
      company_id: owner.companyId,
      user_id: owner.userId,
      kind: owner.kind,
      name: values.name,
      selection: JSON.stringify(values.selection),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets the given fields of a view; false when the owner has no such view. */
export async function updateView(
  db: Db,
  owner: ViewOwner,
  id: number,
  values: { name?: string | undefined; selection?: unknown },
): Promise<boolean> {
  const result = await db
    .updateTable("report_view")
    .set({
      ...(values.name === undefined ? {} : { name: values.name }),
      ...(values.selection === undefined ? {} : { selection: JSON.stringify(values.selection) }),
      modify_time: new Date(),
    })
    .where("company_id", "=", owner.companyId)
    .where("user_id", "=", owner.userId)
    .where("kind", "=", owner.kind)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes a view; false when the owner has no such view. */
export async function deleteView(db: Db, owner: ViewOwner, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom("report_view")
    .where("company_id", "=", owner.companyId)
    .where("user_id", "=", owner.userId)
    .where("kind", "=", owner.kind)
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
