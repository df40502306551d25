/** What the signed-in user may do around a report, read from the session's menu routes. */
import { useQuery } from "@tanstack/react-query";
import type { RouteKey } from "../../../app/access.ts";
import { menuQuery } from "../../../app/queryClient.ts";
import { getToken } from "../../../session/session.ts";

/** Reads any company's reports (and manages them). */
export const isReportOperator = (routes: readonly RouteKey[] | undefined): boolean =>
  routes?.includes("reportManagement") ?? false;

export function useReportAccess() {
  const menu = useQuery(menuQuery(getToken()));
  return {
    pending: menu.isPending,
    operator: isReportOperator(menu.data),
    maySchedule: menu.data?.includes("reportSchedules") ?? false,
  };
}
