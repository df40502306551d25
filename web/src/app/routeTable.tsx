/**
 * The route table (spec §2): path, title key, access key, hidden flag and redirect. The guard, the
 * router, the top-bar menu and the document title are all derived from it.
 */
import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  HomeOutlined,
  NotificationOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { ConstantRoute, PermissionRoute } from "@pc/contract";
import type { ReactNode } from "react";
import type zh from "../i18n/zh.json";
import { type LazyPage, lazyPage } from "./lazyPage.ts";

export type RouteKey = ConstantRoute | PermissionRoute;
export type TitleKey = keyof (typeof zh)["route"];

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
  icon?: ReactNode;
  page?: LazyPage;
  children?: RouteDef[];
}

const Login = lazyPage(() => import("../pages/login/LoginPage.tsx"));
const Home = lazyPage(() => import("../pages/home/HomePage.tsx"));
/** Also shown in place of any page the user may not see. */
export const NotFound = lazyPage(() => import("../pages/notFound/NotFoundPage.tsx"));
const AppList = lazyPage(() => import("../pages/appManagement/AppListPage.tsx"));
const AdSpaceList = lazyPage(() => import("../pages/adSpace/AdSpaceListPage.tsx"));
const AccountInfo = lazyPage(() => import("../pages/account/AccountInfoPage.tsx"));
const ModPassword = lazyPage(() => import("../pages/account/ModPasswordPage.tsx"));
const AccountManagement = lazyPage(() => import("../pages/account/AccountManagementPage.tsx"));
const ChangeHistory = lazyPage(() => import("../pages/history/ChangeHistoryPage.tsx"));
const SdkReports = lazyPage(() => import("../pages/reports/SdkReportsPage.tsx"));
const AffiliateReports = lazyPage(() => import("../pages/reports/AffiliateReportsPage.tsx"));
const ReportSchedules = lazyPage(() => import("../pages/reports/ReportSchedulesPage.tsx"));
const ReportManagement = lazyPage(() => import("../pages/reports/ReportManagementPage.tsx"));
const ResetPassword = lazyPage(() => import("../pages/resetPassword/ResetPasswordPage.tsx"));
const Register = lazyPage(() => import("../pages/register/RegisterPage.tsx"));
const Companies = lazyPage(() => import("../pages/companies/CompaniesPage.tsx"));
const ApiKeys = lazyPage(() => import("../pages/apiKeys/ApiKeysPage.tsx"));

export const HOME_PATH = "/home";
export const LOGIN_PATH = "/login";
export const NOT_FOUND_PATH = "/404";

export const ROUTES: RouteDef[] = [
  { path: "/", redirect: HOME_PATH, hidden: true },
  { path: LOGIN_PATH, title: "login", open: true, hidden: true, page: Login },
  { path: HOME_PATH, title: "home", access: "home", icon: <HomeOutlined />, page: Home },
  { path: NOT_FOUND_PATH, title: "notFound", access: "notFound", hidden: true, page: NotFound },
  {
    path: "/appManagement",
    title: "appManagement",
    access: "appManagement",
    redirect: "/appManagement/appManagementList",
    icon: <AppstoreOutlined />,
    children: [
      {
        path: "/appManagement/appManagementList",
        title: "appManagementList",
        access: "appManagement",
        page: AppList,
      },
      // the spec's "child path is index" reading
      {
        path: "/appManagement/index",
        access: "appManagement",
        hidden: true,
        redirect: "/appManagement/appManagementList",
      },
    ],
  },
  {
    path: "/adSpace",
    title: "adSpace",
    access: "adSpace",
    redirect: "/adSpace/adSpaceList",
    icon: <NotificationOutlined />,
    children: [
      { path: "/adSpace/adSpaceList", title: "adSpaceList", access: "adSpace", page: AdSpaceList },
      // the application list opens /adSpace/index?name=… (spec §2)
      { path: "/adSpace/index", access: "adSpace", hidden: true, redirect: "/adSpace/adSpaceList" },
    ],
  },
  {
    path: "/account",
    title: "account",
    access: "account",
    redirect: "/account/accountManagement",
    icon: <TeamOutlined />,
    children: [
      {
        path: "/account/accountManagement",
        title: "accountManagement",
        access: "accountManagement",
        page: AccountManagement,
      },
      {
        path: "/account/changeHistory",
        title: "changeHistory",
        access: "changeHistory",
        // opened from Account Management: a second child would fold that menu item into a sub-menu
        hidden: true,
        page: ChangeHistory,
      },
      // super admins, from the user menu (issue 14 item 2): a visible child would fold this menu item
      {
        path: "/account/apiKeys",
        title: "apiKeys",
        access: "apiKeys",
        hidden: true,
        page: ApiKeys,
      },
      // the user menu's own pages: every signed-in user
      { path: "/account/index", title: "accountInfo", hidden: true, page: AccountInfo },
      { path: "/account/modPassword", title: "modPassword", hidden: true, page: ModPassword },
    ],
  },
  {
    path: "/reports",
    title: "reports",
    access: "reports",
    redirect: "/reports/sdkReports",
    alwaysShow: true,
    icon: <BarChartOutlined />,
    children: [
      { path: "/reports/sdkReports", title: "sdkReports", access: "sdkReports", page: SdkReports },
      {
        path: "/reports/affiliateReports",
        title: "affiliateReports",
        access: "affiliateReports",
        page: AffiliateReports,
      },
      {
        path: "/reports/reportSchedules",
        title: "reportSchedules",
        access: "reportSchedules",
        page: ReportSchedules,
      },
      {
        path: "/reports/reportManagement",
        title: "reportManagement",
        access: "reportManagement",
        page: ReportManagement,
      },
    ],
  },
  // operator admins only (issue 12 item 6)
  { path: "/companies", title: "companies", access: "companies", icon: <BankOutlined />, page: Companies },
  { path: "/resetPassword", title: "resetPassword", open: true, hidden: true, page: ResetPassword },
  { path: "/register", title: "register", open: true, hidden: true, page: Register },
];

/** Paths whose content is not padded (spec §2). */
export const UNPADDED_PATHS: readonly string[] = [LOGIN_PATH, "/register", "/resetPassword", "/organization"];

/** Every route of the table, parents before their children. */
export function flattenRoutes(routes: readonly RouteDef[] = ROUTES): RouteDef[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}
