/**
 * Scheduled reports by email (docs/rules/reports.md#scheduled-reports). Paths and shapes are the contract's.
 */
import {
  REPORT_SCHEDULE_ROUTES,
  type ReportScheduleCreateBody,
  type ReportScheduleUpdateBody,
} from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const reportSchedulesApi = {
  list: (params: { page_no: number; page_size: number }, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ROUTES.list, { query: { ...params } }, options),
  recipients: (options?: RequestOptions) => call(REPORT_SCHEDULE_ROUTES.recipients, {}, options),
  create: (body: ReportScheduleCreateBody, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ROUTES.create, { body }, options),
  update: (body: ReportScheduleUpdateBody, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ROUTES.update, { body }, options),
  remove: (id: number, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ROUTES.remove, { query: { id } }, options),
  sendNow: (id: number, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ROUTES.sendNow, { body: { id } }, options),
};
