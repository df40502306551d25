/** Saved views of the report screens: the caller's own, on each report's paths. Paths and shapes are the contract's. */
import {
  OFFLINE_VIEW_ROUTES,
  type OfflineViewSelectionInput,
  ONLINE_VIEW_ROUTES,
  type OnlineViewSelectionInput,
  type ReportKindValue,
  type ReportViewListAnswer,
  type ReportViewRow,
} from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

/** A selection as either report's call takes it (each report's schema keeps its own fields). */
export type ViewSelectionInput = OnlineViewSelectionInput & OfflineViewSelectionInput;

export interface ViewChange {
  id: number;
  name?: string;
  selection?: ViewSelectionInput;
}

export const reportViewsApi = {
  list: (kind: ReportKindValue, options?: RequestOptions): Promise<ReportViewListAnswer> =>
    kind === "online"
      ? call(ONLINE_VIEW_ROUTES.list, {}, options)
      : call(OFFLINE_VIEW_ROUTES.list, {}, options),
  create: (
    kind: ReportKindValue,
    body: { name: string; selection: ViewSelectionInput },
    options?: RequestOptions,
  ): Promise<ReportViewRow> =>
    kind === "online"
      ? call(ONLINE_VIEW_ROUTES.create, { body }, options)
      : call(OFFLINE_VIEW_ROUTES.create, { body }, options),
  update: (kind: ReportKindValue, body: ViewChange, options?: RequestOptions): Promise<ReportViewRow> =>
    kind === "online"
      ? call(ONLINE_VIEW_ROUTES.update, { body }, options)
      : call(OFFLINE_VIEW_ROUTES.update, { body }, options),
  remove: (kind: ReportKindValue, id: number, options?: RequestOptions): Promise<null> =>
    kind === "online"
      ? call(ONLINE_VIEW_ROUTES.remove, { query: { id } }, options)
      : call(OFFLINE_VIEW_ROUTES.remove, { query: { id } }, options),
};
