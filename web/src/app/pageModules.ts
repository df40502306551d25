/**
 * Each page's module, by the name of its path (paths.ts). The build looks these modules up in Vite's manifest
 * (web/build/pageFiles.ts) to list the files of the page at each path, which the server names in the page it
 * serves there; the app imports them by pageImports.ts.
 */
import type { PATHS } from "./paths.ts";

/** Module paths from web/ (the root Vite's manifest names modules from). */
export const PAGE_MODULES = {
  login: "src/pages/login/LoginPage.tsx",
  home: "src/pages/home/HomePage.tsx",
  notFound: "src/pages/notFound/NotFoundPage.tsx",
  appList: "src/pages/appManagement/AppListPage.tsx",
  placementList: "src/pages/adSpace/AdSpaceListPage.tsx",
  accountInfo: "src/pages/account/AccountInfoPage.tsx",
  modPassword: "src/pages/account/ModPasswordPage.tsx",
  accountManagement: "src/pages/account/AccountManagementPage.tsx",
  changeHistory: "src/pages/history/ChangeHistoryPage.tsx",
  sdkReports: "src/pages/reports/screen/SdkReportsPage.tsx",
  affiliateReports: "src/pages/reports/screen/AffiliateReportsPage.tsx",
  reportSchedules: "src/pages/reportSchedules/ReportSchedulesPage.tsx",
  reportManagement: "src/pages/reportManagement/ReportManagementPage.tsx",
  resetPassword: "src/pages/resetPassword/ResetPasswordPage.tsx",
  register: "src/pages/register/RegisterPage.tsx",
  companies: "src/pages/companies/CompaniesPage.tsx",
  apiKeys: "src/pages/apiKeys/ApiKeysPage.tsx",
} satisfies Partial<Record<keyof typeof PATHS, string>>;
