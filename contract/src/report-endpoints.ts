/**
 * The report endpoints (docs/rules/reports.md#metrics; docs/rules/roles.md#operators), beside reports.ts,
 * which holds their schemas: the SDK (online) and affiliate (offline) pages and summaries, the home page's
 * overview and the report date window, and the operator admins' management calls. The CSV exports are plain
 * routes of the server (their answer is a file).
 */
import { endpoint } from "./endpoint.ts";
import { onlineOverviewAnswer } from "./overview.ts";
import {
  offlineReportPage,
  offlineReportQuery,
  offlineReportSummary,
  onlineReportPage,
  onlineReportQuery,
  onlineReportSummary,
  reportBatchListAnswer,
  reportBatchListQuery,
  reportDateWindowAnswer,
  reportManageAnswer,
  reportManageQuery,
  reportStartCompanyAnswer,
  reportStartCompanyQuery,
} from "./report-schemas.ts";
import type { ReportActionValue, ReportKindValue } from "./reports.ts";

const QUERY_RULES =
  "Dates yyyyMMdd, both required, start ≤ end, at most 90 days back, ending yesterday at the latest " +
  "(REPORT_TZ). Publishers see published days only; operator admins see every status and may name any " +
  "companyId (anyone else naming another company gets code 402).";

const onlineList = (path: string) =>
  endpoint({
    method: "POST",
    path,
    body: onlineReportQuery,
    answer: onlineReportPage,
    access: "report.online.read",
    description: `A page of the SDK report grouped by the chosen dimensions, and the number of groups. ${QUERY_RULES}`,
  });

/** What the report screens and the home page read. */
export const REPORT_ENDPOINTS = {
  dateWindow: endpoint({
    method: "GET",
    path: "/v1/report/date_window",
    answer: reportDateWindowAnswer,
    access: "report.online.read",
    description: "The report day boundaries of the server (REPORT_TZ): today, earliest start, latest end.",
  }),
  onlineList: onlineList("/v1/online/ssp"),
  /** The report proxy host's path of the same call; the web calls this one. */
  onlineListProxy: onlineList("/v1/report_proxy/v1/online/ssp"),
  onlineSummary: endpoint({
    method: "POST",
    path: "/v1/online/summary",
    body: onlineReportQuery,
    answer: onlineReportSummary,
    access: "report.online.read",
    description: `The total row of the same SDK query and the status of each day. ${QUERY_RULES}`,
  }),
  onlineOverview: endpoint({
    method: "GET",
    path: "/v1/online/overview",
    answer: onlineOverviewAnswer,
    access: "report.online.read",
    description:
      "The home page's overview of the session's own company's SDK report: the latest published day up " +
      "to yesterday (REPORT_TZ) within the 90-day window, the day totals (revenue, eCPM, fill rate, " +
      "impressions) of the 7 days ending there (null for a day not published) and that day's 5 top apps " +
      "by revenue; every number as the SDK report answers it. Published days only, operator admins " +
      "included; without the SDK report's permission, code 402.",
  }),
  offlineList: endpoint({
    method: "POST",
    path: "/v1/offline/ssp",
    body: offlineReportQuery,
    answer: offlineReportPage,
    access: "report.offline.read",
    description: `A page of the affiliate report and the number of groups. ${QUERY_RULES}`,
  }),
  offlineSummary: endpoint({
    method: "POST",
    path: "/v1/offline/summary",
    body: offlineReportQuery,
    answer: offlineReportSummary,
    access: "report.offline.read",
    description: `The total row of the same affiliate query and the status of each day. ${QUERY_RULES}`,
  }),
};

const STEPS: Record<ReportActionValue, string> = {
  calculate:
    "Calculates the day's report (one company, or every publisher without company_id) and answers the " +
    "day's batches. A day already calculated is recalculated: SDK and affiliate reports both, left " +
    "unpublished until published again. A first calculation publishes at once when AUTO_PUBLISH is on.",
  publish: "Makes a calculated day visible to publishers at once (code 604 when it is not calculated).",
  delete: "Removes the day's report (raw data stays; the day is pending again and can be recalculated).",
};

/** `GET /v1/{online|offline}/{calculate|publish|delete}`: one management action on one kind's day. */
const step = (kind: ReportKindValue, action: ReportActionValue) =>
  endpoint({
    method: "GET",
    path: `/v1/${kind}/${action}`,
    query: reportManageQuery,
    answer: reportManageAnswer,
    access: "report.manage",
    description: `${STEPS[action]} None of these can be undone. Operator admins only.`,
  });

/** The operator admins' Report Management calls; the actions by `kind/action`. */
export const REPORT_MANAGE_ENDPOINTS = {
  "online/calculate": step("online", "calculate"),
  "online/publish": step("online", "publish"),
  "online/delete": step("online", "delete"),
  "offline/calculate": step("offline", "calculate"),
  "offline/publish": step("offline", "publish"),
  "offline/delete": step("offline", "delete"),
  batchList: endpoint({
    method: "GET",
    path: "/v1/report/batch/list",
    query: reportBatchListQuery,
    answer: reportBatchListAnswer,
    access: "report.manage",
    description:
      "Report batches (days × kind × company) with their status, newest day first; a day without a " +
      "batch is pending. Operator admins only.",
  }),
  startCompany: endpoint({
    method: "GET",
    path: "/v1/report/start_company",
    query: reportStartCompanyQuery,
    answer: reportStartCompanyAnswer,
    access: "report.manage",
    description:
      "The company an operator's report screen opens on: the first publisher company (by id) with a " +
      "published report of the kind holding rows in the date window (90 days ending yesterday); " +
      "company_id null when none has one. Operator admins only.",
  }),
};

/** The management action `action` of the report `kind`. */
export const reportStepEndpoint = (kind: ReportKindValue, action: ReportActionValue) =>
  REPORT_MANAGE_ENDPOINTS[`${kind}/${action}`];
