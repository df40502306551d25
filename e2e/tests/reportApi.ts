/**
 * Report calls with the browser's session, for the expectations of the report specs: what the server
 * answers is what the screens must show.
 */
import type { ReportKindValue, ReportStatusValue } from "@pc/contract";
import type { Page } from "@playwright/test";
import { callApi } from "./apiCall.ts";

export interface DateWindow {
  today: string;
  minDate: string;
  maxDate: string;
}

export type ReportRow = Record<string, string | number | null>;

/** `20240501` ± days. */
export function addDays(ymd: string, days: number): string {
  const date = new Date(
    Date.UTC(Number(ymd.slice(0, 4)), Number(ymd.slice(4, 6)) - 1, Number(ymd.slice(6, 8))),
  );
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10).replaceAll("-", "");
}

export const iso = (ymd: string) => `${ymd.slice(0, 4)}-${ymd.slice(4, 6)}-${ymd.slice(6, 8)}`;

export const reportApi = {
  dateWindow: (page: Page) => callApi<DateWindow>(page, "GET", "/v1/report/date_window"),
  /** The screens' default range: the last 7 days ending yesterday. */
  defaultDates: async (page: Page) => {
    const window = await reportApi.dateWindow(page);
    return { startDate: addDays(window.maxDate, -6), endDate: window.maxDate };
  },
  list: (page: Page, kind: "online" | "offline", query: Record<string, unknown>) =>
    callApi<{ list: ReportRow[]; total: number }>(page, "POST", `/v1/${kind}/ssp`, { data: query }),
  summary: (page: Page, kind: "online" | "offline", query: Record<string, unknown>) =>
    callApi<{ total: ReportRow; days: { dt: string; visible: boolean }[] }>(
      page,
      "POST",
      `/v1/${kind}/summary`,
      {
        data: query,
      },
    ),
  /** The batches of the days from `date` to `endDate` (that day alone without it), as report management lists them. */
  batches: (page: Page, date: string, endDate = date) =>
    callApi<{ list: { company_name: string; kind: ReportKindValue; status: ReportStatusValue }[] }>(
      page,
      "GET",
      `/v1/report/batch/list?start_date=${date}&end_date=${endDate}&page_no=1&page_size=100`,
    ),
};
