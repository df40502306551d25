/** The session user's saved views of a report, read once per screen and read again after each change. */
import type { ReportKindValue } from "@pc/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../../api/queryKeys.ts";
import { reportViewsApi } from "../../../api/reportViews.ts";

export function useReportViews(kind: ReportKindValue) {
  const client = useQueryClient();
  const queryKey = queryKeys.reportViews.of(kind);
  const list = useQuery({ queryKey, queryFn: () => reportViewsApi.list(kind), staleTime: 60_000 });
  return {
    views: list.data?.list ?? [],
    loading: list.isFetching,
    refresh: () => client.invalidateQueries({ queryKey }),
  };
}
