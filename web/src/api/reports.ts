/**
 * Report calls (spec §7 Reports; DESIGN §5 Reports, Export, Operators): the SDK (online) and affiliate
 * (offline) pages, summaries and CSV exports, the server's report date window, and the operators'
 * management calls and batch list. Shapes are the contract's.
 */
import {
  COMPANY_ENDPOINTS,
  type OfflineReportPage,
  type OfflineReportQueryInput,
  type OfflineReportSummary,
  type OnlineReportPage,
  type OnlineReportQueryInput,
  type OnlineReportSummary,
  type ReportActionValue,
  type ReportBatchListAnswer,
  type ReportDateWindowAnswer,
  type ReportKindValue,
  type ReportManageAnswer,
  type ReportStartCompanyAnswer,
  type ReportStatusValue,
} from "@pc/contract";
import {
  call,
  type FileAnswer,
  type FileRequestOptions,
  get,
  post,
  type RequestOptions,
  requestFile,
} from "./client.ts";

/** The query of each kind, as the web sends it (empty filters null). */
export interface ReportQueries {
  online: OnlineReportQueryInput;
  offline: OfflineReportQueryInput;
}
export interface ReportPages {
  online: OnlineReportPage;
  offline: OfflineReportPage;
}
export interface ReportSummaries {
  online: OnlineReportSummary;
  offline: OfflineReportSummary;
}

/** `/v1/report_proxy/v1/online/ssp` is the report proxy host's path of the same call (spec §7). */
const LIST_PATHS: Record<ReportKindValue, string> = {
  online: "/v1/report_proxy/v1/online/ssp",
  offline: "/v1/offline/ssp",
};

export const reportsApi = {
  dateWindow: (options?: RequestOptions) =>
    get<ReportDateWindowAnswer>("/v1/report/date_window", {}, options),
  list: <K extends ReportKindValue>(kind: K, query: ReportQueries[K], options?: RequestOptions) =>
    post<ReportPages[K]>(LIST_PATHS[kind], query, options),
  summary: <K extends ReportKindValue>(kind: K, query: ReportQueries[K], options?: RequestOptions) =>
    post<ReportSummaries[K]>(`/v1/${kind}/summary`, query, options),
  /** CSV of every row of the query (or JSON code 604 when too broad); 180 s time-out. */
  download: <K extends ReportKindValue>(
    kind: K,
    query: ReportQueries[K],
    options?: FileRequestOptions,
  ): Promise<FileAnswer> =>
    requestFile(`/v1/${kind}/ssp/download`, { ...options, method: "POST", body: query }),
};

/** The batch list's query as sent (`GET /v1/report/batch/list`); null = no filter. */
export interface BatchListParams {
  start_date: string;
  end_date: string;
  company_id: number | null;
  kind: ReportKindValue | null;
  status: ReportStatusValue | null;
  page_no: number;
  page_size: number;
}

export const reportManagementApi = {
  batches: (query: BatchListParams, options?: RequestOptions) =>
    get<ReportBatchListAnswer>("/v1/report/batch/list", { ...query }, options),
  /** calculate (a day with a report is recalculated: both kinds, unpublished), publish or delete. */
  manage: (
    kind: ReportKindValue,
    action: ReportActionValue,
    date: string,
    companyId: number | null,
    options?: RequestOptions,
  ) => get<ReportManageAnswer>(`/v1/${kind}/${action}`, { date, company_id: companyId }, options),
  /** The company an operator's report screen opens on (the first with a published report holding rows). */
  startCompany: (kind: ReportKindValue, options?: RequestOptions) =>
    get<ReportStartCompanyAnswer>("/v1/report/start_company", { kind }, options),
  /** Publisher companies for the operators' selects. */
  companies: (options?: RequestOptions) =>
    call(COMPANY_ENDPOINTS.list, { query: { is_publisher: "1", page_no: 1, page_size: 1000 } }, options),
};
