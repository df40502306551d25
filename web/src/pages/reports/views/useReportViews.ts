/**
 * The session user's saved views of a report, read once per screen and read again after each change. A report
 * route's loader starts the read beside the report's own queries (screenQueries.ts): when the screen started it
 * as it mounted, the read changed the query's state inside the commit that drew the screen, and React drew the
 * whole screen again in that same task.
 */
import type { ReportKindValue } from "@pc/contract";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../api/queryKeys.ts";
import { reportViewsApi } from "../../../api/reportViews.ts";

export const reportViewsQuery = (kind: ReportKindValue) =>
  queryOptions({
    queryKey: queryKeys.reportViews.of(kind),
    queryFn: () => reportViewsApi.list(kind),
    staleTime: 60_000,
  });

export function useReportViews(kind: ReportKindValue) {
  const client = useQueryClient();
  const query = reportViewsQuery(kind);
  const list = useQuery(query);
  return {
    views: list.data?.list ?? [],
    loading: list.isFetching,
    refresh: () => client.invalidateQueries({ queryKey: query.queryKey }),
  };
}
