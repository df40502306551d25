/**
 * Scheduled reports by email (docs/rules/reports.md#scheduled-reports): a user saves a report query (filters,
 * dimensions, data columns) of the SDK or affiliate report and has its CSV mailed to chosen users of the
 * company, daily (the newly published day) or weekly on a weekday (the 7 days ending the day before it), in a
 * chosen language. The server sends once the day is published, retries a failed mail with backoff, and every
 * mail carries an unsubscribe link. Defined here once: the frequencies, delivery statuses, the retry plan,
 * the request and answer schemas and the endpoints.
 */
import { z } from "zod";
import { accountEmail } from "./accounts.ts";
import { endpoint } from "./endpoint.ts";
import { Lang } from "./enums.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { hasEmoji, ID_MAX, idParam, idValue } from "./inputs.ts";
import { offlineReportQuery, onlineReportQuery } from "./report-schemas.ts";
import { addReportDays, hasHourDimension, ReportKind } from "./reports.ts";

/** The unsubscribe link of every mail (public HTML: GET shows the confirmation, POST removes the address). */
export const REPORT_SCHEDULE_PATHS = {
  unsubscribe: "/v1/report_schedule/unsubscribe",
} as const;

export const ScheduleFrequency = { Daily: "daily", Weekly: "weekly" } as const;
export type ScheduleFrequencyValue = (typeof ScheduleFrequency)[keyof typeof ScheduleFrequency];
export const SCHEDULE_FREQUENCIES = Object.values(ScheduleFrequency);

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A delivery: waiting (first try or a retry), being sent, sent, or given up. */
export const DeliveryStatus = {
  Pending: "pending",
  Sending: "sending",
  Sent: "sent",
  Failed: "failed",
} as const;
export type DeliveryStatusValue = (typeof DeliveryStatus)[keyof typeof DeliveryStatus];
export const DELIVERY_STATUSES = Object.values(DeliveryStatus);

/** Minutes to wait after the 1st, 2nd and 3rd failed try; the 4th failure is final. */
export const DELIVERY_RETRY_MINUTES = [1, 5, 30] as const;
export const DELIVERY_MAX_ATTEMPTS = DELIVERY_RETRY_MINUTES.length + 1;

export const SCHEDULE_NAME_MAX = 64;
export const SCHEDULE_RECIPIENTS_MAX = 10;
/** Days a weekly mail covers. */
export const WEEKLY_PERIOD_DAYS = 7;

/**
 * The report days a mail covers, yyyyMMdd: a daily mail the day itself; a weekly one the 7 days ending on
 * `end`, where `end` is the day before the chosen weekday.
 */
export function schedulePeriod(
  frequency: ScheduleFrequencyValue,
  end: string,
): { start: string; end: string } {
  return {
    start: frequency === ScheduleFrequency.Daily ? end : addReportDays(end, 1 - WEEKLY_PERIOD_DAYS),
    end,
  };
}

/** The ISO weekday (1 Monday … 7 Sunday) of a yyyyMMdd day. */
export function weekdayOf(ymd: string): Weekday {
  const day = new Date(
    Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))),
  );
  return (((day.getUTCDay() + 6) % 7) + 1) as Weekday;
}

/** Whether a weekly schedule on `weekday` mails the period ending on `end` (its mail goes out on weekday). */
export const weeklyPeriodEnds = (weekday: number, end: string): boolean =>
  weekdayOf(addReportDays(end, 1)) === weekday;

// ─── Requests ────────────────────────────────────────────────────────────────────────────────────────────

/** The saved query of an SDK schedule: the console's query without dates, company, paging and order. */
export const onlineScheduleQuery = onlineReportQuery.pick({
  appName: true,
  adId: true,
  adStyle: true,
  country: true,
  dimensions: true,
  metrics: true,
});
export type OnlineScheduleQuery = z.output<typeof onlineScheduleQuery>;

/** The saved query of an affiliate schedule. */
export const offlineScheduleQuery = offlineReportQuery.pick({
  subChannel: true,
  offerId: true,
  pkgName: true,
  country: true,
  dimensions: true,
  metrics: true,
});
export type OfflineScheduleQuery = z.output<typeof offlineScheduleQuery>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

