/**
 * The one permissions matrix (docs/rules/roles.md#who-sees-what): who may see which route and call which
 * action. The server checks every endpoint with `can`; the web builds its menu and guard from
 * `allowedRoutes`.
 */
import { MANAGEMENT_ROLES, ReportScope, type ReportScopeValue, Role } from "./enums.ts";

export interface Principal {
  roleIds: readonly number[];
  reportScope: ReportScopeValue;
  /** The user belongs to the platform operator's own company. */
  isOperator: boolean;
}

/** Routes given by permission; the constant routes are open to every signed-in user. */
export const PERMISSION_ROUTES = [
  "account",
  "accountManagement",
  "changeHistory",
  "reports",
  "sdkReports",
  "affiliateReports",
  "reportSchedules",
  "reportManagement",
  "companies",
  "apiKeys",
] as const;
export type PermissionRoute = (typeof PERMISSION_ROUTES)[number];

export const CONSTANT_ROUTES = ["login", "home", "notFound", "appManagement", "adSpace"] as const;
export type ConstantRoute = (typeof CONSTANT_ROUTES)[number];

export const ACTIONS = [
  "app.read",
  "app.write",
  "account.manage",
  "report.online.read",
  "report.offline.read",
  "report.manage",
  /** Scheduled report mails: one's own schedules (of the report kinds one may read). */
  "report.schedule",
  /** Every scheduled report of the company, whoever made it. */
  "report.schedule.all",
  /** The company and profit-centre lists (operator selects); never the external API's secret. */
  "company.read",
  /** The company-wide change history (the audit rows of every change). */
  "history.read",
  /**
   * The Companies screen: create companies, set their hosts and branding (docs/rules/screens.md#companies).
   */
  "company.manage",
  /**
   * The reporting API's keys of the company: create, list, revoke (docs/api.md#reporting-api). Super admins
   * only.
   */
  "apiKey.manage",
  /** The company's sign-in rules (require two-step verification of everyone): its super admin only. */
  "account.policy",
] as const;
export type Action = (typeof ACTIONS)[number];

const isManager = (p: Principal) => p.roleIds.some((id) => MANAGEMENT_ROLES.includes(id as 1 | 2));
const hasRole = (p: Principal) => p.roleIds.length > 0;
const isSuperAdmin = (p: Principal) => p.roleIds.includes(Role.SuperAdmin);
const isSdkOnly = (p: Principal) => p.reportScope === ReportScope.SdkOnly;

const ACTION_RULES: Record<Action, (p: Principal) => boolean> = {
  "app.read": () => true,
  "app.write": () => true,
  "account.manage": isManager,
  "report.online.read": hasRole,
  "report.offline.read": (p) => hasRole(p) && !isSdkOnly(p),
  "report.manage": (p) => p.isOperator && isManager(p),
  "report.schedule": hasRole,
  "report.schedule.all": (p) => hasRole(p) && isManager(p),
  "company.read": (p) => p.isOperator && isManager(p),
  "history.read": isManager,
  "company.manage": (p) => p.isOperator && isManager(p),
  "apiKey.manage": isSuperAdmin,
  "account.policy": isSuperAdmin,
};

const ROUTE_RULES: Record<PermissionRoute, Action> = {
  account: "account.manage",
  accountManagement: "account.manage",
  changeHistory: "history.read",
  reports: "report.online.read",
  sdkReports: "report.online.read",
  affiliateReports: "report.offline.read",
  reportSchedules: "report.schedule",
  reportManagement: "report.manage",
  companies: "company.manage",
  apiKeys: "apiKey.manage",
};

export function can(principal: Principal, action: Action): boolean {
  return ACTION_RULES[action](principal);
}

/** The permission routes a user may see, in menu order. */
export function allowedRoutes(principal: Principal): PermissionRoute[] {
  return PERMISSION_ROUTES.filter((route) => can(principal, ROUTE_RULES[route]));
}

export function allowedActions(principal: Principal): Action[] {
  return ACTIONS.filter((action) => can(principal, action));
}

/** Every route a user may see: the constant ones, then those given by permission. */
export function menuRoutes(principal: Principal): (ConstantRoute | PermissionRoute)[] {
  return [...CONSTANT_ROUTES, ...allowedRoutes(principal)];
}
