/**
 * The route table (docs/rules/screens.md#route-table): path, title key, access key, hidden flag and redirect.
 * The guard, the router, the top-bar menu and the document title are all derived from it. The menu's icons
 * are the menu's (menu.tsx): the table is in the initial bundle, which the sign-in page loads, and that page
 * has no menu.
 */
import type { ReportKindValue } from "@pc/contract";
import type { RouteKey, TitleKey } from "./access.ts";
import { type LazyPage, lazyPage } from "./lazyPage.ts";
import { PAGE_IMPORTS } from "./pageImports.ts";
import { PATHS } from "./paths.ts";
import { prefetchDateWindow } from "./queryClient.ts";

export interface RouteDef {
  /** Absolute path. */
  path: string;
  /** The route's name (i18n key under `route.`); a route without one is not a page of the menu. */
  title?: TitleKey;
  /** The menu key the user must hold; absent = every signed-in user. */
  access?: RouteKey;
  /** Reachable without a token. */
  open?: boolean;
  /** Not shown in the top-bar menu. */
  hidden?: boolean;
  /** Where the route sends the user (the query string is kept). */
  redirect?: string;
  /** Show the children as a sub-menu even when only one is visible. */
  alwaysShow?: boolean;
  page?: LazyPage;
  /** Starts the first call the page waits for (the loader runs it beside the page's chunk, once allowed). */
  prefetch?: () => Promise<void>;
  children?: RouteDef[];
}

/**
 * Starts a report's first screen beside its page's files: the date window at once, the screen's queries once
 * their module (shared with the page) is in.
 */
const prefetchReportOf = (kind: ReportKindValue) => async () => {
  void prefetchDateWindow();
  const { prefetchReport } = await import("../pages/reports/query/screenQueries.ts");
  await prefetchReport(kind);
};

const Login = lazyPage(PAGE_IMPORTS.login);
const Home = lazyPage(PAGE_IMPORTS.home);
/** Also shown in place of any page the user may not see. */
export const NotFound = lazyPage(PAGE_IMPORTS.notFound);
const AppList = lazyPage(PAGE_IMPORTS.appList);
const AdSpaceList = lazyPage(PAGE_IMPORTS.placementList);
const AccountInfo = lazyPage(PAGE_IMPORTS.accountInfo);
const ModPassword = lazyPage(PAGE_IMPORTS.modPassword);
const AccountManagement = lazyPage(PAGE_IMPORTS.accountManagement);
const ChangeHistory = lazyPage(PAGE_IMPORTS.changeHistory);
const SdkReports = lazyPage(PAGE_IMPORTS.sdkReports);
const AffiliateReports = lazyPage(PAGE_IMPORTS.affiliateReports);
const ReportSchedules = lazyPage(PAGE_IMPORTS.reportSchedules);
const ReportManagement = lazyPage(PAGE_IMPORTS.reportManagement);
const ResetPassword = lazyPage(PAGE_IMPORTS.resetPassword);
const Register = lazyPage(PAGE_IMPORTS.register);
const Companies = lazyPage(PAGE_IMPORTS.companies);
const ApiKeys = lazyPage(PAGE_IMPORTS.apiKeys);

export const ROUTES: RouteDef[] = [
  { path: PATHS.root, redirect: PATHS.home, hidden: true },
  { path: PATHS.login, title: "login", open: true, hidden: true, page: Login },
  { path: PATHS.home, title: "home", access: "home", page: Home },
  { path: PATHS.notFound, title: "notFound", access: "notFound", hidden: true, page: NotFound },
  {
    path: PATHS.appManagement,
    title: "appManagement",
    access: "appManagement",
    redirect: PATHS.appList,

    children: [
      {
        path: PATHS.appList,
        title: "appManagementList",
        access: "appManagement",
        page: AppList,
      },
      {
        path: PATHS.appIndex,
        access: "appManagement",
        hidden: true,
        redirect: PATHS.appList,
      },
    ],
  },
  {
    path: PATHS.adSpace,
    title: "adSpace",
    access: "adSpace",
    redirect: PATHS.placementList,

    children: [
      { path: PATHS.placementList, title: "adSpaceList", access: "adSpace", page: AdSpaceList },
      { path: PATHS.placementIndex, access: "adSpace", hidden: true, redirect: PATHS.placementList },
    ],
  },
  {
    path: PATHS.account,
    title: "account",
    access: "account",
    redirect: PATHS.accountManagement,

    children: [
      {
        path: PATHS.accountManagement,
        title: "accountManagement",
        access: "accountManagement",
        page: AccountManagement,
      },
      {
        path: PATHS.changeHistory,
        title: "changeHistory",
        access: "changeHistory",
        // opened from Account Management: a second child would fold that menu item into a sub-menu
        hidden: true,
        page: ChangeHistory,
      },
      // super admins, from the user menu (docs/api.md#reporting-api): a visible child would fold this menu
      // item
      {
        path: PATHS.apiKeys,
        title: "apiKeys",
        access: "apiKeys",
        hidden: true,
        page: ApiKeys,
      },
      // the user menu's own pages: every signed-in user
      { path: PATHS.accountInfo, title: "accountInfo", hidden: true, page: AccountInfo },
      { path: PATHS.modPassword, title: "modPassword", hidden: true, page: ModPassword },
    ],
  },
  {
    path: PATHS.reports,
    title: "reports",
    access: "reports",
    redirect: PATHS.sdkReports,
    alwaysShow: true,

    children: [
      {
        path: PATHS.sdkReports,
        title: "sdkReports",
        access: "sdkReports",
        page: SdkReports,
        prefetch: prefetchReportOf("online"),
      },
      {
        path: PATHS.affiliateReports,
        title: "affiliateReports",
        access: "affiliateReports",
        page: AffiliateReports,
        prefetch: prefetchReportOf("offline"),
      },
      {
        path: PATHS.reportSchedules,
        title: "reportSchedules",
        access: "reportSchedules",
        page: ReportSchedules,
      },
      {
        path: PATHS.reportManagement,
        title: "reportManagement",
        access: "reportManagement",
        page: ReportManagement,
        prefetch: prefetchDateWindow,
      },
    ],
  },
  // operator admins only (docs/rules/screens.md#companies)
  { path: PATHS.companies, title: "companies", access: "companies", page: Companies },
  { path: PATHS.resetPassword, title: "resetPassword", open: true, hidden: true, page: ResetPassword },
  { path: PATHS.register, title: "register", open: true, hidden: true, page: Register },
];

/** Every route of the table, parents before their children. */
export function flattenRoutes(routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}