const scheduleName = z
  .string({ error: "scheduleNameRequired" })
  .trim()
  .min(1, { message: "scheduleNameRequired", abort: true })
  .max(SCHEDULE_NAME_MAX, { message: "scheduleNameTooLong", abort: true })
  .refine((text) => !hasEmoji(text) && !CONTROL.test(text), "illegalCharacters");

const recipients = z
  .array(accountEmail, { error: "scheduleRecipientsRequired" })
  .min(1, "scheduleRecipientsRequired")
  .max(SCHEDULE_RECIPIENTS_MAX, "scheduleRecipientsTooMany")
  .transform((list) => [...new Set(list)])
  .describe("1 to 10 emails, each an active user of the caller's company");

const weekday = z.preprocess(
  (value) => (value === undefined || value === "" ? null : value),
  z
    .number({ error: "scheduleWeekdayRequired" })
    .int("scheduleWeekdayRequired")
    .min(1, "scheduleWeekdayRequired")
    .max(7, "scheduleWeekdayRequired")
    .nullable(),
);

const common = {
  name: scheduleName,
  frequency: z.enum(ScheduleFrequency, { error: "scheduleFrequencyInvalid" }),
  weekday: weekday.describe("weekly: the ISO weekday of the mail, 1 Monday … 7 Sunday; daily: null"),
  recipients,
  lang: z.enum(Lang).describe("the language of the mail and of the CSV headers"),
  enabled: z.boolean().default(true),
};

const onlineSchedule = z.object({
  kind: z.literal(ReportKind.Online),
  query: onlineScheduleQuery,
  ...common,
});
const offlineSchedule = z.object({
  kind: z.literal(ReportKind.Offline),
  query: offlineScheduleQuery,
  ...common,
});
type ScheduleShape = z.output<typeof onlineSchedule> | z.output<typeof offlineSchedule>;

/** A weekly schedule needs its weekday, and mails no hours (they are one day's); a daily one keeps no weekday. */
const withWeekday = <T extends ScheduleShape>(value: T, ctx: z.RefinementCtx): T => {
  if (value.frequency === ScheduleFrequency.Daily) return { ...value, weekday: null };
  if (hasHourDimension(value.query.dimensions))
    ctx.addIssue({ code: "custom", message: "scheduleHourWeekly", path: ["frequency"] });
  if (value.weekday === null)
    ctx.addIssue({ code: "custom", message: "scheduleWeekdayRequired", path: ["weekday"] });
  return value;
};

/** `POST /v1/report_schedule`. */
export const reportScheduleCreateBody = z
  .discriminatedUnion("kind", [onlineSchedule, offlineSchedule])
  .transform(withWeekday);
export type ReportScheduleCreateBody = z.input<typeof reportScheduleCreateBody>;
export type ReportScheduleInput = z.output<typeof reportScheduleCreateBody>;

/** `PUT /v1/report_schedule`: the whole schedule again, with its id. */
export const reportScheduleUpdateBody = z
  .discriminatedUnion("kind", [
    onlineSchedule.extend({ id: idValue }),
    offlineSchedule.extend({ id: idValue }),
  ])
  .transform(withWeekday);
export type ReportScheduleUpdateBody = z.input<typeof reportScheduleUpdateBody>;

export const reportScheduleListQuery = z.object(pageQuery);
export const reportScheduleIdQuery = z.object({ id: idParam });
export const reportScheduleIdBody = z.object({ id: idValue });

/**
 * The unsubscribe link's query: the company and the recipient's random token. A person follows it from a
 * mail, so a link that is not valid is answered with a page saying so, not an error envelope.
 */
export const unsubscribeQuery = z.object({
  c: z
    .string()
    .max(20)
    // a number past any id would reach the database as one: refused, naming it (other text is a link not valid)
    .refine((text) => !/^\d+$/.test(text) || Number(text) <= ID_MAX, "idOutOfRange")
    .optional()
    .describe("the company id"),
  t: z.string().max(100).optional().describe("the recipient's unsubscribe token"),
});
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

// ─── Answers ─────────────────────────────────────────────────────────────────────────────────────────────

