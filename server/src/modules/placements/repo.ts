/**
 * SQL of the placements module: ad placements and their floor prices. Every statement is scoped by
 * company_id. Lists read the app's name through the (company_id, app_id) key.
 */
import { type BottomPrice, Flag } from "@pc/contract";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { preparedQuery, type QueryInput } from "../../db/prepared.ts";
import { containsPattern, type PageWindow } from "../../lib/paging.ts";

export interface PlacementFilters {
  id?: number | undefined;
  name?: string | undefined;
  adStyle?: number | undefined;
  appName?: string | undefined;
}

const placementColumns = [
  "ad_position.id",
  "ad_position.name",
  "ad_position.app_id",
  "app.name as app_name",
  "ad_position.ad_style",
  "ad_position.content_type",
  "ad_position.auto_rotation",
  "ad_position.default_bottom_price",
  "ad_position.country_open_flag",
  "ad_position.create_time",
  "ad_position.modify_time",
  "ad_position.modify_user_id",
] as const;

function withApp(db: Db, companyId: number) {
  return db
    .selectFrom("ad_position")
    .innerJoin("app", (join) =>
      join.onRef("app.company_id", "=", "ad_position.company_id").onRef("app.id", "=", "ad_position.app_id"),
    )
    .where("ad_position.company_id", "=", companyId);
}

/** A list's search as prepared-query input: the company, the exact filters and each text filter's pattern. */
interface PlacementSearch extends QueryInput {
  companyId: number;
  id?: number | undefined;
  namePattern?: string | undefined;
  adStyle?: number | undefined;
  appNamePattern?: string | undefined;
}

const placementSearch = (companyId: number, filters: PlacementFilters): PlacementSearch => ({
  companyId,
  id: filters.id,
  namePattern: filters.name && containsPattern(filters.name),
  adStyle: filters.adStyle,
  appNamePattern: filters.appName && containsPattern(filters.appName),
});

function filtered(db: Db, search: PlacementSearch) {
  let query = withApp(db, search.companyId);
  if (search.id !== undefined) query = query.where("ad_position.id", "=", search.id);
  if (search.namePattern) query = query.where("ad_position.name", "ilike", search.namePattern);
  if (search.adStyle !== undefined) query = query.where("ad_position.ad_style", "=", search.adStyle);
  if (search.appNamePattern) query = query.where("app.name", "ilike", search.appNamePattern);
  return query;
}

const placementPage = preparedQuery((db, input: PlacementSearch & PageWindow) =>
  filtered(db, input)
    .select(placementColumns)
    .orderBy("ad_position.id", "desc")
    .limit(input.limit)
    .offset(input.offset),
);
export type PlacementRecord = Awaited<ReturnType<typeof placementPage>>[number];

const placementCount = preparedQuery((db, input: PlacementSearch) =>
  filtered(db, input).select((eb) => eb.fn.countAll<number>().as("count")),
);

export const listPlacements = (db: Db, companyId: number, filters: PlacementFilters, page: PageWindow) =>
  placementPage(db, { ...placementSearch(companyId, filters), ...page });

export async function countPlacements(db: Db, companyId: number, filters: PlacementFilters): Promise<number> {
  const [counted] = await placementCount(db, placementSearch(companyId, filters));
  return Number(counted?.count ?? 0);
}

export function findPlacement(db: Db, companyId: number, id: number) {
  return withApp(db, companyId).select(placementColumns).where("ad_position.id", "=", id).executeTakeFirst();
}

