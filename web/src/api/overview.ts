/**
 * The home page's overview of the SDK report (`GET /v1/online/overview`;
 * docs/rules/reports.md#home-overview).
 */
import { REPORT_ROUTES } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const overviewApi = {
  online: (options?: RequestOptions) => call(REPORT_ROUTES.onlineOverview, {}, options),
};
