/**
 * Scheduled report rules (docs/rules/reports.md#scheduled-reports): a schedule belongs to the user who made
 * it; managers (roles 1 and 2) see and change every schedule of the company, everyone else only their own,
 * and nobody another company's (answered as not found). Recipients must be active users of the session's
 * company, refused with the field that names them. Every change writes an audit row in the same transaction.
 */
import { randomBytes } from "node:crypto";
import {
  type Action,
  addReportDays,
  Code,
  can,
  formatMessage,
  isoToReportDate,
  type LangValue,
  MESSAGES,
  offlineScheduleQuery,
  onlineScheduleQuery,
  type Principal,
  type ReportKindValue,
  type ReportScheduleInput,
  type ReportScheduleListAnswer,
  type ReportScheduleRow,
  reportDateToIso,
  reportDateWindow,
  type SavedScheduleQuery,
  type ScheduleFrequencyValue,
  type ScheduleRecipientsAnswer,
  weeklyPeriodEnds,
} from "@pc/contract";
import type { Db } from "../../db/database.ts";
import { inTransaction } from "../../db/transaction.ts";
import { AppError } from "../../lib/app-error.ts";
import { writeAudit } from "../../lib/audit.ts";
import { pageWindow } from "../../lib/paging.ts";
import { formatDateTime } from "../../lib/time.ts";
import { activeUsersOf } from "../accounts/service.ts";
import { reportToday } from "../reports/days.ts";
import { lastPublished } from "../reports/query/service.ts";
import { type DeliveryDeps, deliverNow, periodOf } from "./delivery.ts";
import {
  countSchedules,
  deleteRecipient,
  deleteSchedule as deleteScheduleRow,
  deliveryStates,
  dropWaitingDeliveries,
  findListedSchedule,
  findRecipientByToken,
  findSchedule,
  insertSchedule,
  listSchedules as listScheduleRows,
  lockSchedule,
  recipientsOf,
  replaceRecipients,
  type ScheduleRecord,
  updateSchedule as updateScheduleRow,
} from "./repo.ts";

/** Who acts: the session's company, user and principal. */
export interface Actor {
  companyId: number;
  userId: number;
  principal: Principal;
}

const ENTITY = "report_schedule";
const READ_ACTION: Record<ReportKindValue, Action> = {
  online: "report.online.read",
  offline: "report.offline.read",
};

/** Null when the actor sees every schedule of the company, else the only owner whose schedules they see. */
const ownerFilter = (actor: Actor) => (can(actor.principal, "report.schedule.all") ? null : actor.userId);

const newToken = () => randomBytes(24).toString("base64url");

/** The report day (yyyy-MM-DD) the next scheduled mail ends on, given the last one queued. */
function nextPeriodEnd(
  frequency: ScheduleFrequencyValue,
  weekday: number | null,
  lastEnd: string | null,
  today: string,
): string {
  const yesterday = addReportDays(today, -1);
  const after = lastEnd ? addReportDays(isoToReportDate(lastEnd), 1) : yesterday;
  let day = after > yesterday ? after : yesterday;
  if (frequency === "weekly") {
    for (let i = 0; i < 7 && !weeklyPeriodEnds(weekday ?? 0, day); i++) day = addReportDays(day, 1);
  }
  return day;
}

async function toRows(
  db: Db,
  companyId: number,
  records: (ScheduleRecord & { owner_name: string })[],
  timeZone: string,
): Promise<ReportScheduleRow[]> {
  const ids = records.map((record) => record.id);
  const [recipients, states] = await Promise.all([
    recipientsOf(db, companyId, ids),
    deliveryStates(db, companyId, ids),
  ]);
  const today = reportToday(timeZone);
  return records.map((record) => {
    const state = states.get(record.id);
    const frequency = record.frequency as ScheduleFrequencyValue;
    const nextEnd = nextPeriodEnd(frequency, record.weekday, state?.last_period_end ?? null, today);
    const period = periodOf(frequency, reportDateToIso(nextEnd), today);
    const waiting = state?.status === "pending" || state?.status === "sending";
    return {
      id: record.id,
      name: record.name,
      kind: record.kind as ReportKindValue,
      query: savedQueryOf(record.kind as ReportKindValue, record.query),
      frequency,
      weekday: record.weekday,
      recipients: recipients.filter((r) => r.schedule_id === record.id).map((r) => r.email),
      lang: record.lang as LangValue,
      enabled: record.enabled,
      owner: { id: record.owner_user_id, name: record.owner_name },
      last_sent_time: state?.last_sent ? formatDateTime(state.last_sent, timeZone) : null,
      last_status: (state?.status ?? null) as ReportScheduleRow["last_status"],
      last_error: state?.last_error ?? null,
      next_attempt_time: waiting && state ? formatDateTime(state.next_attempt_at, timeZone) : null,
      next_period: record.enabled
        ? { start: reportDateToIso(period.start), end: reportDateToIso(period.end) }
        : null,
      create_time: formatDateTime(record.create_time, timeZone),
      modify_time: formatDateTime(record.modify_time, timeZone),
    };
  });
}

