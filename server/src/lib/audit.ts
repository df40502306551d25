import type { Db } from "../db/database.ts";

export interface AuditEntry {
  companyId: number;
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Records who changed what, with the row before and after (DESIGN §5). */
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
  /** Instants, `from` included, `to` excluded. */
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A page of a company's audit rows, newest first, and how many match. */
export async function pageAudit(
  db: Db,
  companyId: number,
  filter: AuditFilter,
  page: { limit: number; offset: number },
) {
  let matching = db.selectFrom("audit_log").where("company_id", "=", companyId);
  if (filter.entity) matching = matching.where("entity", "=", filter.entity);
  if (filter.entityId) matching = matching.where("entity_id", "=", filter.entityId);
  if (filter.userId) matching = matching.where("user_id", "=", filter.userId);
  if (filter.from) matching = matching.where("create_time", ">=", filter.from);
  if (filter.to) matching = matching.where("create_time", "<", filter.to);
  const [rows, counted] = await Promise.all([
    matching
      .select(["id", "user_id", "action", "entity", "entity_id", "before", "after", "create_time"])
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.count) };
}
