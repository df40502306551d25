/**
 * Report management by operator admins and the CLI (docs/rules/roles.md#operators): calculate
 * (through the pipeline's queue), publish or delete a past day for one company or every one, audited;
 * and the list of batches.
 */
import {
  Code,
  isReportDate,
  REPORT_KINDS,
  type ReportActionValue,
  type ReportBatchListParams,
  type ReportBatchRow,
  type ReportKindValue,
  type ReportManageAnswer,
  type ReportManagedBatch,
  ReportStatus,
  reportDateToIso,
} from "@pc/contract";
import type { Db } from "../../../db/database.ts";
import { AppError } from "../../../lib/app-error.ts";
import { writeAudit } from "../../../lib/audit.ts";
import { formatDateTime } from "../../../lib/time.ts";
import { findCompany } from "../../tenancy/service.ts";
import { reportToday } from "../days.ts";
import { deleteDayReport, queueCalculation, type ReportSettings, runQueue } from "../pipeline/service.ts";
import {
  type BatchRecord,
  batchesOfDay,
  companiesWithBatch,
  countBatches,
  listBatches,
  publishBatches,
  publisherCompanyIds,
} from "./repo.ts";

export interface ManageRequest {
  action: ReportActionValue;
  kind: ReportKindValue;
  /** yyyyMMdd */
  date: string;
  companyId: number | null;
  /** The operator (null for the CLI). */
  actor: { companyId: number; userId: number } | null;
}

const batchRow = (record: BatchRecord, timeZone: string): ReportBatchRow => ({
  company_id: record.company_id,
  company_name: record.company_name,
  kind: record.kind,
  dt: record.dt,
  status: record.status,
  stale: record.stale,
  reason: record.reason,
  row_count: record.row_count,
  calculate_time: record.calculate_time ? formatDateTime(record.calculate_time, timeZone) : null,
  publish_time: record.publish_time ? formatDateTime(record.publish_time, timeZone) : null,
  modify_time: formatDateTime(record.modify_time, timeZone),
});

/** A batch an action changed: its company and kind, and whether the action unpublished it. */
interface Changed {
  companyId: number;
  kind: ReportKindValue;
  unpublished: boolean;
}

/** Runs an action on every company it names; answers the batches it changed. */
async function runAction(
  db: Db,
  request: ManageRequest,
  dt: string,
  only: number[] | null,
  settings: ReportSettings,
): Promise<Changed[] | null> {
  const userId = request.actor?.userId ?? null;
  switch (request.action) {
    case "calculate": {
      const changed: Changed[] = [];
      for (const companyId of only ?? (await publisherCompanyIds(db))) {
        const queued = await queueCalculation(db, companyId, request.kind, dt, settings, userId);
        changed.push(
          ...queued.map((batch) => ({ companyId, kind: batch.kind, unpublished: batch.wasPublished })),
        );
      }
      await runQueue(db, { companyIds: only, kinds: null, dt }, settings);
      return changed;
    }
    case "publish": {
      if (only) {
        const [batch] = await batchesOfDay(db, request.kind, dt, only, settings.timeZone);
        if (batch?.status !== ReportStatus.Calculated && batch?.status !== ReportStatus.Published) {
          throw new AppError(Code.ParamError, "reportNotCalculated", { date: dt }, "date");
        }
      }
      await publishBatches(db, request.kind, dt, only, userId);
      return null;
    }
    case "delete": {
      const changed: Changed[] = [];
      for (const companyId of only ?? (await companiesWithBatch(db, request.kind, dt))) {
        const { wasPublished } = await deleteDayReport(db, companyId, request.kind, dt, userId);
        changed.push({ companyId, kind: request.kind, unpublished: wasPublished });
      }
      return changed;
    }
  }
}

/**
 * The batches after an action: those it changed (null: every batch of the day and kind, for the companies
 * named), by company, the kind named first.
 */
async function answeredBatches(
  db: Db,
  request: ManageRequest,
  dt: string,
  only: number[] | null,
  changed: Changed[] | null,
  timeZone: string,
): Promise<ReportManagedBatch[]> {
  const named = await batchesOfDay(db, request.kind, dt, only, timeZone);
  const changedOf = (record: BatchRecord) =>
    changed?.find((each) => each.companyId === record.company_id && each.kind === record.kind);
  const otherKinds = REPORT_KINDS.filter((kind) => kind !== request.kind);
  const others: BatchRecord[] = [];
  for (const kind of otherKinds) {
    const companies = (changed ?? []).filter((each) => each.kind === kind).map((each) => each.companyId);
    if (companies.length > 0) others.push(...(await batchesOfDay(db, kind, dt, companies, timeZone)));
  }
  const rank = (record: BatchRecord) => (record.kind === request.kind ? 0 : 1);
  return [...named, ...others]
    .sort((a, b) => a.company_id - b.company_id || rank(a) - rank(b))
    .map((record) => ({
      ...batchRow(record, timeZone),
      unpublished: changedOf(record)?.unpublished ?? false,
    }));
}

/** A day that may be calculated, published or deleted (a past day, yyyyMMdd), as an ISO date; else the refusal. */
export function checkReportDate(date: string, timeZone: string): string {
  if (!isReportDate(date)) throw new AppError(Code.ParamError, "reportDateInvalid", {}, "date");
  if (date >= reportToday(timeZone))
    throw new AppError(Code.ParamError, "reportManageDateNotPast", {}, "date");
  return reportDateToIso(date);
}

/** Runs calculate, publish or delete for a day and one company or every one; answers the batches it changed. */
export async function manageReport(
  db: Db,
  request: ManageRequest,
  settings: ReportSettings,
): Promise<ReportManageAnswer> {
  const dt = checkReportDate(request.date, settings.timeZone);
  if (request.companyId !== null && !(await findCompany(db, request.companyId))) {
    throw new AppError(Code.ParamError, "companyNotFound", { id: request.companyId }, "company_id");
  }
  const only = request.companyId === null ? null : [request.companyId];
  const changed = await runAction(db, request, dt, only, settings);
  const batches = await answeredBatches(db, request, dt, only, changed, settings.timeZone);
  if (request.actor) {
    await writeAudit(db, {
      companyId: request.actor.companyId,
      userId: request.actor.userId,
      action: request.action,
      entity: "report_batch",
      entityId: `${request.kind}:${request.date}:${request.companyId ?? "all"}`,
      after: { kind: request.kind, date: request.date, company_id: request.companyId },
    });
  }
  return { action: request.action, kind: request.kind, date: request.date, batches };
}

export async function batchList(db: Db, query: ReportBatchListParams, timeZone: string) {
  const filter = {
    companyId: query.company_id,
    kind: query.kind,
    status: query.status,
    from: reportDateToIso(query.start_date),
    to: reportDateToIso(query.end_date),
  };
  const offset = (query.page_no - 1) * query.page_size;
  const [rows, total] = await Promise.all([
    listBatches(db, filter, { limit: query.page_size, offset }, timeZone),
    countBatches(db, filter),
  ]);
  return { list: rows.map((row) => batchRow(row, timeZone)), total };
}
