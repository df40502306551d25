/**
 * Profit centres as data (docs/api.md#signed-external-api): listed for operators and partners, changed only
 * by notices. A notice is validated, applied in one transaction, stored with its payload and its result, and
 * answered with what changed; the same notice id sent again changes nothing and answers that result.
 */
import { isDeepStrictEqual } from "node:util";
import {
  Code,
  type NoticeAnswer,
  type NoticeChange,
  type NoticeResult,
  NoticeType,
  noticeResult,
  type ProfitCenterListQuery,
  type ProfitCenterNotice,
  type ProfitCenterRow,
  ProfitCenterStatus,
  type ProfitCenterStatusValue,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import { moveCompanyToProfitCenter, operatorCompanyId } from "../tenancy/service.ts";
import {
  claimNotice,
  findNotice,
  insertProfitCenter,
  listProfitCenters,
  lockProfitCenter,
  storeNoticeResult,
  updateProfitCenter,
} from "./repo.ts";

const statusOf = (value: number): ProfitCenterStatusValue =>
  value === ProfitCenterStatus.Closed ? ProfitCenterStatus.Closed : ProfitCenterStatus.Open;

export async function profitCenterList(
  db: Db,
  query: ProfitCenterListQuery,
  timeZone: string,
): Promise<{ list: ProfitCenterRow[]; total: number }> {
  const { rows, total } = await listProfitCenters(
    db,
    query.status,
    pageWindow(query.page_no, query.page_size),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      name: row.name,
      status: statusOf(row.status),
      create_time: formatDateTime(row.create_time, timeZone),
      modify_time: formatDateTime(row.modify_time, timeZone),
    })),
    total,
  };
}

const notFound = (id: number) =>
  new AppError(Code.ParamError, "profitCenterNotFound", { id }, "profit_center_id");

/** Profit centres belong to the platform: their audit rows go under the operator company. */
async function auditProfitCenter(
  tx: Db,
  entry: { action: string; id: number; before: unknown; after: Record<string, unknown>; noticeId: string },
) {
  const companyId = await operatorCompanyId(tx);
  if (companyId === null) throw new AppError(Code.SystemError, "operatorCompanyMissing");
  await writeAudit(tx, {
    companyId,
    userId: null,
    action: entry.action,
    entity: "profit_center",
    entityId: entry.id,
    before: entry.before,
    after: { ...entry.after, notice_id: entry.noticeId },
  });
}

/** Sets a profit centre's name and status; answers the change, or nothing when it already was so. */
async function changeProfitCenter(
  tx: Db,
  action: string,
  noticeId: string,
  id: number,
  wanted: { name?: string | undefined; status?: ProfitCenterStatusValue | undefined },
): Promise<NoticeChange[]> {
  const current = await lockProfitCenter(tx, id);
  if (!current) throw notFound(id);
  const before = { name: current.name, status: statusOf(current.status) };
  const after = { name: wanted.name ?? before.name, status: wanted.status ?? before.status };
  if (after.name === before.name && after.status === before.status) return [];
  await updateProfitCenter(tx, id, after);
  await auditProfitCenter(tx, { action, id, before, after, noticeId });
  return [{ entity: "profit_center", id, before, after }];
}

async function applyChange(tx: Db, notice: ProfitCenterNotice): Promise<NoticeChange[]> {
  switch (notice.type) {
    case NoticeType.CreateProfitCenter: {
      const id = notice.profit_center_id;
      if (!(await insertProfitCenter(tx, id, notice.name))) {
        throw new AppError(Code.ParamError, "profitCenterExists", { id }, "profit_center_id");
      }
      const after = { name: notice.name, status: ProfitCenterStatus.Open };
      await auditProfitCenter(tx, { action: "create", id, before: null, after, noticeId: notice.notice_id });
      return [{ entity: "profit_center", id, before: null, after }];
    }
    case NoticeType.UpdateProfitCenter:
      return changeProfitCenter(tx, "update", notice.notice_id, notice.profit_center_id, {
        name: notice.name,
        status: notice.status,
      });
    case NoticeType.CloseProfitCenter:
      return changeProfitCenter(tx, "close", notice.notice_id, notice.profit_center_id, {
        status: ProfitCenterStatus.Closed,
      });
    case NoticeType.MoveCompany: {
      const target = notice.profit_center_id;
      if (target !== null) {
        const profitCenter = await lockProfitCenter(tx, target);
        if (!profitCenter) throw notFound(target);
        if (profitCenter.status !== ProfitCenterStatus.Open) {
          throw new AppError(Code.ParamError, "profitCenterClosed", { id: target }, "profit_center_id");
        }
      }
      const moved = await moveCompanyToProfitCenter(tx, {
        companyId: notice.company_id,
        profitCenterId: target,
        noticeId: notice.notice_id,
      });
      if (!moved) return [];
      return [
        {
          entity: "company",
          id: notice.company_id,
          before: { profit_center_id: moved.before },
          after: { profit_center_id: moved.after },
        },
      ];
    }
  }
}

/** The notice as stored: plain JSON, so it compares equal to what the database gives back. */
const storedForm = (notice: ProfitCenterNotice): unknown => JSON.parse(JSON.stringify(notice));

export async function applyNotice(
  db: Db,
  notice: ProfitCenterNotice,
  timeZone: string,
): Promise<NoticeAnswer> {
  const payload = storedForm(notice);
  return inTransaction(db, async (tx) => {
    if (!(await claimNotice(tx, { noticeId: notice.notice_id, type: notice.type, payload }))) {
      const stored = await findNotice(tx, notice.notice_id);
      if (!stored || !isDeepStrictEqual(stored.payload, payload)) {
        throw new AppError(Code.ParamError, "noticeIdReused", { notice_id: notice.notice_id }, "notice_id");
      }
      return { ...noticeResult.parse(stored.result), repeated: true };
    }
    const result: NoticeResult = {
      notice_id: notice.notice_id,
      type: notice.type,
      changes: await applyChange(tx, notice),
      apply_time: formatDateTime(new Date(), timeZone),
    };
    await storeNoticeResult(tx, notice.notice_id, result);
    return { ...result, repeated: false };
  });
}
