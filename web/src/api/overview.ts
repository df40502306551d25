/** The home page's overview of the SDK report (issue 12 item 7; `GET /v1/online/overview`). */
import { ONLINE_OVERVIEW_PATH, type OnlineOverview } from "@pc/contract";
import { get, type RequestOptions } from "./client.ts";

export const overviewApi = {
  online: (options?: RequestOptions) => get<OnlineOverview>(ONLINE_OVERVIEW_PATH, {}, options),
};
