import type { Db } from "./database.ts";

/** Runs `work` in a transaction, joining the caller's when it already is one. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
