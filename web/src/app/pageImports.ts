/**
 * Each page's module, by the name of its path (paths.ts). The build reads this file (web/build/pageFiles.ts) to
 * list the files of the page at each path, which the server names in the page it serves there: keep one entry
 * per line, as written.
 */
import type { ComponentType } from "react";
import type { PATHS } from "./paths.ts";

type PageImport = () => Promise<{ default: ComponentType }>;

export const PAGE_IMPORTS = {
  login: () => import("../pages/login/LoginPage.tsx"),
  home: () => import("../pages/home/HomePage.tsx"),
  notFound: () => import("../pages/notFound/NotFoundPage.tsx"),
  appList: () => import("../pages/appManagement/AppListPage.tsx"),
  placementList: () => import("../pages/adSpace/AdSpaceListPage.tsx"),
  accountInfo: () => import("../pages/account/AccountInfoPage.tsx"),
  modPassword: () => import("../pages/account/ModPasswordPage.tsx"),
  accountManagement: () => import("../pages/account/AccountManagementPage.tsx"),
  changeHistory: () => import("../pages/history/ChangeHistoryPage.tsx"),
  sdkReports: () => import("../pages/reports/screen/SdkReportsPage.tsx"),
  affiliateReports: () => import("../pages/reports/screen/AffiliateReportsPage.tsx"),
  reportSchedules: () => import("../pages/reportSchedules/ReportSchedulesPage.tsx"),
  reportManagement: () => import("../pages/reportManagement/ReportManagementPage.tsx"),
  resetPassword: () => import("../pages/resetPassword/ResetPasswordPage.tsx"),
  register: () => import("../pages/register/RegisterPage.tsx"),
  companies: () => import("../pages/companies/CompaniesPage.tsx"),
  apiKeys: () => import("../pages/apiKeys/ApiKeysPage.tsx"),
} satisfies Partial<Record<keyof typeof PATHS, PageImport>>;
