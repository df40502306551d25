/** Scheduled reports by email (issue 14 item 3). Paths and shapes are the contract's. */
import {
  REPORT_SCHEDULE_ENDPOINTS,
  type ReportScheduleCreateBody,
  type ReportScheduleUpdateBody,
} from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const reportSchedulesApi = {
  list: (params: { page_no: number; page_size: number }, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ENDPOINTS.list, { query: { ...params } }, options),
  recipients: (options?: RequestOptions) => call(REPORT_SCHEDULE_ENDPOINTS.recipients, {}, options),
  create: (body: ReportScheduleCreateBody, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ENDPOINTS.create, { body }, options),
  update: (body: ReportScheduleUpdateBody, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ENDPOINTS.update, { body }, options),
  remove: (id: number, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ENDPOINTS.remove, { query: { id } }, options),
  sendNow: (id: number, options?: RequestOptions) =>
    call(REPORT_SCHEDULE_ENDPOINTS.sendNow, { body: { id } }, options),
};
