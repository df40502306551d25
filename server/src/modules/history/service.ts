/**
 * Change history (docs/rules/screens.md#change-history): the audit rows of a company as who changed what and
 * when. The company-wide list is for its administrators; an app's or placement's own history for everyone who
 * may edit it.
 */
import {
  addReportDays,
  changesOf,
  type HistoryListAnswer,
  type HistoryListQuery,
  type RecordHistoryQuery,
  reportDateToIso,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { type AuditFilter, pageAudit } from "../../lib/audit.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import { userNamesOf } from "../accounts/service.ts";
import { namedChanges } from "./names.ts";

const nameIn = (state: unknown): string | null => {
  if (typeof state !== "object" || state === null) return null;
  const record = state as Record<string, unknown>;
  const name = record.name ?? record.user_name ?? record.company_name;
  return typeof name === "string" ? name : null;
};

async function historyPage(
  db: Db,
  companyId: number,
  filter: AuditFilter,
  page: { page_no: number; page_size: number },
  timeZone: string,
): Promise<HistoryListAnswer> {
  const window = pageWindow(page.page_no, page.page_size);
  const { rows, total } = await pageAudit(db, companyId, filter, timeZone, window);
  const users = await userNamesOf(
    db,
    companyId,
    rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
  );
  const changes = await namedChanges(
    db,
    companyId,
    rows.map((row) => ({ entity: row.entity, changes: changesOf(row.before, row.after) })),
  );
  return {
    total,
    list: rows.map((row, index) => ({
      id: row.id,
      time: formatDateTime(row.create_time, timeZone),
      user: row.user_id === null ? null : (users.get(row.user_id) ?? null),
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id,
      entity_name: nameIn(row.after) ?? nameIn(row.before),
      changes: changes[index] ?? [],
    })),
  };
}

export async function listHistory(
  db: Db,
  companyId: number,
  query: HistoryListQuery,
  timeZone: string,
): Promise<HistoryListAnswer> {
  return historyPage(
    db,
    companyId,
    {
      entity: query.entity,
      entityId: query.entity_id === undefined ? undefined : String(query.entity_id),
      userId: query.user_id,
      fromDay: query.start_date && reportDateToIso(query.start_date),
      toDay: query.end_date && reportDateToIso(addReportDays(query.end_date, 1)),
    },
    query,
    timeZone,
  );
}

export function recordHistory(
  db: Db,
  companyId: number,
  query: RecordHistoryQuery,
  timeZone: string,
): Promise<HistoryListAnswer> {
  return historyPage(db, companyId, { entity: query.entity, entityId: String(query.id) }, query, timeZone);
}
