/**
 * Placement rules (docs/rules/validation.md#placement-form; docs/rules/entities.md#floor-prices): the app is
 * one of the company's and cannot change on edit, the name is unique per company (checked first, enforced by
 * the database), content types and auto rotation follow the ad style (contract schema and a database check),
 * floor prices are stored as validated. Every write records modify_user_id/modify_time and an audit row in
 * the same transaction.
 */
import {
  type BottomPrice,
  Code,
  Flag,
  formatContentTypes,
  NO_BOTTOM_PRICE,
  type PlacementCreate,
  type PlacementListAnswer,
  type PlacementRow,
  type PlacementUpdate,
  type PositionOption,
  type SdkPlacement,
  stringifyBottomPrice,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { type AuditedEntity, auditedCreate, auditedDelete, auditedUpdate } from "../../lib/audited-writes.ts";
import { PgCode, violated } from "../../lib/db-errors.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import { type Actor, checkCompany, requireApp } from "../apps/service.ts";
import {
  countPlacements,
  deletePlacement as deletePlacementRow,
  findPlacement,
  floorGroupsOf,
  insertPlacement,
  listPlacements as listPlacementRows,
  lockPlacement,
  type PlacementRecord,
  placementNameTaken,
  placementsOfApp,
  positionOptions as positionOptionRows,
  replaceFloors,
  updatePlacement as updatePlacementRow,
} from "./repo.ts";

type Groups = Map<number, { countrys: string[]; price: number }[]>;

function bottomPriceOf(record: PlacementRecord, groups: Groups): BottomPrice {
  const on = record.country_open_flag === Flag.On;
  return {
    default_bottom_price: record.default_bottom_price === null ? null : Number(record.default_bottom_price),
    country_open_flag: on ? Flag.On : Flag.Off,
    country_open_items: on ? (groups.get(record.id) ?? []) : [],
  };
}

function toRow(record: PlacementRecord, groups: Groups, timeZone: string): PlacementRow {
  return {
    id: record.id,
    name: record.name,
    app_id: record.app_id,
    app: { id: record.app_id, name: record.app_name },
    app_name: record.app_name,
    ad_style: record.ad_style,
    content_type: formatContentTypes(record.content_type),
    auto_rotation: record.auto_rotation,
    country_bottom_price: stringifyBottomPrice(bottomPriceOf(record, groups)),
    create_time: formatDateTime(record.create_time, timeZone),
    modify_time: formatDateTime(record.modify_time, timeZone),
    modify_user_id: record.modify_user_id,
  };
}

/** The audited state of a placement. */
const auditState = (record: PlacementRecord, groups: Groups) => ({
  app_id: record.app_id,
  name: record.name,
  ad_style: record.ad_style,
  content_type: formatContentTypes(record.content_type),
  auto_rotation: record.auto_rotation,
  country_bottom_price: bottomPriceOf(record, groups),
});

/** A placement of the company with its floor groups, or a refusal (another company's id is unknown). */
async function requirePlacement(db: Db, companyId: number, id: number) {
  const record = await findPlacement(db, companyId, id);
  if (!record) throw new AppError(Code.ParamError, "placementNotFound", {}, "id");
  return { record, groups: await floorGroupsOf(db, companyId, [id]) };
}

/** A placement as the audited writes lock, read and record it. */
const PLACEMENT: AuditedEntity<Awaited<ReturnType<typeof requirePlacement>>> = {
  entity: "ad_position",
  lock: lockPlacement,
  read: requirePlacement,
  auditState: ({ record, groups }) => auditState(record, groups),
};

async function checkName(db: Db, companyId: number, name: string, exceptId?: number) {
  if (await placementNameTaken(db, companyId, name, exceptId)) {
    throw new AppError(Code.ParamError, "placementNameDuplicate", {}, "name");
  }
}

/** A write that lost a race answers what the check before it would have answered. */
async function answeringRaces<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (violated(error, PgCode.UniqueViolation)?.constraint === "ad_position_name_unique") {
      throw new AppError(Code.ParamError, "placementNameDuplicate", {}, "name");
    }
    // The app was deleted after the check.
    if (violated(error, PgCode.ForeignKeyViolation)?.table === "ad_position") {
      throw new AppError(Code.ParamError, "appNotFound", {}, "app_id");
    }
    throw error;
  }
}

