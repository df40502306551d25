/** The audit trail as the tests read it. */
import type { Db } from "../../src/db/database.ts";

/** The audit rows of one record (its entity and id), oldest first; only a company's when one is named. */
export function auditRowsOf(db: Db, entity: string, entityId: number, companyId?: number) {
  let query = db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", "=", String(entityId));
  if (companyId !== undefined) query = query.where("company_id", "=", companyId);
  return query.orderBy("id").execute();
}
