/**
 * The session user's saved views of a report, read once per screen and read again after each change. A report
 * route's loader starts the read beside the report's own queries (screenQueries.ts), rather than the screen a
 * round trip later as it mounts (docs/performance.md#where-the-phone-profile-stands: the phone's LCP).
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