/** Locks the placement row for the rest of the transaction. */
export function lockPlacement(db: Db, companyId: number, id: number) {
  return db
    .selectFrom("ad_position")
    .select("ad_position.id")
    .where("ad_position.company_id", "=", companyId)
    .where("ad_position.id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** The placements of one app, oldest first (the SDK config). */
export function placementsOfApp(db: Db, companyId: number, appId: number) {
  return withApp(db, companyId)
    .select(placementColumns)
    .where("ad_position.app_id", "=", appId)
    .orderBy("ad_position.id")
    .execute();
}

/** The company's placements for selects, newest first. */
export function positionOptions(db: Db, companyId: number) {
  return withApp(db, companyId)
    .select([
      "ad_position.id",
      "ad_position.name",
      "ad_position.app_id",
      "app.name as app_name",
      "ad_position.ad_style",
    ])
    .orderBy("ad_position.id", "desc")
    .execute();
}

/** Whether another placement of the company (not `exceptId`) has this name, ignoring case. */
export async function placementNameTaken(db: Db, companyId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom("ad_position")
    .select("ad_position.id")
    .where("ad_position.company_id", "=", companyId)
    .where((eb) => eb(eb.fn("lower", ["ad_position.name"]), "=", name.toLowerCase()));
  if (exceptId !== undefined) query = query.where("ad_position.id", "<>", exceptId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export interface PlacementValues {
  name: string;
  adStyle: number;
  contentType: readonly number[];
  autoRotation: number;
  modifyUserId: number | null;
}

export async function insertPlacement(
  db: Db,
  companyId: number,
  appId: number,
  values: PlacementValues,
): Promise<number> {
  const { id } = await db
    .insertInto("ad_position")
    .values({
      company_id: companyId,
      app_id: appId,
      name: values.name,
      ad_style: values.adStyle,
      content_type: [...values.contentType],
      auto_rotation: values.autoRotation,
      modify_user_id: values.modifyUserId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updatePlacement(db: Db, companyId: number, id: number, values: PlacementValues) {
  await db
    .updateTable("ad_position")
    .set({
      name: values.name,
      ad_style: values.adStyle,
      content_type: [...values.contentType],
      auto_rotation: values.autoRotation,
      modify_user_id: values.modifyUserId,
      modify_time: sql<Date>`now()`,
    })
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .execute();
}

export async function deletePlacement(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom("ad_position").where("company_id", "=", companyId).where("id", "=", id).execute();
}

/** Replaces the floor prices of a placement: the default and switch on its row, the groups in their tables. */
export async function replaceFloors(
  db: Db,
  companyId: number,
  id: number,
  setting: BottomPrice,
): Promise<void> {
  await db
    .updateTable("ad_position")
    .set({
      default_bottom_price: setting.default_bottom_price,
      country_open_flag: setting.country_open_flag,
    })
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .execute();
  await db
    .deleteFrom("ad_position_floor_group")
    .where("company_id", "=", companyId)
    .where("ad_position_id", "=", id)
    .execute();
  const groups = setting.country_open_flag === Flag.On ? setting.country_open_items : [];
  if (groups.length === 0) return;
  await db
    .insertInto("ad_position_floor_group")
    .values(
      groups.map((group, index) => ({
        company_id: companyId,
        ad_position_id: id,
        group_no: index + 1,
        price: group.price,
      })),
    )
    .execute();
  await db
    .insertInto("ad_position_floor_country")
    .values(
      groups.flatMap((group, index) =>
        group.countrys.map((country, position) => ({
          company_id: companyId,
          ad_position_id: id,
          country,
          group_no: index + 1,
          position,
        })),
      ),
    )
    .execute();
}

/** The floor groups of some placements of a company, in one query: placement id → groups in order. */
export async function floorGroupsOf(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, { countrys: string[]; price: number }[]>> {
  const groups = new Map<number, { countrys: string[]; price: number }[]>();
  if (ids.length === 0) return groups;
  const rows = await db
    .selectFrom("ad_position_floor_group as g")
    .leftJoin("ad_position_floor_country as c", (join) =>
      join
        .onRef("c.company_id", "=", "g.company_id")
        .onRef("c.ad_position_id", "=", "g.ad_position_id")
        .onRef("c.group_no", "=", "g.group_no"),
    )
    .select(["g.ad_position_id", "g.group_no", "g.price", "c.country"])
    .where("g.company_id", "=", companyId)
    // One array parameter, however many ids (a select list may hold 100000 placements).
    .where(sql<boolean>`g.ad_position_id = any(${[...ids]}::integer[])`)
    .orderBy("g.ad_position_id")
    .orderBy("g.group_no")
    .orderBy("c.position")
    .execute();
  let current: { key: string; group: { countrys: string[]; price: number } } | undefined;
  for (const row of rows) {
    const key = `${row.ad_position_id}:${row.group_no}`;
    if (current?.key !== key) {
      current = { key, group: { countrys: [], price: Number(row.price) } };
      const list = groups.get(row.ad_position_id) ?? [];
      list.push(current.group);
      groups.set(row.ad_position_id, list);
    }
    if (row.country !== null) current.group.countrys.push(row.country);
  }
  return groups;
}
