/**
 * Report management by operator admins and the CLI (spec §7 Reports; DESIGN §5 Operators): calculate
 * (through the pipeline's queue), publish or delete a past day for one company or every one, audited;
 * and the list of batches.
 */
import {
  Code,
  isReportDate,
  type ReportActionValue,
  type ReportBatchListParams,
  type ReportBatchRow,
  type ReportKindValue,
  type ReportManageAnswer,
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

/** Runs calculate, publish or delete for a day and one company or every one; answers the day's batches. */
export async function manageReport(
  db: Db,
  request: ManageRequest,
  settings: ReportSettings,
): Promise<ReportManageAnswer> {
  if (!isReportDate(request.date)) throw new AppError(Code.ParamError, "reportDateInvalid", {}, "date");
  if (request.date >= reportToday(settings.timeZone)) {
    throw new AppError(Code.ParamError, "reportManageDateNotPast", {}, "date");
  }
  const dt = reportDateToIso(request.date);
  if (request.companyId !== null && !(await findCompany(db, request.companyId))) {
    throw new AppError(Code.ParamError, "companyNotFound", { id: request.companyId }, "company_id");
  }
  const userId = request.actor?.userId ?? null;
  const only = request.companyId === null ? null : [request.companyId];
  switch (request.action) {
    case "calculate": {
      const companies = only ?? (await publisherCompanyIds(db));
      for (const companyId of companies) {
        await queueCalculation(db, companyId, request.kind, dt, settings, userId);
      }
      await runQueue(db, { companyIds: only, kinds: null, dt }, settings);
      break;
    }
    case "publish": {
      if (only) {
        const [batch] = await batchesOfDay(db, request.kind, dt, only, settings.timeZone);
        if (batch?.status !== ReportStatus.Calculated && batch?.status !== ReportStatus.Published) {
          throw new AppError(Code.ParamError, "reportNotCalculated", { date: dt }, "date");
        }
      }
      await publishBatches(db, request.kind, dt, only, userId);
      break;
    }
    case "delete": {
      const companies = only ?? (await companiesWithBatch(db, request.kind, dt));
      for (const companyId of companies) {
        await deleteDayReport(db, companyId, request.kind, dt, userId);
      }
      break;
    }
  }
  const batches = await batchesOfDay(db, request.kind, dt, only, settings.timeZone);
  if (request.actor) {
    await writeAudit(db, {
      companyId: request.actor.companyId,
      userId,
      action: request.action,
      entity: "report_batch",
      entityId: `${request.kind}:${request.date}:${request.companyId ?? "all"}`,
      after: { kind: request.kind, date: request.date, company_id: request.companyId },
    });
  }
  return {
    action: request.action,
    kind: request.kind,
    date: request.date,
    batches: batches.map((batch) => batchRow(batch, settings.timeZone)),
  };
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
