/** Change history (docs/rules/screens.md#change-history). */
import { HISTORY_ROUTES, type HistoryEntityValue } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

/** The company-wide list's filters as sent: empty filters are null (not sent). */
export interface HistoryListParams {
  entity: HistoryEntityValue | null;
  start_date: string | null;
  end_date: string | null;
  page_no: number;
  page_size: number;
}

/** The records that have a history of their own (their row's History action). */
export type HistoryRecord = { entity: "app" | "ad_position"; id: number };

export const historyApi = {
  list: (params: HistoryListParams, options?: RequestOptions) =>
    call(HISTORY_ROUTES.list, { query: { ...params } }, options),
  record: (record: HistoryRecord, paging: { page_no: number; page_size: number }, options?: RequestOptions) =>
    call(HISTORY_ROUTES.record, { query: { ...record, ...paging } }, options),
};
