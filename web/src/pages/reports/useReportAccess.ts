/** What the signed-in user may do around a report, read from the session's menu routes. */
import { useQuery } from "@tanstack/react-query";
import { menuQuery } from "../../app/queryClient.ts";
import { getToken } from "../../session/session.ts";

export function useReportAccess() {
  const menu = useQuery(menuQuery(getToken()));
  return {
    pending: menu.isPending,
    /** Reads any company's reports (and manages them). */
    operator: menu.data?.includes("reportManagement") ?? false,
    maySchedule: menu.data?.includes("reportSchedules") ?? false,
  };
}
