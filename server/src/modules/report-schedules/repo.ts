/**
 * SQL of the report-schedules module: schedules, their recipients and their deliveries. Every statement on a
 * company's rows names its company_id; the delivery queue is claimed with FOR UPDATE SKIP LOCKED, so several
 * worker processes never take the same delivery.
 */
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { CLAIM_CANDIDATES, claimFirst } from "../../lib/claim-first.ts";

export interface ScheduleValues {
  name: string;
  kind: string;
  query: unknown;
  frequency: string;
  weekday: number | null;
  lang: string;
  enabled: boolean;
}

const scheduleColumns = [
  "report_schedule.company_id",
  "report_schedule.id",
  "report_schedule.owner_user_id",
  "report_schedule.name",
  "report_schedule.kind",
  "report_schedule.query",
  "report_schedule.frequency",
  "report_schedule.weekday",
  "report_schedule.lang",
  "report_schedule.enabled",
  "report_schedule.enabled_since",
  "report_schedule.create_time",
  "report_schedule.modify_time",
] as const;

export type ScheduleRecord = Awaited<ReturnType<typeof findSchedule>> & object;

/** One schedule of a company, or undefined. */
export function findSchedule(db: Db, companyId: number, id: number) {
  return db
    .selectFrom("report_schedule")
    .select(scheduleColumns)
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Locks a schedule row until the transaction ends; false when it does not exist. */
export async function lockSchedule(db: Db, companyId: number, id: number): Promise<boolean> {
  const { rows } = await sql`select 1 as found from report_schedule
    where company_id = ${companyId} and id = ${id} for update`.execute(db);
  return rows.length > 0;
}

const listed = (db: Db, companyId: number) =>
  db
    .selectFrom("report_schedule")
    .innerJoin("app_user", (join) =>
      join
        .onRef("app_user.company_id", "=", "report_schedule.company_id")
        .onRef("app_user.id", "=", "report_schedule.owner_user_id"),
    )
    .select([...scheduleColumns, "app_user.user_name as owner_name"])
    .where("report_schedule.company_id", "=", companyId);

/** One schedule of a company with its owner's name, or undefined. */
export const findListedSchedule = (db: Db, companyId: number, id: number) =>
  listed(db, companyId).where("report_schedule.id", "=", id).executeTakeFirst();

/** A company's schedules (of one owner, or every one), newest first. */
export function listSchedules(
  db: Db,
  companyId: number,
  ownerId: number | null,
  page: { limit: number; offset: number },
) {
  let query = listed(db, companyId);
  if (ownerId !== null) query = query.where("report_schedule.owner_user_id", "=", ownerId);
  return query.orderBy("report_schedule.id", "desc").limit(page.limit).offset(page.offset).execute();
}

export async function countSchedules(db: Db, companyId: number, ownerId: number | null): Promise<number> {
  let query = db.selectFrom("report_schedule").where("company_id", "=", companyId);
  if (ownerId !== null) query = query.where("owner_user_id", "=", ownerId);
  const { count } = await query
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The columns a schedule's values set (the query stored as JSON). */
const writtenColumns = (values: ScheduleValues) => ({
  name: values.name,
  kind: values.kind,
  query: JSON.stringify(values.query),
  frequency: values.frequency,
  weekday: values.weekday,
  lang: values.lang,
  enabled: values.enabled,
});

export async function insertSchedule(
  db: Db,
  companyId: number,
  ownerId: number,
  values: ScheduleValues,
): Promise<number> {
  const row = await db
    .insertInto("report_schedule")
    .values({
      company_id: companyId,
      owner_user_id: ownerId,
      ...writtenColumns(values),
      modify_user_id: ownerId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates a schedule; a schedule resumed from pause mails the days published from now on. */
export async function updateSchedule(
  db: Db,
  companyId: number,
  id: number,
  values: ScheduleValues,
  userId: number,
  resumed: boolean,
): Promise<void> {
  await db
    .updateTable("report_schedule")
    .set({
      ...writtenColumns(values),
      ...(resumed ? { enabled_since: new Date() } : {}),
      modify_time: new Date(),
      modify_user_id: userId,
    })
    .where("company_id", "=", companyId)
    .where("id", "=", id)
    .execute();
}

export async function deleteSchedule(db: Db, companyId: number, id: number): Promise<void> {
  await db.deleteFrom("report_schedule").where("company_id", "=", companyId).where("id", "=", id).execute();
}

// ─── Recipients ──────────────────────────────────────────────────────────────────────────────────────────

/** The recipients of these schedules with their user's email and whether the user is active, by schedule. */
export function recipientsOf(db: Db, companyId: number, scheduleIds: readonly number[]) {
  return db
    .selectFrom("report_schedule_recipient as r")
    .innerJoin("app_user as u", (join) =>
      join.onRef("u.company_id", "=", "r.company_id").onRef("u.id", "=", "r.user_id"),
    )
    .select(["r.schedule_id", "r.user_id", "r.unsubscribe_token", "u.email", "u.status"])
    .where("r.company_id", "=", companyId)
    .where("r.schedule_id", "in", scheduleIds.length > 0 ? scheduleIds : [0])
    .orderBy("r.schedule_id")
    .orderBy("u.email")
    .execute();
}

/**
 * Makes these users a schedule's recipients: the others are removed, those who stay keep their unsubscribe
 * token, the new ones get `tokenOf(userId)`.
 */
export async function replaceRecipients(
  db: Db,
  companyId: number,
  scheduleId: number,
  userIds: readonly number[],
  tokenOf: (userId: number) => string,
): Promise<void> {
  await db
    .deleteFrom("report_schedule_recipient")
    .where("company_id", "=", companyId)
    .where("schedule_id", "=", scheduleId)
    .where("user_id", "not in", userIds.length > 0 ? userIds : [0])
    .execute();
  if (userIds.length === 0) return;
  await db
    .insertInto("report_schedule_recipient")
    .values(
      userIds.map((userId) => ({
        company_id: companyId,
        schedule_id: scheduleId,
        user_id: userId,
        unsubscribe_token: tokenOf(userId),
      })),
    )
    .onConflict((conflict) => conflict.columns(["company_id", "schedule_id", "user_id"]).doNothing())
    .execute();
}

/** The recipient an unsubscribe token names, with the schedule's name and language, or undefined. */
export function findRecipientByToken(db: Db, companyId: number, token: string) {
  return db
    .selectFrom("report_schedule_recipient as r")
    .innerJoin("report_schedule as s", (join) =>
      join.onRef("s.company_id", "=", "r.company_id").onRef("s.id", "=", "r.schedule_id"),
    )
    .innerJoin("app_user as u", (join) =>
      join.onRef("u.company_id", "=", "r.company_id").onRef("u.id", "=", "r.user_id"),
    )
    .select(["r.schedule_id", "r.user_id", "u.email", "s.name", "s.lang"])
    .where("r.company_id", "=", companyId)
    .where("r.unsubscribe_token", "=", token)
    .executeTakeFirst();
}

export async function deleteRecipient(db: Db, companyId: number, scheduleId: number, userId: number) {
  await db
    .deleteFrom("report_schedule_recipient")
    .where("company_id", "=", companyId)
    .where("schedule_id", "=", scheduleId)
    .where("user_id", "=", userId)
    .execute();
}

// ─── Deliveries ──────────────────────────────────────────────────────────────────────────────────────────

/** The enabled schedules of every company that have at least one recipient (the enqueuing's candidates). */
export function dueCandidates(db: Db) {
  return db
    .selectFrom("report_schedule as s")
    .select(["s.company_id", "s.id", "s.kind", "s.frequency", "s.weekday", "s.enabled_since"])
    .where("s.enabled", "=", true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("report_schedule_recipient as r")
          .select("r.user_id")
          .whereRef("r.company_id", "=", "s.company_id")
          .whereRef("r.schedule_id", "=", "s.id"),
      ),
    )
    .execute();
}

export interface NewDelivery {
  companyId: number;
  scheduleId: number;
  /** yyyy-MM-DD */
  periodStart: string;
  periodEnd: string;
  manual: boolean;
}

/**
 * Queues deliveries; a scheduled one whose (schedule, period end) exists already is skipped, so a period is
 * queued once whatever the number of processes. Each is due at `now` (the worker's clock). Answers the ids of
 * the rows added.
 */
export async function insertDeliveries(
  db: Db,
  deliveries: readonly NewDelivery[],
  now: Date,
): Promise<number[]> {
  if (deliveries.length === 0) return [];
  const values = deliveries.map((d) => ({
    company_id: d.companyId,
    schedule_id: d.scheduleId,
    period_start: d.periodStart,
    period_end: d.periodEnd,
    manual: d.manual,
    next_attempt_at: now,
  }));
  const rows = await db
    .insertInto("report_schedule_delivery")
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(["company_id", "schedule_id", "period_end"]).where("manual", "=", false).doNothing(),
    )
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Drops a schedule's scheduled deliveries still waiting (the schedule was paused). */
export async function dropWaitingDeliveries(db: Db, companyId: number, scheduleId: number) {
  await db
    .deleteFrom("report_schedule_delivery")
    .where("company_id", "=", companyId)
    .where("schedule_id", "=", scheduleId)
    .where("manual", "=", false)
    .where("status", "=", "pending")
    .execute();
}

export interface DeliveryClaim {
  company_id: number;
  id: number;
  schedule_id: number;
  period_start: string;
  period_end: string;
  attempts: number;
  claim_id: string;
  sent_user_ids: number[];
}

/**
 * Claims the next delivery due at `now` (waiting, or being sent by a process whose lease lapsed), or one
 * delivery by id: it becomes `sending` for `leaseSeconds`, with one more attempt. Candidates another worker
 * takes meanwhile are skipped (`claimFirst`).
 */
export async function claimDelivery(
  db: Db,
  claimId: string,
  now: Date,
  leaseSeconds: number,
  only?: { companyId: number; id: number },
): Promise<DeliveryClaim | undefined> {
  const which = only
    ? sql`company_id = ${only.companyId} and id = ${only.id} and status = 'pending'`
    : sql`status in ('pending', 'sending') and next_attempt_at <= ${now}`;
  const { rows: candidates } = await sql<
    Pick<DeliveryClaim, "company_id" | "id" | "schedule_id" | "period_start" | "period_end">
  >`
    select company_id, id, schedule_id, to_char(period_start, 'YYYY-MM-DD') as period_start,
      to_char(period_end, 'YYYY-MM-DD') as period_end
    from report_schedule_delivery where ${which}
    order by next_attempt_at, id
    limit ${CLAIM_CANDIDATES}`.execute(db);
  return claimFirst(candidates, async (delivery) => {
    const { rows } = await sql<Pick<DeliveryClaim, "attempts" | "claim_id" | "sent_user_ids">>`
      update report_schedule_delivery set status = 'sending', claim_id = ${claimId},
        attempts = attempts + 1,
        next_attempt_at = ${now}::timestamptz + make_interval(secs => ${leaseSeconds}),
        modify_time = now()
      where company_id = ${delivery.company_id} and id = ${delivery.id} and ${which}
      returning attempts, claim_id, sent_user_ids`.execute(db);
    return rows[0] && { ...delivery, ...rows[0] };
  });
}

const claimed = (claim: DeliveryClaim) =>
  sql`company_id = ${claim.company_id} and id = ${claim.id} and claim_id = ${claim.claim_id}
    and status = 'sending'`;

/** Records a recipient the mail reached (a retry skips them). */
export async function markRecipientSent(db: Db, claim: DeliveryClaim, userId: number): Promise<void> {
  await sql`update report_schedule_delivery set sent_user_ids = array_append(sent_user_ids, ${userId}::int)
    where ${claimed(claim)}`.execute(db);
}

export async function finishDelivery(db: Db, claim: DeliveryClaim): Promise<void> {
  await sql`update report_schedule_delivery set status = 'sent', sent_time = now(), last_error = null,
    claim_id = null, modify_time = now() where ${claimed(claim)}`.execute(db);
}

/**
 * Withdraws a scheduled delivery that reached nobody (its day was taken back): the day's next publication
 * queues it again. Answers whether it was withdrawn.
 */
export async function withdrawDelivery(db: Db, claim: DeliveryClaim): Promise<boolean> {
  const result = await sql`delete from report_schedule_delivery
    where ${claimed(claim)} and not manual and cardinality(sent_user_ids) = 0`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** A failed try: retried at `retryAt`, or failed for good when null. */
export async function failDelivery(
  db: Db,
  claim: DeliveryClaim,
  reason: string,
  retryAt: Date | null,
): Promise<void> {
  await sql`update report_schedule_delivery set
      status = ${retryAt ? "pending" : "failed"},
      next_attempt_at = coalesce(${retryAt}::timestamptz, next_attempt_at),
      last_error = ${reason.slice(0, 500)}, claim_id = null, modify_time = now()
    where ${claimed(claim)}`.execute(db);
}

/**
 * Per schedule: its latest delivery, when a mail last went out, and the last period end scheduled. Every read
 * names the company as a value, so Citus routes the whole statement to that company's shard (docs/citus.md).
 */
export async function deliveryStates(db: Db, companyId: number, scheduleIds: readonly number[]) {
  const ids = scheduleIds.length > 0 ? [...scheduleIds] : [0];
  const { rows } = await sql<{
    schedule_id: number;
    status: string;
    last_error: string | null;
    next_attempt_at: Date;
    last_sent: Date | null;
    last_period_end: string | null;
  }>`
    select latest.schedule_id, latest.status, latest.last_error, latest.next_attempt_at,
      (select max(sent_time) from report_schedule_delivery d
        where d.company_id = ${companyId} and d.schedule_id = latest.schedule_id) as last_sent,
      (select to_char(max(period_end), 'YYYY-MM-DD') from report_schedule_delivery d
        where d.company_id = ${companyId} and d.schedule_id = latest.schedule_id and not d.manual)
        as last_period_end
    from (
      select distinct on (schedule_id) schedule_id, status, last_error, next_attempt_at
      from report_schedule_delivery
      where company_id = ${companyId} and schedule_id = any(${ids}::int[])
      order by schedule_id, id desc
    ) latest`.execute(db);
  return new Map(rows.map((row) => [row.schedule_id, row]));
}

/** The deliveries waiting to be sent, of every company (a gauge of /metrics). */
export async function countWaitingDeliveries(db: Db): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from report_schedule_delivery where status in ('pending', 'sending')`.execute(
    db,
  );
  return Number(rows[0]?.count ?? 0);
}
