/** The home page's overview of the SDK report (issue 12 item 7; `GET /v1/online/overview`). */
import { REPORT_ROUTES } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const overviewApi = {
  online: (options?: RequestOptions) => call(REPORT_ROUTES.onlineOverview, {}, options),
};
