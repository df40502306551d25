/**
 * The audited writes of one row of a company (an app, a placement): each in one transaction with its audit
 * row, which records the row's state before and after as the entity tells it.
 */
import type { Db } from "../db/database.ts";
import { inTransaction } from "../db/transaction.ts";
import { writeAudit } from "./audit.ts";

/** Who acts: the session's company and user (null for the seed and the CLI). */
export interface Actor {
  companyId: number;
  userId: number | null;
}

/** How the audited writes find, lock and record one kind of row. */
export interface AuditedEntity<Row> {
  /** The audit rows' entity name. */
  entity: string;
  /** Locks the row for the transaction (answers nothing when the company has no such row). */
  lock: (tx: Db, companyId: number, id: number) => Promise<unknown>;
  /** The row, or the refusal of an id the company has no row of. */
  read: (tx: Db, companyId: number, id: number) => Promise<Row>;
  /** What the audit row records of it. */
  auditState: (row: Row) => unknown;
}

/** Inserts a row (`insert` answers its id) and records it; answers the row. */
export function auditedCreate<Row>(
  db: Db,
  actor: Actor,
  entity: AuditedEntity<Row>,
  insert: (tx: Db) => Promise<number>,
): Promise<Row> {
  return inTransaction(db, async (tx) => {
    const id = await insert(tx);
    const created = await entity.read(tx, actor.companyId, id);
    await record(tx, actor, entity, id, "create", { after: entity.auditState(created) });
    return created;
  });
}

/** Locks and changes a row, and records it before and after; answers the row after the change. */
export function auditedUpdate<Row>(
  db: Db,
  actor: Actor,
  entity: AuditedEntity<Row>,
  id: number,
  change: (tx: Db) => Promise<unknown>,
): Promise<Row> {
  return inTransaction(db, async (tx) => {
    const before = await lockedRow(tx, actor, entity, id);
    await change(tx);
    const after = await entity.read(tx, actor.companyId, id);
    await record(tx, actor, entity, id, "update", {
      before: entity.auditState(before),
      after: entity.auditState(after),
    });
    return after;
  });
}

/** Locks and deletes a row (`remove` may refuse, seeing it), and records what it was. */
export function auditedDelete<Row>(
  db: Db,
  actor: Actor,
  entity: AuditedEntity<Row>,
  id: number,
  remove: (tx: Db, before: Row) => Promise<unknown>,
): Promise<void> {
  return inTransaction(db, async (tx) => {
    const before = await lockedRow(tx, actor, entity, id);
    await remove(tx, before);
    await record(tx, actor, entity, id, "delete", { before: entity.auditState(before) });
  });
}

async function lockedRow<Row>(tx: Db, actor: Actor, entity: AuditedEntity<Row>, id: number) {
  await entity.lock(tx, actor.companyId, id);
  return entity.read(tx, actor.companyId, id);
}

const record = <Row>(
  tx: Db,
  actor: Actor,
  entity: AuditedEntity<Row>,
  id: number,
  action: "create" | "update" | "delete",
  states: { before?: unknown; after?: unknown },
) =>
  writeAudit(tx, {
    companyId: actor.companyId,
    userId: actor.userId,
    action,
    entity: entity.entity,
    entityId: id,
    ...states,
  });
