/** What a report screen and its detail view are given by the SDK and the affiliate pages. */
import {
  checkReportDates,
  isoToReportDate,
  type LangValue,
  type MessageKey,
  type ReportCompareRange,
  type ReportDateWindow,
  type ReportDateWindowAnswer,
  type ReportDayStatus,
  reportDateToIso,
} from "@pc/contract";
import dayjs, { type Dayjs } from "dayjs";
import type { ReactNode } from "react";
import type { FileAnswer, FileRequestOptions } from "../../../api/client.ts";
import type { LazyPage } from "../../../app/lazyPage.ts";
import type { QueryParts, ReportDates } from "../query/queryInput.ts";
import type { ReportRowRecord } from "../table/reportRows.ts";
import type { ReportDef } from "./reportDefs.ts";

export interface ReportApi<Q extends object> {
  list: (query: Q) => Promise<{ list: ReportRowRecord[]; total: number }>;
  summary: (
    query: Q,
  ) => Promise<{ total: ReportRowRecord; days: ReportDayStatus[]; compareRange?: ReportCompareRange }>;
  download: (query: Q, options: FileRequestOptions) => Promise<FileAnswer>;
}

export interface DimensionContext {
  lang: LangValue;
  /** Opens the detail view of the row (the SDK report's ad id links to it). */
  openDetail?: () => void;
}

export interface ReportScreenConfig<V extends object, F, Q extends object> {
  def: ReportDef;
  emptyValues: V;
  toFilters: (values: Partial<V>) => F;
  buildQuery: (parts: QueryParts<F>) => Q;
  api: ReportApi<Q>;
  /** The Form.Items of the report's own filters (inside a Form whose values include V): query/filterFields.ts. */
  FilterFields: LazyPage;
  renderDimension: (field: string, row: ReportRowRecord, context: DimensionContext) => ReactNode;
  /** The detail view's filters for a row: the row's own values where it has them, else the applied ones. */
  detailValues: (row: ReportRowRecord, applied: V) => V;
  detailTitle: (row: ReportRowRecord, lang: LangValue) => string;
}

/** The range picker's value. */
export type DateRange = [Dayjs, Dayjs] | null;

export type FilterForm<V> = V & {
  range: DateRange;
  companyId: number | undefined;
};

/** yyyyMMdd ⇄ the pickers' dayjs. */
export const toDayjs = (ymd: string): Dayjs => dayjs(reportDateToIso(ymd));
const fromDayjs = (day: Dayjs): string => isoToReportDate(day.format("YYYY-MM-DD"));

export const windowOf = (answer: ReportDateWindowAnswer): ReportDateWindow => ({
  minDate: answer.minDate,
  maxDate: answer.maxDate,
});

/** A picker's value as yyyyMMdd, or null. */
export const dayOf = (value: unknown): string | null => (dayjs.isDayjs(value) ? fromDayjs(value) : null);

/** A picker's `disabledDate`: the days after the last one with data. */
export const afterWindow =
  (window: Pick<ReportDateWindowAnswer, "maxDate">) =>
  (day: Dayjs): boolean =>
    (dayOf(day) ?? "") > window.maxDate;

/** yyyyMMdd dates ⇄ the range picker's value. */
export const rangeOf = (dates: ReportDates): [Dayjs, Dayjs] => [
  toDayjs(dates.startDate),
  toDayjs(dates.endDate),
];
const rangeDays = (value: unknown) => {
  const [start, end] = Array.isArray(value) ? value : [null, null];
  return { startDate: dayOf(start), endDate: dayOf(end) };
};
/** The range picker's dates, or null while either is missing (the field's rule says why). */
export function datesOf(value: unknown): ReportDates | null {
  const { startDate, endDate } = rangeDays(value);
  return startDate && endDate ? { startDate, endDate } : null;
}

/**
 * The range field's rule: the contract's report-date rule (both required, start ≤ end, the 90-day window
 * ending yesterday) over the picked range; the problem's message, whichever end it names, is the field's.
 */
export const reportDateRule = (today: string, message: (key: MessageKey) => string) => ({
  validator: (_rule: unknown, value: unknown) => {
    const problem = checkReportDates(rangeDays(value), today);
    return problem ? Promise.reject(new Error(message(problem.message))) : Promise.resolve();
  },
});
