/**
 * A report screen's queries (the table's page, the totals, the trend) for a question, defined once: the
 * screen runs them (useReportData), and a report route's loader starts the first screen's (prefetchReport)
 * while the page's files are still on their way, so that the page and its results can show in one commit
 * instead of the results a round trip after the page.
 */
import type {
  OfflineReportQueryInput,
  OnlineReportQueryInput,
  ReportCompareValue,
  ReportKindValue,
} from "@pc/contract";
import { hashKey, type Query, queryOptions } from "@tanstack/react-query";
import { queryKeys } from "../../../api/queryKeys.ts";
import { reportsApi } from "../../../api/reports.ts";
import { dateWindowQuery, menuQuery, queryClient } from "../../../app/queryClient.ts";
import { getToken } from "../../../session/session.ts";
import { choiceAsked, REPORT_DEFS, type ReportColumnChoice } from "../screen/reportDefs.ts";
import type { ReportScreenConfig } from "../screen/reportScreenConfig.ts";
import { isReportOperator } from "../screen/useReportAccess.ts";
import { startCompanyQuery } from "../screen/useReportCompanies.ts";
import { loadColumnChoice } from "../table/columnChoice.ts";
import { preloadReportRows } from "../table/ReportRows.tsx";
import { reportViewsQuery } from "../views/useReportViews.ts";
import { AffiliateFilterFields, SdkFilterFields } from "./filterFields.ts";
import {
  buildOfflineQuery,
  buildOnlineQuery,
  defaultDates,
  EMPTY_OFFLINE_FILTERS,
  EMPTY_ONLINE_FILTERS,
  FIRST_REPORT_PAGE,
  hourTrendQuery,
  type OfflineFilters,
  type OfflineFilterValues,
  type OnlineFilters,
  type OnlineFilterValues,
  offlineFilters,
  onlineFilters,
  type ReportDates,
  type ReportPaging,
  trendQuery,
} from "./queryInput.ts";
import { preloadReportFilters } from "./ReportFilters.tsx";

/** What of a report screen's configuration its queries are made of. */
export type ReportQueryConfig<V extends object, F, Q extends object> = Pick<
  ReportScreenConfig<V, F, Q>,
  "def" | "emptyValues" | "toFilters" | "buildQuery" | "api"
>;

export const SDK_QUERY_CONFIG: ReportQueryConfig<OnlineFilterValues, OnlineFilters, OnlineReportQueryInput> =
  {
    def: REPORT_DEFS.online,
    emptyValues: EMPTY_ONLINE_FILTERS,
    toFilters: onlineFilters,
    buildQuery: buildOnlineQuery,
    api: reportsApi.online,
  };

export const AFFILIATE_QUERY_CONFIG: ReportQueryConfig<
  OfflineFilterValues,
  OfflineFilters,
  OfflineReportQueryInput
> = {
  def: REPORT_DEFS.offline,
  emptyValues: EMPTY_OFFLINE_FILTERS,
  toFilters: offlineFilters,
  buildQuery: buildOfflineQuery,
  api: reportsApi.offline,
};

/** A question a report screen asks: its dates, its filters' values, the company read, the comparison. */
export interface ReportQuestion<V> {
  dates: ReportDates;
  values: V;
  companyId: number | null;
  compare: ReportCompareValue | null;
}

/** The question a screen opens on: the window's default dates, no filter, no comparison. */
export const firstQuestion = <V>(
  config: { emptyValues: V },
  dates: ReportDates,
  companyId: number | null,
): ReportQuestion<V> => ({ dates, values: config.emptyValues, companyId, compare: null });

/**
 * The table's, the totals' and the trend's queries of a question, with the table's query as sent. `byHour`:
 * the question is one day the reader sees, so the table may have the hour and the trend is the day's hours.
 */
