/** SQL of the apps module: applications of a company. Every statement is scoped by company_id. */
import { type ExpressionBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { preparedQuery, type QueryInput } from "../../db/prepared.ts";
import type { Database } from "../../db/schema.ts";
import { containsPattern, type PageWindow } from "../../lib/paging.ts";

export interface AppFilters {
  name?: string | undefined;
  pkg?: string | undefined;
}

const appColumns = [
  "app.id",
  "app.name",
  "app.pkg",
  "app.url",
  "app.platform",
  "app.is_online",
  "app.app_key",
  "app.create_time",
  "app.modify_time",
  "app.modify_user_id",
] as const;

/** A list's search as prepared-query input: the company and each filter's pattern. */
interface AppSearch extends QueryInput {
  companyId: number;
  namePattern?: string | undefined;
  pkgPattern?: string | undefined;
}

const appSearch = (companyId: number, filters: AppFilters): AppSearch => ({
  companyId,
  namePattern: filters.name && containsPattern(filters.name),
  pkgPattern: filters.pkg && containsPattern(filters.pkg),
});

function filtered(db: Db, search: AppSearch) {
  let query = db.selectFrom("app").where("app.company_id", "=", search.companyId);
  if (search.namePattern) query = query.where("app.name", "ilike", search.namePattern);
  if (search.pkgPattern) query = query.where("app.pkg", "ilike", search.pkgPattern);
  return query;
}

/**
 * Placements per app, for the rows of the answer only (an index-only count each). The company is named as a
 * value, not as the app row's column: Citus sends a subquery correlated on the distribution column to every
 * shard (docs/citus.md).
 */
const adposCount = (companyId: number) => (eb: ExpressionBuilder<Database, "app">) =>
  eb
    .selectFrom("ad_position")
    .select(eb.fn.countAll<number>().as("count"))
    .where("ad_position.company_id", "=", companyId)
    .whereRef("ad_position.app_id", "=", "app.id")
    .as("adpos_count");

const appPage = preparedQuery((db, input: AppSearch & PageWindow) =>
  filtered(db, input)
    .select([...appColumns, adposCount(input.companyId)])
    .orderBy("app.id", "desc")
    .limit(input.limit)
    .offset(input.offset),
);

const appCount = preparedQuery((db, input: AppSearch) =>
  filtered(db, input).select((eb) => eb.fn.countAll<number>().as("count")),
);

export const listApps = (db: Db, companyId: number, filters: AppFilters, page: PageWindow) =>
  appPage(db, { ...appSearch(companyId, filters), ...page });

export async function countApps(db: Db, companyId: number, filters: AppFilters): Promise<number> {
  const [counted] = await appCount(db, appSearch(companyId, filters));
  return Number(counted?.count ?? 0);
}

export function findApp(db: Db, companyId: number, id: number) {
  return db
    .selectFrom("app")
    .select([...appColumns, adposCount(companyId)])
    .where("app.company_id", "=", companyId)
    .where("app.id", "=", id)
    .executeTakeFirst();
}
export type AppRecord = NonNullable<Awaited<ReturnType<typeof findApp>>>;

/** The names of the company's apps among these ids (another company's ids find nothing). */
export function findAppNames(db: Db, companyId: number, ids: readonly number[]) {
  return db
    .selectFrom("app")
    .select(["id", "name"])
    .where("company_id", "=", companyId)
    .where("id", "in", ids.length > 0 ? ids : [0])
    .execute();
}

/** Locks the app row for the rest of the transaction (edit and delete read it before changing it). */
export function lockApp(db: Db, companyId: number, id: number) {
  return db
    .selectFrom("app")
    .select("app.id")
    .where("app.company_id", "=", companyId)
    .where("app.id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Whether another app of the company (not `exceptId`) has this name, ignoring case. */
export async function appNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom("app")
    .select("app.id")
    .where("app.company_id", "=", companyId)
    .where((eb) => eb(eb.fn("lower", ["app.name"]), "=", name.toLowerCase()));
  if (exceptId !== undefined) query = query.where("app.id", "<>", exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** Whether another app of the company (not `exceptId`) has this package, ignoring case. */
export async function appPkgTaken(db: Db, companyId: number, pkg: string, exceptId?: number) {
  let query = db
    .selectFrom("app")
    .select("app.id")
    .where("app.company_id", "=", companyId)
    .where((eb) => eb(eb.fn("lower", ["app.pkg"]), "=", pkg.toLowerCase()));
  if (exceptId !== undefined) query = query.where("app.id", "<>", exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function placementCountOf(db: Db, companyId: number, appId: number): Promise<number> {
  const { count } = await db
    .selectFrom("ad_position")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("ad_position.company_id", "=", companyId)
    .where("ad_position.app_id", "=", appId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface NewApp {
  companyId: number;
  name: string;
  pkg: string;
  url: string;
  platform: number;
  isOnline: number;
  appKey: string;
  sdkSecret: string;
  modifyUserId: number | null;
}

export async function insertApp(db: Db, app: NewApp): Promise<number> {
  const { id } = await db
    .insertInto("app")
    .values({
      company_id: app.companyId,
      name: app.name,
      pkg: app.pkg,
      url: app.url,
      platform: app.platform,
      is_online: app.isOnline,
      app_key: app.appKey,
      sdk_secret: app.sdkSecret,
      modify_user_id: app.modifyUserId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export interface AppChanges {
  name: string;
  pkg: string;
  url: string;
  platform: number;
  isOnline: number;
  modifyUserId: number | null;
}

export async function updateApp(db: Db, companyId: number, id: number, changes: AppChanges): Promise<void> {
  await db
    .updateTable("app")
    .set({
      name: changes.name,
      pkg: changes.pkg,
      url: changes.url,
      platform: changes.platform,
      is_online: changes.isOnline,
      modify_user_id: changes.modifyUserId,
      modify_time: sql<Date>`now()`,
    })
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .execute();
}

export async function deleteApp(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom("app").where("company_id", "=", companyId).where("id", "=", id).execute();
}

/**
 * The app an SDK names by its key, among the apps of `companyId` (null: of every company). Keys are 128
 * random bits, unique within a company by the database and across companies by chance; more than one match
 * is treated as none.
 */
export async function findAppByKey(db: Db, appKey: string, companyId: number | null) {
  let query = db
    .selectFrom("app")
    .select(["app.company_id", "app.id", "app.pkg", "app.app_key", "app.sdk_secret"])
    .where("app.app_key", "=", appKey);
  if (companyId !== null) query = query.where("app.company_id", "=", companyId);
  const rows = await query.limit(2).execute();
  return rows.length === 1 ? rows[0] : undefined;
}
