import { sql } from "kysely";
import type { Db } from "../db/database.ts";
import { preparedQuery, type QueryInput } from "../db/prepared.ts";
import type { PageWindow } from "./paging.ts";

export interface AuditEntry {
  companyId: number;
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Records who changed what, with the row before and after (docs/rules/entities.md#audit). */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      company_id: entry.companyId,
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** A company's audit rows, newest first (the operator CLI's `audit` command). */
export async function listAudit(db: Db, companyId: number, limit: number) {
  const rows = await db
    .selectFrom("audit_log")
    .select([
      "id",
      "company_id",
      "user_id",
      "action",
      "entity",
      "entity_id",
      "before",
      "after",
      "create_time",
    ])
    .where("company_id", "=", companyId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, create_time: row.create_time.toISOString() }));
}

export interface AuditFilter {
  entity?: string | undefined;
  entityId?: string | undefined;
  userId?: number | undefined;
  /** Days (yyyy-MM-DD) in the search's time zone: rows from the start of `fromDay` to before that of `toDay`. */
  fromDay?: string | undefined;
  toDay?: string | undefined;
}

interface AuditSearch extends AuditFilter, QueryInput {
  companyId: number;
  timeZone: string;
}

const dayStart = (day: string, timeZone: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone ${timeZone}`;

function matching(db: Db, search: AuditSearch) {
  let query = db.selectFrom("audit_log").where("company_id", "=", search.companyId);
  if (search.entity) query = query.where("entity", "=", search.entity);
  if (search.entityId) query = query.where("entity_id", "=", search.entityId);
  if (search.userId) query = query.where("user_id", "=", search.userId);
  if (search.fromDay) query = query.where("create_time", ">=", dayStart(search.fromDay, search.timeZone));
  if (search.toDay) query = query.where("create_time", "<", dayStart(search.toDay, search.timeZone));
  return query;
}

const auditPage = preparedQuery((db, input: AuditSearch & PageWindow) =>
  matching(db, input)
    .select(["id", "user_id", "action", "entity", "entity_id", "before", "after", "create_time"])
    .orderBy("id", "desc")
    .limit(input.limit)
    .offset(input.offset),
);

const auditCount = preparedQuery((db, input: AuditSearch) =>
  matching(db, input).select((eb) => eb.fn.countAll<number>().as("count")),
);

/** A page of a company's audit rows, newest first, and how many match. */
export async function pageAudit(
  db: Db,
  companyId: number,
  filter: AuditFilter,
  timeZone: string,
  page: PageWindow,
) {
  const search = { ...filter, companyId, timeZone };
  const [rows, [counted]] = await Promise.all([
    auditPage(db, { ...search, ...page }),
    auditCount(db, search),
  ]);
  return { rows, total: Number(counted?.count ?? 0) };
}
