/** Renders a report page once the server's date window is known: a spinner meanwhile, a retry if it fails. */
import type { ReportDateWindowAnswer } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useDeferredValue } from "react";
import { LoadFailed, PageLoading } from "../../../app/layout/PageSlot.tsx";
import { dateWindowQuery } from "../../../app/queryClient.ts";

export function WithDateWindow({
  children,
}: {
  children: (dateWindow: ReportDateWindowAnswer) => ReactNode;
}) {
  // the route's loader has just asked (prefetchDateWindow): a failure of its call shows, with a retry, without
  // asking again at once (a second request and a second warning)
  const window = useQuery({ ...dateWindowQuery, retryOnMount: false });
  // the screen mounts in time slices once the window is known, not in one task (see useDeferredElement)
  const dateWindow = useDeferredValue(window.data);
  if (window.isError) {
    return <LoadFailed onRetry={() => void window.refetch()} />;
  }
  if (!dateWindow) return <PageLoading />;
  return children(dateWindow);
}
