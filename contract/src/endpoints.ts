/**
 * Every endpoint defined through `endpoint` (endpoint.ts), by area: the server registers these routes from
 * them and the authorization test checks each one. The web imports an area's endpoints from its own file, so
 * a screen's code carries only its area's schemas.
 */
import { ACCOUNT_ENDPOINTS, PASSWORD_ENDPOINTS } from "./accounts.ts";
import { API_KEY_ENDPOINTS } from "./api-keys.ts";
import { APP_ENDPOINTS } from "./apps.ts";
import { COMPANY_ENDPOINTS } from "./companies.ts";
import { GEO_ENDPOINTS } from "./countries.ts";
import type { Endpoint } from "./endpoint.ts";
import { PROFIT_CENTER_ENDPOINTS } from "./external.ts";
import { HISTORY_ENDPOINTS } from "./history.ts";
import { PASSPORT_ENDPOINTS } from "./passport.ts";
import { PLACEMENT_ENDPOINTS } from "./placements.ts";
import { REPORT_ENDPOINTS, REPORT_MANAGE_ENDPOINTS } from "./report-endpoints.ts";
import { REPORT_SCHEDULE_ENDPOINTS } from "./report-schedules.ts";
import { OFFLINE_VIEW_ENDPOINTS, ONLINE_VIEW_ENDPOINTS } from "./report-views.ts";
import { TWO_FACTOR_ENDPOINTS } from "./two-factor.ts";

export const ENDPOINT_AREAS: Record<string, Record<string, Endpoint>> = {
  accounts: ACCOUNT_ENDPOINTS,
  apiKeys: API_KEY_ENDPOINTS,
  apps: APP_ENDPOINTS,
  companies: COMPANY_ENDPOINTS,
  geo: GEO_ENDPOINTS,
  history: HISTORY_ENDPOINTS,
  passport: PASSPORT_ENDPOINTS,
  password: PASSWORD_ENDPOINTS,
  placements: PLACEMENT_ENDPOINTS,
  profitCenters: PROFIT_CENTER_ENDPOINTS,
  reportManage: REPORT_MANAGE_ENDPOINTS,
  reportSchedules: REPORT_SCHEDULE_ENDPOINTS,
  onlineViews: ONLINE_VIEW_ENDPOINTS,
  offlineViews: OFFLINE_VIEW_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  twoFactor: TWO_FACTOR_ENDPOINTS,
};

/** Every defined endpoint. */
export const allEndpoints = (): Endpoint[] =>
  Object.values(ENDPOINT_AREAS).flatMap((area) => Object.values(area));
