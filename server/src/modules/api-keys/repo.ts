/** SQL of the reporting API's keys (`report_api_key`); every query names the company. */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";

const ROW = [
  "id",
  "name",
  "key_prefix",
  "scopes",
  "expires_at",
  "revoked_at",
  "last_used_at",
  "create_time",
  "create_user_id",
] as const;

export interface NewKey {
  companyId: number;
  userId: number;
  name: string;
  keyHash: string;
  keyPrefix: string;
  scopes: string[];
  /** The last day the key works (UTC, yyyy-MM-DD), or null. */
  expiresOn: string | null;
}

export function insertKey(db: Db, key: NewKey) {
  return db
    .insertInto("report_api_key")
    .values({
      company_id: key.companyId,
      name: key.name,
      key_hash: key.keyHash,
      key_prefix: key.keyPrefix,
      scopes: key.scopes,
      // Works through the whole last day: expires when the next UTC day starts.
      expires_at:
        key.expiresOn === null ? null : sql<Date>`(${key.expiresOn}::date + 1)::timestamp at time zone 'UTC'`,
      create_user_id: key.userId,
      modify_user_id: key.userId,
    })
    .returning(ROW)
    .executeTakeFirstOrThrow();
}

export type KeyRow = Awaited<ReturnType<typeof insertKey>>;

export async function pageKeys(db: Db, companyId: number, page: { limit: number; offset: number }) {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom("report_api_key")
      .select(ROW)
      .where("company_id", "=", companyId)
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom("report_api_key")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("company_id", "=", companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.count) };
}

/** A key of the company, locked until the transaction ends (the row before a revocation); undefined when none. */
export function lockKey(db: Db, companyId: number, id: number) {
  return db
    .selectFrom("report_api_key")
    .select(ROW)
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .forUpdate()
    .executeTakeFirst();
}

export function revokeKey(db: Db, companyId: number, id: number, userId: number) {
  return db
    .updateTable("report_api_key")
    .set({ revoked_at: sql<Date>`now()`, modify_time: sql<Date>`now()`, modify_user_id: userId })
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returning(ROW)
    .executeTakeFirst();
}

/** The key of a secret's hash, with its state computed by the database's clock. */
export function findKeyByHash(db: Db, companyId: number, keyHash: string, touchSeconds: number) {
  return db
    .selectFrom("report_api_key")
    .select([
      "id",
      "scopes",
      sql<boolean>`revoked_at is not null`.as("revoked"),
      sql<boolean>`expires_at is not null and expires_at <= now()`.as("expired"),
      sql<boolean>`last_used_at is null or last_used_at <= now() - make_interval(secs => ${touchSeconds})`.as(
        "touch_due",
      ),
    ])
    .where("company_id", "=", companyId)
    .where("key_hash", "=", keyHash)
    .executeTakeFirst();
}

/** Marks the key used now, unless another request did within the last `touchSeconds`. */
export async function touchKey(db: Db, companyId: number, id: number, touchSeconds: number) {
  await db
    .updateTable("report_api_key")
    .set({ last_used_at: sql<Date>`now()` })
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("last_used_at", "is", null),
        eb("last_used_at", "<=", sql<Date>`now() - make_interval(secs => ${touchSeconds})`),
      ]),
    )
    .execute();
}
