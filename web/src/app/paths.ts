/**
 * Every path of the console and the builders of paths with a query. A leaf: it imports nothing, so the route
 * table, the guard, the layout and the pages all take their paths from here without importing one another.
 */

export const PATHS = {
  root: "/",
  login: "/login",
  home: "/home",
  notFound: "/404",
  appManagement: "/appManagement",
  appList: "/appManagement/appManagementList",
  /** the list's second path: its child path is also `index` */
  appIndex: "/appManagement/index",
  adSpace: "/adSpace",
  placementList: "/adSpace/adSpaceList",
  /** the application list opens /adSpace/index?name=… (docs/rules/screens.md#route-table) */
  placementIndex: "/adSpace/index",
  account: "/account",
  accountManagement: "/account/accountManagement",
  changeHistory: "/account/changeHistory",
  apiKeys: "/account/apiKeys",
  accountInfo: "/account/index",
  modPassword: "/account/modPassword",
  reports: "/reports",
  sdkReports: "/reports/sdkReports",
  affiliateReports: "/reports/affiliateReports",
  reportSchedules: "/reports/reportSchedules",
  reportManagement: "/reports/reportManagement",
  companies: "/companies",
  resetPassword: "/resetPassword",
  register: "/register",
} as const;

/**
 * Paths whose content is not padded (docs/rules/screens.md#route-table); `/organization` is listed by the
 * product's rules but is not a route of this console.
 */
export const UNPADDED_PATHS: readonly string[] = [
  PATHS.login,
  PATHS.register,
  PATHS.resetPassword,
  "/organization",
];

/** `/login?redirect=<path and query>`. */
export function loginRedirect(pathname: string, search: string): string {
  return `${PATHS.login}?${new URLSearchParams({ redirect: pathname + search }).toString()}`;
}

/** A redirect target from the query is followed only when it stays on this site. */
export function safeRedirect(target: string | null | undefined, fallback: string = PATHS.root): string {
  const local = target?.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");
  return local && target ? target : fallback;
}

/** The placements of one application. */
export const placementsOfApp = (appName: string): string =>
  `${PATHS.placementIndex}?${new URLSearchParams({ name: appName }).toString()}`;
