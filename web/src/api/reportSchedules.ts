/** Scheduled reports by email (issue 14 item 3). Paths and shapes are the contract's. */
import {
  REPORT_SCHEDULE_PATHS,
  type ReportScheduleCreateBody,
  type ReportScheduleListAnswer,
  type ReportScheduleRow,
  type ReportScheduleUpdateBody,
  type ScheduleRecipientsAnswer,
} from "@pc/contract";
import { get, type RequestOptions, request } from "./client.ts";

export const reportSchedulesApi = {
  list: (params: { page_no: number; page_size: number }, options?: RequestOptions) =>
    get<ReportScheduleListAnswer>(REPORT_SCHEDULE_PATHS.list, { ...params }, options),
  recipients: (options?: RequestOptions) =>
    get<ScheduleRecipientsAnswer>(REPORT_SCHEDULE_PATHS.recipients, undefined, options),
  create: (body: ReportScheduleCreateBody, options?: RequestOptions) =>
    request<ReportScheduleRow>(REPORT_SCHEDULE_PATHS.schedule, { ...options, method: "POST", body }),
  update: (body: ReportScheduleUpdateBody, options?: RequestOptions) =>
    request<ReportScheduleRow>(REPORT_SCHEDULE_PATHS.schedule, { ...options, method: "PUT", body }),
  remove: (id: number, options?: RequestOptions) =>
    request<null>(REPORT_SCHEDULE_PATHS.schedule, { ...options, method: "DELETE", query: { id } }),
  sendNow: (id: number, options?: RequestOptions) =>
    request<ReportScheduleRow>(REPORT_SCHEDULE_PATHS.sendNow, { ...options, method: "POST", body: { id } }),
};
