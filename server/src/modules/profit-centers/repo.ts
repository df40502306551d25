/** SQL of the profit-centres module: profit centres and the notices that change them. */
import type { ProfitCenterStatusValue } from "@pc/contract";
import type { Db } from "../../db/database.ts";

function filteredProfitCenters(db: Db, status: ProfitCenterStatusValue | undefined) {
  const query = db.selectFrom("profit_center");
  return status === undefined ? query : query.where("status", "=", status);
}

export async function listProfitCenters(
  db: Db,
  status: ProfitCenterStatusValue | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, counted] = await Promise.all([
    filteredProfitCenters(db, status)
      .select(["id", "name", "status", "create_time", "modify_time"])
      .orderBy("id")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filteredProfitCenters(db, status)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.count) };
}

/** A profit centre, locked until the transaction ends. */
export function lockProfitCenter(db: Db, id: number) {
  return db
    .selectFrom("profit_center")
    .select(["id", "name", "status"])
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

/** Creates a profit centre; false when the id is taken (also by a concurrent transaction). */
export async function insertProfitCenter(db: Db, id: number, name: string): Promise<boolean> {
  const row = await db
    .insertInto("profit_center")
    .values({ id, name })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateProfitCenter(
  db: Db,
  id: number,
  values: { name: string; status: ProfitCenterStatusValue },
) {
  await db
    .updateTable("profit_center")
    .set({ ...values, modify_time: new Date() })
    .where("id", "=", id)
    .execute();
}

/**
 * Takes a notice id for this transaction; false when it was taken before. A concurrent transaction
 * holding the same id makes this wait for its end, so one notice is applied once across processes.
 */
export async function claimNotice(
  db: Db,
  notice: { noticeId: string; type: string; payload: unknown },
): Promise<boolean> {
  const row = await db
    .insertInto("profit_center_notice")
    .values({ notice_id: notice.noticeId, type: notice.type, payload: JSON.stringify(notice.payload) })
    .onConflict((conflict) => conflict.column("notice_id").doNothing())
    .returning("notice_id")
    .executeTakeFirst();
  return row !== undefined;
}

export function findNotice(db: Db, noticeId: string) {
  return db
    .selectFrom("profit_center_notice")
    .select(["payload", "result"])
    .where("notice_id", "=", noticeId)
    .executeTakeFirst();
}

export async function storeNoticeResult(db: Db, noticeId: string, result: unknown) {
  await db
    .updateTable("profit_center_notice")
    .set({ result: JSON.stringify(result) })
    .where("notice_id", "=", noticeId)
    .execute();
}