/** A schedule's saved query as answered: each filter of several values a list (null: no filter). */
export const savedScheduleQuery = z.object({
  appName: z.array(z.string()).nullable().optional(),
  adId: z.number().int().nullable().optional(),
  adStyle: z.array(z.number().int()).nullable().optional(),
  subChannel: z.array(z.string()).nullable().optional(),
  offerId: z.array(z.string()).nullable().optional(),
  pkgName: z.array(z.string()).nullable().optional(),
  country: z.array(z.string()).nullable(),
  dimensions: z.array(z.number().int()),
  metrics: z.array(z.string()).nullable(),
});
export type SavedScheduleQuery = z.infer<typeof savedScheduleQuery>;

export const reportScheduleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ReportKind),
  query: savedScheduleQuery,
  frequency: z.enum(ScheduleFrequency),
  weekday: z.number().int().nullable(),
  recipients: z.array(z.string()),
  lang: z.enum(Lang),
  enabled: z.boolean(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** When a mail of this schedule last went out (`yyyy-MM-DD HH:mm:ss`, report time zone). */
  last_sent_time: z.string().nullable(),
  /** The latest delivery's status; null before the first one. */
  last_status: z.enum(DeliveryStatus).nullable(),
  /** Why the latest delivery failed (its last try), when it did. */
  last_error: z.string().nullable(),
  /** When a waiting delivery is tried next (a retry), if one waits. */
  next_attempt_time: z.string().nullable(),
  /** The report days of the next scheduled mail (yyyy-MM-DD), sent once its last day is published. */
  next_period: z.object({ start: z.string(), end: z.string() }).nullable(),
  create_time: z.string(),
  modify_time: z.string(),
});
export type ReportScheduleRow = z.infer<typeof reportScheduleRow>;

export const reportScheduleListAnswer = pageOf(reportScheduleRow);
export type ReportScheduleListAnswer = z.infer<typeof reportScheduleListAnswer>;

export const scheduleRecipient = z.object({ id: z.number().int(), user_name: z.string(), email: z.string() });
export const scheduleRecipientsAnswer = z.object({ list: z.array(scheduleRecipient) });
export type ScheduleRecipientsAnswer = z.infer<typeof scheduleRecipientsAnswer>;

const RULES =
  "A user sees and changes their own schedules; administrators and super admins every one of the company. " +
  "Recipients: 1 to 10 emails of active users of the company (another address: code 604 naming " +
  "recipients.N). Daily: the newly published day; weekly: the 7 days ending the day before the weekday.";

/** The session's company's schedules and the users who may receive them. */
export const REPORT_SCHEDULE_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/report_schedule/list",
    query: reportScheduleListQuery,
    answer: reportScheduleListAnswer,
    access: "report.schedule",
    description: `The caller's scheduled reports, newest first, with their last delivery. ${RULES}`,
  }),
  recipients: endpoint({
    method: "GET",
    path: "/v1/report_schedule/recipients",
    answer: scheduleRecipientsAnswer,
    access: "report.schedule",
    description: "The company's active users: who may receive a scheduled report.",
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/report_schedule",
    body: reportScheduleCreateBody,
    answer: reportScheduleRow,
    access: "report.schedule",
    description: `Saves a report query as a scheduled mail. ${RULES}`,
  }),
  update: endpoint({
    method: "PUT",
    path: "/v1/report_schedule",
    body: reportScheduleUpdateBody,
    answer: reportScheduleRow,
    access: "report.schedule",
    description: `Replaces a schedule (enabled: false pauses it). ${RULES}`,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/v1/report_schedule",
    query: reportScheduleIdQuery,
    answer: z.null(),
    access: "report.schedule",
    description: "Deletes one of the caller's schedules; nothing more is sent for it.",
  }),
  sendNow: endpoint({
    method: "POST",
    path: "/v1/report_schedule/send",
    body: reportScheduleIdBody,
    answer: reportScheduleRow,
    access: "report.schedule",
    description:
      "Mails the last published period now (a test); answers the schedule with the outcome. A failed " +
      "mail is retried like a scheduled one.",
  }),
};
