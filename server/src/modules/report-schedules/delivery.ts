/**
 * Delivering scheduled reports (docs/rules/reports.md#scheduled-reports): once a day is published, each
 * enabled schedule of its company and kind that it is due for (daily: every day; weekly: the day before the
 * chosen weekday) gets one delivery, queued in `report_schedule_delivery` (unique per schedule and period
 * end, so a day is never mailed twice, whatever the number of processes). A worker claims deliveries with FOR
 * UPDATE SKIP LOCKED, builds the CSV with the console's export, and mails it to each recipient with their
 * unsubscribe link. A failed try is retried after 1, 5 and 30 minutes, then the delivery fails; the list
 * shows the latest one. A day taken back to be recalculated is not mailed while unpublished: its scheduled
 * delivery, if it reached nobody yet, is withdrawn, and the day's next publication queues it again, still
 * once per schedule and period.
 */
import { randomUUID } from "node:crypto";
import {
  AccountStatus,
  DELIVERY_MAX_ATTEMPTS,
  DELIVERY_RETRY_MINUTES,
  formatMessage,
  isoToReportDate,
  type LangValue,
  MESSAGES,
  offlineReportQuery,
  onlineReportQuery,
  REPORT_KIND_TITLES,
  REPORT_SCHEDULE_PATHS,
  type ReportKindValue,
  reportDateToIso,
  reportDateWindow,
  type ScheduleFrequencyValue,
  schedulePeriod,
  weeklyPeriodEnds,
} from "@pc/contract";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { DatabaseHandle, Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { countMailSend } from "../../lib/mail-metrics.ts";
import { createMailer, type Mailer } from "../../lib/mailer.ts";
import { reportToday } from "../reports/days.ts";
import { exportReport } from "../reports/query/export.ts";
import { isDayPublished, publishedBatches } from "../reports/query/service.ts";
import {
  claimDelivery,
  countWaitingDeliveries,
  type DeliveryClaim,
  dueCandidates,
  failDelivery,
  findSchedule,
  finishDelivery,
  insertDeliveries,
  markRecipientSent,
  type NewDelivery,
  recipientsOf,
  withdrawDelivery,
} from "./repo.ts";

export interface DeliveryDeps {
  database: DatabaseHandle;
  mailer: Mailer;
  timeZone: string;
  /** EXPORT_MAX_ROWS: a larger report fails its delivery. */
  maxRows: number;
  /** The console's address, for the unsubscribe link (PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The deliveries' needs from the app's decorators, with a mailer of their own that closes with the app. */
export function deliveryDepsOf(app: FastifyInstance): DeliveryDeps {
  const { config, database, timeZone } = app;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  return {
    database,
    mailer,
    timeZone,
    maxRows: config.EXPORT_MAX_ROWS,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    log: app.log,
  };
}

/** A sending process that stopped (killed) leaves its delivery to another after this long. */
const DELIVERY_LEASE_SECONDS = 15 * 60;

/** The report days (yyyyMMdd) a period of a schedule covers, its start kept inside the date window. */
export function periodOf(frequency: ScheduleFrequencyValue, endIso: string, today: string) {
  const period = schedulePeriod(frequency, isoToReportDate(endIso));
  const { minDate } = reportDateWindow(today);
  return { start: period.start < minDate ? minDate : period.start, end: period.end };
}

/**
 * Queues the deliveries due at `now`: for every enabled schedule with recipients, each day of its kind
 * published since the schedule was enabled (inside the date window) that ends one of its periods.
 */
async function enqueueDue(deps: DeliveryDeps, now = new Date()): Promise<number> {
  const { db } = deps.database;
  const schedules = await dueCandidates(db);
  if (schedules.length === 0) return 0;
  const today = reportToday(deps.timeZone, now);
  const { minDate } = reportDateWindow(today);
  const published = await publishedBatches(db, reportDateToIso(minDate));
  const byCompanyKind = new Map<string, typeof published>();
  for (const batch of published) {
    const key = `${batch.company_id}:${batch.kind}`;
    byCompanyKind.set(key, [...(byCompanyKind.get(key) ?? []), batch]);
  }
  const deliveries: NewDelivery[] = [];
  for (const schedule of schedules) {
    const frequency = schedule.frequency as ScheduleFrequencyValue;
    for (const batch of byCompanyKind.get(`${schedule.company_id}:${schedule.kind}`) ?? []) {
      if (batch.publish_time < schedule.enabled_since) continue;
      if (frequency === "weekly" && !weeklyPeriodEnds(schedule.weekday ?? 0, isoToReportDate(batch.dt)))
        continue;
      const period = periodOf(frequency, batch.dt, today);
      deliveries.push({
        companyId: schedule.company_id,
        scheduleId: schedule.id,
        periodStart: reportDateToIso(period.start),
        periodEnd: batch.dt,
        manual: false,
      });
    }
  }
  return (await insertDeliveries(db, deliveries, now)).length;
}

/** The minutes before the next try after `attempts` failed ones, or null when the delivery fails for good. */
function retryDelayMinutes(attempts: number): number | null {
  return attempts >= DELIVERY_MAX_ATTEMPTS ? null : (DELIVERY_RETRY_MINUTES[attempts - 1] ?? null);
}

/** The unsubscribe link of a recipient. */
const unsubscribeUrl = (publicUrl: string, companyId: number, token: string) =>
  `${publicUrl.replace(/\/+$/, "")}${REPORT_SCHEDULE_PATHS.unsubscribe}?${new URLSearchParams({ c: String(companyId), t: token })}`;

/** "2024-05-01" or "2024-04-25 ~ 2024-05-01". */
const periodText = (start: string, end: string) => (start === end ? end : `${start} ~ ${end}`);

async function collect(body: AsyncIterable<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks);
}

/** The saved query with the period's dates, as the console's export takes it. */
function exportQuery(kind: ReportKindValue, saved: unknown, start: string, end: string) {
  const fields = { ...(saved as Record<string, unknown>), startDate: start, endDate: end };
  return kind === "online" ? onlineReportQuery.parse(fields) : offlineReportQuery.parse(fields);
}

/** A failure that another try cannot mend (the report is too large, nobody to send to). */
class Permanent extends Error {}

/** The period's last day is not published (taken back to be recalculated): its data is not to be mailed. */
class Unpublished extends Error {}

/** Builds the CSV of a claimed delivery and mails it to each recipient not reached yet. */
async function send(deps: DeliveryDeps, claim: DeliveryClaim): Promise<void> {
  const { db } = deps.database;
  const schedule = await findSchedule(db, claim.company_id, claim.schedule_id);
  if (!schedule) throw new Permanent("schedule deleted");
  const lang = schedule.lang as LangValue;
  const kind = schedule.kind as ReportKindValue;
  const recipients = (await recipientsOf(db, claim.company_id, [claim.schedule_id])).filter(
    (r) => r.status === AccountStatus.Normal && !claim.sent_user_ids.includes(r.user_id),
  );
  if (recipients.length === 0 && claim.sent_user_ids.length === 0) {
    throw new Permanent(MESSAGES.scheduleRecipientsRequired[lang]);
  }
  if (recipients.length > 0 && !deps.mailer.viaSmtp) throw new Permanent(MESSAGES.scheduleNoSmtp[lang]);
  if (!(await isDayPublished(db, claim.company_id, kind, claim.period_end))) {
    throw new Unpublished(formatMessage(MESSAGES.scheduleDayUnpublished[lang], { date: claim.period_end }));
  }
  const start = isoToReportDate(claim.period_start);
  const end = isoToReportDate(claim.period_end);
  let file: { fileName: string; rows: number; content: Buffer };
  try {
    const exported = await exportReport(deps.database, {
      kind,
      viewer: { companyId: claim.company_id, seesAll: false },
      query: exportQuery(kind, schedule.query, start, end),
      lang,
      timeZone: deps.timeZone,
      maxRows: deps.maxRows,
    });
    file = { fileName: exported.fileName, rows: exported.rows, content: await collect(exported.body) };
  } catch (error) {
    if (error instanceof AppError) throw new Permanent(error.localized(lang));
    throw error;
  }
  const params = {
    name: schedule.name,
    kind: REPORT_KIND_TITLES[kind][lang],
    period: periodText(claim.period_start, claim.period_end),
    rows: file.rows,
  };
  for (const recipient of recipients) {
    const link = unsubscribeUrl(deps.publicUrl, claim.company_id, recipient.unsubscribe_token);
    await deps.mailer.send({
      to: recipient.email,
      subject: formatMessage(MESSAGES.scheduleMailSubject[lang], params),
      text: formatMessage(MESSAGES.scheduleMailText[lang], { ...params, link }),
      attachments: [
        { filename: file.fileName, content: file.content, contentType: "text/csv; charset=utf-8" },
      ],
      headers: { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    await markRecipientSent(db, claim, recipient.user_id);
    countMailSend("report", "sent");
  }
}

/** Sends a claimed delivery and records the outcome: sent, retried later, or failed for good. */
async function work(deps: DeliveryDeps, claim: DeliveryClaim, now: Date): Promise<void> {
  const { db } = deps.database;
  try {
    await send(deps, claim);
    await finishDelivery(db, claim);
  } catch (error) {
    if (error instanceof Unpublished && (await withdrawDelivery(db, claim))) return;
    const reason = error instanceof Error ? error.message : String(error);
    const delay = error instanceof Permanent ? null : retryDelayMinutes(claim.attempts);
    await failDelivery(db, claim, reason, delay === null ? null : new Date(now.getTime() + delay * 60_000));
    countMailSend("report", delay === null ? "gave_up" : "failed");
    const about = { companyId: claim.company_id, scheduleId: claim.schedule_id, attempts: claim.attempts };
    if (delay === null) deps.log.error({ ...about, reason }, "scheduled report mail given up");
    else
      deps.log.warn(
        { ...about, reason, retryInMinutes: delay },
        "scheduled report mail failed; retried later",
      );
  }
}

/** Queues what is due, then sends deliveries until none is due at `now` (or `max` were worked). */
export async function runDeliveries(deps: DeliveryDeps, now = new Date(), max = 100): Promise<number> {
  await enqueueDue(deps, now);
  let worked = 0;
  while (worked < max) {
    const claim = await claimDelivery(deps.database.db, randomUUID(), now, DELIVERY_LEASE_SECONDS);
    if (!claim) break;
    await work(deps, claim, now);
    worked += 1;
  }
  return worked;
}

/** Queues one delivery and sends it at once (the schedule's "send now"). */
export async function deliverNow(deps: DeliveryDeps, delivery: NewDelivery, now = new Date()): Promise<void> {
  const { db } = deps.database;
  const [id] = await insertDeliveries(db, [delivery], now);
  if (id === undefined) return;
  const claim = await claimDelivery(db, randomUUID(), now, DELIVERY_LEASE_SECONDS, {
    companyId: delivery.companyId,
    id,
  });
  if (claim) await work(deps, claim, now);
}

/** The deliveries waiting to be sent, of every company. */
export const waitingDeliveries = (db: Db) => countWaitingDeliveries(db);
