/**
 * Application rules (docs/rules/validation.md#app-form; docs/rules/entities.md#applications): names and
 * packages unique per company (checked first, enforced by the database), app_key and SDK secret generated
 * once, delete refused while placements exist. Every write records modify_user_id/modify_time and an audit
 * row in the same transaction.
 */
import { randomBytes } from "node:crypto";
import {
  type AppListAnswer,
  type AppRow,
  type appCreateBody,
  type appUpdateBody,
  Code,
  type MessageKey,
} from "@pc/contract";
import type { z } from "zod";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  type Actor,
  type AuditedEntity,
  auditedCreate,
  auditedDelete,
  auditedUpdate,
} from "../../lib/audited-writes.ts";
import { PgCode, violated } from "../../lib/db-errors.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import {
  type AppRecord,
  appNameTaken,
  appPkgTaken,
  countApps,
  deleteApp as deleteAppRow,
  findApp,
  findAppByKey,
  findAppNames,
  insertApp,
  listApps as listAppRows,
  lockApp,
  placementCountOf,
  updateApp as updateAppRow,
} from "./repo.ts";

export type { Actor } from "../../lib/audited-writes.ts";

type AppInput = z.output<typeof appCreateBody>;
type AppUpdate = z.output<typeof appUpdateBody>;

/** The audited state of an app (never its secret). */
const auditState = (record: AppRecord) => ({
  name: record.name,
  pkg: record.pkg,
  url: record.url,
  platform: record.platform,
  is_online: record.is_online,
  app_key: record.app_key,
});

const toRow = (record: AppRecord, timeZone: string): AppRow => ({
  id: record.id,
  ...auditState(record),
  adpos_count: Number(record.adpos_count),
  create_time: formatDateTime(record.create_time, timeZone),
  modify_time: formatDateTime(record.modify_time, timeZone),
  modify_user_id: record.modify_user_id,
});

/** A body naming a company must name the session's (docs/api.md#call-conventions). */
export function checkCompany(actor: Actor, companyId: number | undefined): void {
  if (companyId !== undefined && companyId !== actor.companyId) {
    throw new AppError(Code.NoPermission, "companyMismatch", {}, "company_id");
  }
}

const UNIQUE_MESSAGES: Record<string, { key: MessageKey; field: string }> = {
  app_name_unique: { key: "appNameDuplicate", field: "name" },
  app_pkg_unique: { key: "appPkgDuplicate", field: "pkg" },
};

/** A write that lost a race to the unique keys answers the same message as the check before it. */
async function answeringDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const unique = violated(error, PgCode.UniqueViolation);
    const known = unique ? UNIQUE_MESSAGES[unique.constraint] : undefined;
    if (known) throw new AppError(Code.ParamError, known.key, {}, known.field);
    throw error;
  }
}

async function checkUnique(
  db: Db,
  companyId: number,
  input: { name: string; pkg: string },
  exceptId?: number,
) {
  if (await appNameTaken(db, companyId, input.name, exceptId)) {
    throw new AppError(Code.ParamError, "appNameDuplicate", {}, "name");
  }
  if (await appPkgTaken(db, companyId, input.pkg, exceptId)) {
    throw new AppError(Code.ParamError, "appPkgDuplicate", {}, "pkg");
  }
}

export async function listApps(
  db: Db,
  companyId: number,
  query: { name?: string | undefined; pkg?: string | undefined; page_no: number; page_size: number },
  timeZone: string,
): Promise<AppListAnswer> {
  const filters = { name: query.name, pkg: query.pkg };
  const [rows, total] = await Promise.all([
    listAppRows(db, companyId, filters, pageWindow(query.page_no, query.page_size)),
    countApps(db, companyId, filters),
  ]);
  return { list: rows.map((row) => toRow(row, timeZone)), total };
}

/** The app of the company with this id, or a refusal naming `field` (another company's id is unknown). */
export async function requireApp(db: Db, companyId: number, id: number, field = "id"): Promise<AppRecord> {
  const record = await findApp(db, companyId, id);
  if (!record) throw new AppError(Code.ParamError, "appNotFound", {}, field);
  return record;
}