/**
 * A stored query as answered: parsed again by its kind's schema, so one saved with a single value (before
 * filters took several) answers a list like the others.
 */
const savedQueryOf = (kind: ReportKindValue, stored: unknown): SavedScheduleQuery =>
  (kind === "online" ? onlineScheduleQuery : offlineScheduleQuery).parse(stored);

export async function listSchedules(
  db: Db,
  actor: Actor,
  query: { page_no: number; page_size: number },
  timeZone: string,
): Promise<ReportScheduleListAnswer> {
  const owner = ownerFilter(actor);
  const page = pageWindow(query.page_no, query.page_size);
  const [records, total] = await Promise.all([
    listScheduleRows(db, actor.companyId, owner, page),
    countSchedules(db, actor.companyId, owner),
  ]);
  return { list: await toRows(db, actor.companyId, records, timeZone), total };
}

/** The schedule the actor may see, or not found (another company's, or another user's for non-managers). */
async function requireSchedule(db: Db, actor: Actor, id: number): Promise<ScheduleRecord> {
  const record = await findSchedule(db, actor.companyId, id);
  const owner = ownerFilter(actor);
  if (!record || (owner !== null && record.owner_user_id !== owner)) {
    throw new AppError(Code.ParamError, "scheduleNotFound", {}, "id");
  }
  return record;
}

async function rowOf(db: Db, actor: Actor, id: number, timeZone: string): Promise<ReportScheduleRow> {
  const record = await findListedSchedule(db, actor.companyId, id);
  if (!record) throw new AppError(Code.ParamError, "scheduleNotFound", {}, "id");
  const [row] = await toRows(db, actor.companyId, [record], timeZone);
  if (!row) throw new AppError(Code.ParamError, "scheduleNotFound", {}, "id");
  return row;
}

/** The recipients' user ids; an address that is not an active user of the company is refused with its index. */
async function recipientIds(db: Db, companyId: number, emails: readonly string[]): Promise<number[]> {
  const users = new Map(
    (await activeUsersOf(db, companyId)).map((user) => [user.email.toLowerCase(), user.id]),
  );
  return emails.map((email, index) => {
    const id = users.get(email.toLowerCase());
    if (id === undefined) {
      throw new AppError(Code.ParamError, "scheduleRecipientUnknown", { email }, `recipients.${index}`);
    }
    return id;
  });
}

function checkKind(actor: Actor, kind: ReportKindValue) {
  if (!can(actor.principal, READ_ACTION[kind])) throw new AppError(Code.NoPermission, undefined, {}, "kind");
}

const auditState = (input: ReportScheduleInput) => ({
  name: input.name,
  kind: input.kind,
  query: input.query,
  frequency: input.frequency,
  weekday: input.weekday,
  recipients: input.recipients,
  lang: input.lang,
  enabled: input.enabled,
});

const valuesOf = (input: ReportScheduleInput) => ({
  name: input.name,
  kind: input.kind,
  query: input.query,
  frequency: input.frequency,
  weekday: input.weekday,
  lang: input.lang,
  enabled: input.enabled,
});

export async function createSchedule(
  db: Db,
  actor: Actor,
  input: ReportScheduleInput,
  timeZone: string,
): Promise<ReportScheduleRow> {
  checkKind(actor, input.kind);
  const userIds = await recipientIds(db, actor.companyId, input.recipients);
  const id = await inTransaction(db, async (tx) => {
    const created = await insertSchedule(tx, actor.companyId, actor.userId, valuesOf(input));
    await replaceRecipients(tx, actor.companyId, created, userIds, newToken);
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "create",
      entity: ENTITY,
      entityId: created,
      after: auditState(input),
    });
    return created;
  });
  return rowOf(db, actor, id, timeZone);
}

export async function updateSchedule(
  db: Db,
  actor: Actor,
  input: ReportScheduleInput & { id: number },
  timeZone: string,
): Promise<ReportScheduleRow> {
  await requireSchedule(db, actor, input.id);
  checkKind(actor, input.kind);
  const userIds = await recipientIds(db, actor.companyId, input.recipients);
  await inTransaction(db, async (tx) => {
    if (!(await lockSchedule(tx, actor.companyId, input.id))) {
      throw new AppError(Code.ParamError, "scheduleNotFound", {}, "id");
    }
    const before = await requireSchedule(tx, actor, input.id);
    const beforeRecipients = (await recipientsOf(tx, actor.companyId, [input.id])).map((r) => r.email);
    await updateScheduleRow(
      tx,
      actor.companyId,
      input.id,
      valuesOf(input),
      actor.userId,
      !before.enabled && input.enabled,
    );
    await replaceRecipients(tx, actor.companyId, input.id, userIds, newToken);
    if (!input.enabled) await dropWaitingDeliveries(tx, actor.companyId, input.id);
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "update",
      entity: ENTITY,
      entityId: input.id,
      before: {
        name: before.name,
        kind: before.kind,
        query: before.query,
        frequency: before.frequency,
        weekday: before.weekday,
        recipients: beforeRecipients,
        lang: before.lang,
        enabled: before.enabled,
      },
      after: auditState(input),
    });
  });
  return rowOf(db, actor, input.id, timeZone);
}