export function reportQueries<V extends object, F, Q extends object>(
  config: ReportQueryConfig<V, F, Q>,
  question: ReportQuestion<V>,
  choice: ReportColumnChoice,
  paging: ReportPaging,
  byHour = false,
) {
  const kind = config.def.kind;
  const filters = config.toFilters(question.values);
  const { dates, companyId, compare } = question;
  const parts = { dates, filters, paging, companyId, compare };
  const query = config.buildQuery({ ...parts, choice: choiceAsked(config.def, choice, byHour) });
  // the totals ignore the dimensions: asked without the hour, they tell whether the day may be read by hour
  const totalsQuery = byHour
    ? config.buildQuery({ ...parts, choice: choiceAsked(config.def, choice, false) })
    : query;
  const totalsKey = { dates, filters, companyId, compare };
  return {
    filters,
    query,
    list: queryOptions({
      queryKey: queryKeys.report.list(kind, query),
      // the answer keeps the query it answers: what the screen shows is what its export asks again
      queryFn: async () => ({ ...(await config.api.list(query)), query }),
    }),
    summary: queryOptions({
      queryKey: queryKeys.report.summary(kind, totalsKey),
      queryFn: () => config.api.summary(totalsQuery),
    }),
    trend: queryOptions({
      queryKey: queryKeys.report.trend(kind, { ...totalsKey, byHour }),
      queryFn: () => config.api.list(byHour ? hourTrendQuery(query) : trendQuery(query)),
    }),
  };
}

/**
 * How long an answer the loader fetched is taken as it is by the screen it was fetched for: a few seconds,
 * for a slow phone between the answer and the page's first render (which React may mount more than once).
 */
const LOADER_ANSWER_FRESH_MS = 5_000;
const startedByLoader = new Set<string>();

/**
 * A screen's `refetchOnMount`: while the loader's answer is fresh a mount takes it (or the call still on its
 * way) instead of asking again; otherwise a mount asks again when the answer is stale, as usual.
 */
export function refetchUnlessFromLoader(query: Pick<Query, "queryHash" | "state">): boolean {
  if (!startedByLoader.has(query.queryHash)) return true;
  if (query.state.dataUpdatedAt > 0 && Date.now() - query.state.dataUpdatedAt < LOADER_ANSWER_FRESH_MS) {
    return false;
  }
  // still on its way (a mount then joins the call) or no longer fresh
  if (query.state.dataUpdatedAt > 0) startedByLoader.delete(query.queryHash);
  return true;
}

async function prefetchFirstScreen<V extends object, F, Q extends object>(
  config: ReportQueryConfig<V, F, Q>,
) {
  void queryClient.prefetchQuery(reportViewsQuery(config.def.kind));
  const [dateWindow, menu] = await Promise.all([
    queryClient.ensureQueryData(dateWindowQuery),
    queryClient.ensureQueryData(menuQuery(getToken())),
  ]);
  const companyId = isReportOperator(menu)
    ? ((await queryClient.ensureQueryData(startCompanyQuery(config.def.kind))).company_id ?? null)
    : null;
  const question = firstQuestion(config, defaultDates(dateWindow), companyId);
  const queries = reportQueries(config, question, loadColumnChoice(config.def), FIRST_REPORT_PAGE);
  for (const { queryKey } of [queries.list, queries.summary, queries.trend])
    startedByLoader.add(hashKey(queryKey));
  await Promise.all([
    queryClient.prefetchQuery(queries.list),
    queryClient.prefetchQuery(queries.summary),
    queryClient.prefetchQuery(queries.trend),
  ]);
}

/**
 * Starts the first screen of a report: the filters' and the table's code where the window is wide enough to
 * show them, the user's saved views, and the queries, whose question the date window and the user's menu
 * decide (an operator's screen opens on the company the server names). A failure is left to the screen, which
 * then asks itself and shows it.
 */
export function prefetchReport(kind: ReportKindValue): Promise<void> {
  preloadReportFilters(kind === "online" ? SdkFilterFields : AffiliateFilterFields);
  preloadReportRows();
  return (
    kind === "online" ? prefetchFirstScreen(SDK_QUERY_CONFIG) : prefetchFirstScreen(AFFILIATE_QUERY_CONFIG)
  ).catch(() => undefined);
}