export interface PlacementListQuery {
  id?: number | undefined;
  name?: string | undefined;
  ad_style?: number | undefined;
  app_name?: string | undefined;
  page_no: number;
  page_size: number;
}

export async function listPlacements(
  db: Db,
  companyId: number,
  query: PlacementListQuery,
  timeZone: string,
): Promise<PlacementListAnswer> {
  const filters = { id: query.id, name: query.name, adStyle: query.ad_style, appName: query.app_name };
  const [records, total] = await Promise.all([
    listPlacementRows(db, companyId, filters, pageWindow(query.page_no, query.page_size)),
    countPlacements(db, companyId, filters),
  ]);
  const groups = await floorGroupsOf(
    db,
    companyId,
    records.filter((record) => record.country_open_flag === Flag.On).map((record) => record.id),
  );
  return { list: records.map((record) => toRow(record, groups, timeZone)), total };
}

export async function createPlacement(
  db: Db,
  actor: Actor,
  input: PlacementCreate,
  timeZone: string,
): Promise<PlacementRow> {
  checkCompany(actor, input.company_id);
  await requireApp(db, actor.companyId, input.app_id, "app_id");
  await checkName(db, actor.companyId, input.name);
  const saved = await answeringRaces(() =>
    auditedCreate(db, actor, PLACEMENT, async (tx) => {
      const id = await insertPlacement(tx, actor.companyId, input.app_id, {
        name: input.name,
        adStyle: input.ad_style,
        contentType: input.content_type,
        autoRotation: input.auto_rotation,
        modifyUserId: actor.userId,
      });
      await replaceFloors(tx, actor.companyId, id, input.country_bottom_price ?? NO_BOTTOM_PRICE);
      return id;
    }),
  );
  return toRow(saved.record, saved.groups, timeZone);
}

export async function updatePlacement(
  db: Db,
  actor: Actor,
  input: PlacementUpdate,
  timeZone: string,
): Promise<PlacementRow> {
  checkCompany(actor, input.company_id);
  const current = await requirePlacement(db, actor.companyId, input.id);
  if (current.record.app_id !== input.app_id) {
    throw new AppError(Code.ParamError, "placementAppLocked", {}, "app_id");
  }
  await checkName(db, actor.companyId, input.name, input.id);
  const saved = await answeringRaces(() =>
    auditedUpdate(db, actor, PLACEMENT, input.id, async (tx) => {
      await updatePlacementRow(tx, actor.companyId, input.id, {
        name: input.name,
        adStyle: input.ad_style,
        contentType: input.content_type,
        autoRotation: input.auto_rotation,
        modifyUserId: actor.userId,
      });
      if (input.country_bottom_price) {
        await replaceFloors(tx, actor.companyId, input.id, input.country_bottom_price);
      }
    }),
  );
  return toRow(saved.record, saved.groups, timeZone);
}

export function deletePlacement(db: Db, actor: Actor, id: number): Promise<void> {
  return auditedDelete(db, actor, PLACEMENT, id, (tx) => deletePlacementRow(tx, actor.companyId, id));
}

export const placementNameExists = (db: Db, companyId: number, name: string, exceptId?: number) =>
  placementNameTaken(db, companyId, name, exceptId);

export const positionOptions = (db: Db, companyId: number): Promise<PositionOption[]> =>
  positionOptionRows(db, companyId);

/** The placements of one app as the SDK config answers them: everything as saved. */
export async function sdkPlacements(
  db: Db,
  companyId: number,
  appId: number,
  timeZone: string,
): Promise<SdkPlacement[]> {
  const records = await placementsOfApp(db, companyId, appId);
  const groups = await floorGroupsOf(
    db,
    companyId,
    records.map((record) => record.id),
  );
  return records.map((record) => ({
    id: record.id,
    name: record.name,
    ad_style: record.ad_style,
    content_type: [...record.content_type],
    auto_rotation: record.auto_rotation,
    country_bottom_price: bottomPriceOf(record, groups),
    modify_time: formatDateTime(record.modify_time, timeZone),
  }));
}