/** An app as the audited writes lock, read and record it. */
const APP: AuditedEntity<AppRecord> = { entity: "app", lock: lockApp, read: requireApp, auditState };

export interface AppCredentials {
  appKey: string;
  sdkSecret: string;
}

/**
 * An app's key names its company, `<company id>-<128 random bits, hex>`, so the SDK's lookup reads one
 * company's apps (one shard on Citus, docs/citus.md). Keys made before it are 32 hex digits alone: they are
 * built into apps already shipped, so they keep working, found among every company's apps.
 */
export const appKeyOf = (companyId: number, random: string): string => `${companyId}-${random}`;

const COMPANY_APP_KEY = /^([1-9]\d{0,9})-[0-9a-f]{32}$/;

export const newCredentials = (companyId: number): AppCredentials => ({
  appKey: appKeyOf(companyId, randomBytes(16).toString("hex")),
  sdkSecret: randomBytes(32).toString("base64url"),
});

export async function createApp(
  db: Db,
  actor: Actor,
  input: AppInput,
  timeZone: string,
  credentials: AppCredentials = newCredentials(actor.companyId),
): Promise<AppRow> {
  checkCompany(actor, input.company_id);
  await checkUnique(db, actor.companyId, input);
  const record = await answeringDuplicates(() =>
    auditedCreate(db, actor, APP, (tx) =>
      insertApp(tx, {
        companyId: actor.companyId,
        name: input.name,
        pkg: input.pkg,
        url: input.url,
        platform: input.platform,
        isOnline: input.is_online,
        appKey: credentials.appKey,
        sdkSecret: credentials.sdkSecret,
        modifyUserId: actor.userId,
      }),
    ),
  );
  return toRow(record, timeZone);
}

export async function updateApp(db: Db, actor: Actor, input: AppUpdate, timeZone: string): Promise<AppRow> {
  checkCompany(actor, input.company_id);
  await requireApp(db, actor.companyId, input.id);
  await checkUnique(db, actor.companyId, input, input.id);
  const record = await answeringDuplicates(() =>
    auditedUpdate(db, actor, APP, input.id, (tx) =>
      updateAppRow(tx, actor.companyId, input.id, {
        name: input.name,
        pkg: input.pkg,
        url: input.url,
        platform: input.platform,
        isOnline: input.is_online,
        modifyUserId: actor.userId,
      }),
    ),
  );
  return toRow(record, timeZone);
}

export async function deleteApp(db: Db, actor: Actor, id: number): Promise<void> {
  try {
    await auditedDelete(db, actor, APP, id, async (tx) => {
      if ((await placementCountOf(tx, actor.companyId, id)) > 0) {
        throw new AppError(Code.ParamError, "appHasPlacements", {}, "id");
      }
      await deleteAppRow(tx, actor.companyId, id);
    });
  } catch (error) {
    // A placement added after the check: the foreign key refuses the delete.
    if (violated(error, PgCode.ForeignKeyViolation))
      throw new AppError(Code.ParamError, "appHasPlacements", {}, "id");
    throw error;
  }
}

export const appNameExists = (db: Db, companyId: number, name: string, exceptId?: number) =>
  appNameTaken(db, companyId, name, exceptId);

export const appPkgExists = (db: Db, companyId: number, pkg: string, exceptId?: number) =>
  appPkgTaken(db, companyId, pkg, exceptId);

/** The app an SDK call names, with its secret; undefined when the key is unknown. */
/** The names of the company's apps by id, for these ids (the change history names a placement's app). */
export async function appNamesOf(
  db: Db,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await findAppNames(db, companyId, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The app of a key: within the company the key names, or among all for a key made before keys named one. */
export function appForSdk(db: Db, appKey: string) {
  const company = COMPANY_APP_KEY.exec(appKey);
  return findAppByKey(db, appKey, company ? Number(company[1]) : null);
}

/** The SDK signing secret of an app, for the operator CLI. */
export async function appSecret(
  db: Db,
  appKey: string,
): Promise<{ app_key: string; secret: string } | undefined> {
  const app = await appForSdk(db, appKey);
  return app ? { app_key: app.app_key, secret: app.sdk_secret } : undefined;
}
