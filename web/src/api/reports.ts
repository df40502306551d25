/**
 * Report calls (docs/rules/reports.md#metrics; docs/rules/reports.md#export): the SDK (online) and affiliate
 * (offline) pages, summaries and CSV exports, and the operators'
 * management calls and batch list. Paths and shapes are the contract's.
 */
import {
  COMPANY_ROUTES,
  type OfflineReportQueryInput,
  type OnlineReportQueryInput,
  REPORT_MANAGE_ROUTES,
  REPORT_ROUTES,
  type ReportActionValue,
  type ReportBatchListParams,
  type ReportKindValue,
} from "@pc/contract";
import {
  call,
  type FileAnswer,
  type FileRequestOptions,
  type RequestOptions,
  requestFile,
} from "./client.ts";

/** CSV of every row of the query (or JSON code 604 when too broad); 180 s time-out. */
const download = (kind: ReportKindValue, query: object, options?: FileRequestOptions): Promise<FileAnswer> =>
  requestFile(`/v1/${kind}/ssp/download`, { ...options, method: "POST", body: query });

export const reportsApi = {
  /** The SDK report, through the report proxy host's path. */
  online: {
    list: (query: OnlineReportQueryInput, options?: RequestOptions) =>
      call(REPORT_ROUTES.onlineListProxy, { body: query }, options),
    summary: (query: OnlineReportQueryInput, options?: RequestOptions) =>
      call(REPORT_ROUTES.onlineSummary, { body: query }, options),
    download: (query: OnlineReportQueryInput, options?: FileRequestOptions) =>
      download("online", query, options),
  },
  offline: {
    list: (query: OfflineReportQueryInput, options?: RequestOptions) =>
      call(REPORT_ROUTES.offlineList, { body: query }, options),
    summary: (query: OfflineReportQueryInput, options?: RequestOptions) =>
      call(REPORT_ROUTES.offlineSummary, { body: query }, options),
    download: (query: OfflineReportQueryInput, options?: FileRequestOptions) =>
      download("offline", query, options),
  },
};

export const reportManagementApi = {
  batches: (query: ReportBatchListParams, options?: RequestOptions) =>
    call(REPORT_MANAGE_ROUTES.batchList, { query: { ...query } }, options),
  /** calculate (a day with a report is recalculated: both kinds, unpublished), publish or delete. */
  manage: (
    kind: ReportKindValue,
    action: ReportActionValue,
    date: string,
    companyId: number | null,
    options?: RequestOptions,
  ) => call(REPORT_MANAGE_ROUTES[`${kind}/${action}`], { query: { date, company_id: companyId } }, options),
  /** The company an operator's report screen opens on (the first with a published report holding rows). */
  startCompany: (kind: ReportKindValue, options?: RequestOptions) =>
    call(REPORT_MANAGE_ROUTES.startCompany, { query: { kind } }, options),
  /** Publisher companies for the operators' selects. */
  companies: (options?: RequestOptions) =>
    call(COMPANY_ROUTES.list, { query: { is_publisher: "1", page_no: 1, page_size: 1000 } }, options),
};
