/**
 * Change history (docs/rules/screens.md#change-history): the audit rows every change writes
 * (docs/rules/roles.md#who-may-change-whom), shown as who changed what and when, each changed field with its
 * value before and after.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { idParam, optionalIdParam } from "./inputs.ts";
import { isReportDate } from "./reports.ts";

/** The kinds of record whose changes are recorded (`audit_log.entity`). */
export const HistoryEntity = {
  App: "app",
  Placement: "ad_position",
  User: "user",
  Company: "company",
  ProfitCenter: "profit_center",
  ReportBatch: "report_batch",
  ApiKey: "api_key",
  ReportSchedule: "report_schedule",
} as const;
export type HistoryEntityValue = (typeof HistoryEntity)[keyof typeof HistoryEntity];
export const HISTORY_ENTITIES = Object.values(HistoryEntity);

/** Records whose history every user who may edit them can read (their row's "History"). */
export const PER_RECORD_HISTORY_ENTITIES = [HistoryEntity.App, HistoryEntity.Placement] as const;

const historyEntity = z.enum(HISTORY_ENTITIES);
const optionalDay = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.string().refine(isReportDate, "reportDateInvalid").optional(),
);

/** `GET /v1/history/list`: the company's changes, newest first, for its administrators. */
export const historyListQuery = z
  .object({
    ...pageQuery,
    entity: z.preprocess((value) => (value === "" ? undefined : value), historyEntity.optional()),
    entity_id: optionalIdParam,
    user_id: optionalIdParam,
    start_date: optionalDay,
    end_date: optionalDay,
  })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: "reportDateOrder",
    path: ["end_date"],
  });
export type HistoryListQuery = z.infer<typeof historyListQuery>;

/** `GET /v1/history/record?entity&id`: one app's or placement's changes, newest first. */
export const recordHistoryQuery = z.object({
  ...pageQuery,
  entity: z.enum(PER_RECORD_HISTORY_ENTITIES),
  id: idParam,
});
export type RecordHistoryQuery = z.infer<typeof recordHistoryQuery>;

export const historyChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The name of the record a reference field's value names (`HISTORY_FIELDS`: an app), when the company has it. */
  before_name: z.string().optional(),
  after_name: z.string().optional(),
});
export type HistoryChange = z.infer<typeof historyChange>;

export const historyRow = z.object({
  id: z.number().int(),
  /** `yyyy-MM-DD HH:mm:ss` in the report time zone. */
  time: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  /** The record's name as it was after the change (before it, for a deletion), when it has one. */
  entity_name: z.string().nullable(),
  /** Every field whose value differs, in the record's order; a creation lists its values, a deletion its last. */
  changes: z.array(historyChange),
});
export type HistoryRow = z.infer<typeof historyRow>;

export const historyListAnswer = pageOf(historyRow);
export type HistoryListAnswer = z.infer<typeof historyListAnswer>;

/** The history API: every call reads the session's company only. */
export const HISTORY_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/history/list",
    query: historyListQuery,
    answer: historyListAnswer,
    access: "history.read",
    description:
      "The company's changes, newest first: who, when, what (entity and id) and each changed field before " +
      "and after. Filters: entity, entity_id, user_id, start_date and end_date (yyyyMMdd, report time zone).",
  }),
  record: endpoint({
    method: "GET",
    path: "/v1/history/record",
    query: recordHistoryQuery,
    answer: historyListAnswer,
    access: "app.write",
    description: "One app's or placement's changes, newest first, for everyone who may edit it.",
  }),
};

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The fields that differ between a record's state before and after a change (JSON equality). */
export function changesOf(before: unknown, after: unknown): HistoryChange[] {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => JSON.stringify(from[field]) !== JSON.stringify(to[field]))
    .map((field) => ({ field, before: from[field] ?? null, after: to[field] ?? null }));
}