export async function deleteSchedule(db: Db, actor: Actor, id: number): Promise<void> {
  await requireSchedule(db, actor, id);
  await inTransaction(db, async (tx) => {
    if (!(await lockSchedule(tx, actor.companyId, id))) {
      throw new AppError(Code.ParamError, "scheduleNotFound", {}, "id");
    }
    const before = await requireSchedule(tx, actor, id);
    await deleteScheduleRow(tx, actor.companyId, id);
    await writeAudit(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      action: "delete",
      entity: ENTITY,
      entityId: id,
      before: { name: before.name, kind: before.kind, frequency: before.frequency },
    });
  });
}

/** Mails the schedule's last published period now (a test of the schedule); answers the schedule after it. */
export async function sendNow(deps: DeliveryDeps, actor: Actor, id: number): Promise<ReportScheduleRow> {
  const { db } = deps.database;
  const schedule = await requireSchedule(db, actor, id);
  const kind = schedule.kind as ReportKindValue;
  checkKind(actor, kind);
  const today = reportToday(deps.timeZone);
  const last = await lastPublished(
    db,
    actor.companyId,
    kind,
    reportDateToIso(reportDateWindow(today).maxDate),
  );
  if (!last || isoToReportDate(last) < reportDateWindow(today).minDate) {
    throw new AppError(Code.ParamError, "scheduleNothingPublished", {}, "id");
  }
  const period = periodOf(schedule.frequency as ScheduleFrequencyValue, last, today);
  await writeAudit(db, {
    companyId: actor.companyId,
    userId: actor.userId,
    action: "send",
    entity: ENTITY,
    entityId: id,
    after: { period_start: reportDateToIso(period.start), period_end: last },
  });
  await deliverNow(deps, {
    companyId: actor.companyId,
    scheduleId: id,
    periodStart: reportDateToIso(period.start),
    periodEnd: last,
    manual: true,
  });
  return rowOf(db, actor, id, deps.timeZone);
}

/** The company's active users: who may receive a schedule's mail. */
export async function scheduleRecipients(db: Db, companyId: number): Promise<ScheduleRecipientsAnswer> {
  const users = await activeUsersOf(db, companyId);
  return { list: users.map((user) => ({ id: user.id, user_name: user.user_name, email: user.email })) };
}

// ─── Unsubscribe (public: the link of every mail) ────────────────────────────────────────────────────────

export interface UnsubscribePage {
  lang: LangValue;
  title: string;
  message: string;
  /** The button of the confirmation (GET); absent once done or when the link is not valid. */
  button?: string;
}

const invalidPage = (lang: LangValue): UnsubscribePage => ({
  lang,
  title: MESSAGES.unsubscribeTitle[lang],
  message: MESSAGES.unsubscribeInvalid[lang],
});

/** What the link shows (GET: a confirmation) or does (POST: removes the address), in the mail's language. */
export async function unsubscribe(
  db: Db,
  link: { companyId: number; token: string },
  confirm: boolean,
  fallbackLang: LangValue,
): Promise<UnsubscribePage> {
  const recipient = await findRecipientByToken(db, link.companyId, link.token);
  if (!recipient) return invalidPage(fallbackLang);
  const lang = recipient.lang as LangValue;
  const params = { email: recipient.email, name: recipient.name };
  if (!confirm) {
    return {
      lang,
      title: MESSAGES.unsubscribeTitle[lang],
      message: formatMessage(MESSAGES.unsubscribeConfirm[lang], params),
      button: MESSAGES.unsubscribeButton[lang],
    };
  }
  await inTransaction(db, async (tx) => {
    await deleteRecipient(tx, link.companyId, recipient.schedule_id, recipient.user_id);
    await writeAudit(tx, {
      companyId: link.companyId,
      userId: null,
      action: "unsubscribe",
      entity: ENTITY,
      entityId: recipient.schedule_id,
      before: { recipient: recipient.email },
    });
  });
  return {
    lang,
    title: MESSAGES.unsubscribeTitle[lang],
    message: formatMessage(MESSAGES.unsubscribeDone[lang], params),
  };
}
