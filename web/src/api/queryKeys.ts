/**
 * Every TanStack Query key of the web, one entry per resource. Keys match by prefix: removing or invalidating
 * an entry's `all` reaches each of its queries, so the queries and their invalidations name the same keys.
 */
import type { ReportKindValue } from "@pc/contract";

type Token = string | undefined;

/** A paged list screen's keys: the resource's name, then the filters searched and the page. */
function pagedList<const Name extends string>(name: Name) {
  const all = [name] as const;
  return { all, list: (filters: object, paging: object) => [...all, filters, paging] as const };
}

export const queryKeys = {
  /** The session's menu routes, per token. */
  menu: {
    all: ["menu"] as const,
    of: (token: Token) => ["menu", token ?? null] as const,
  },
  userInfo: {
    all: ["userInfo"] as const,
    /** The session's copy, per token. */
    of: (token: Token) => ["userInfo", token ?? null] as const,
    /** Read again from the server by the account page. */
    fresh: (token: Token) => ["userInfo", "fresh", token ?? null] as const,
  },
  /** The branding of this host's company. */
  company: ["company"] as const,
  /** The sign-in form's RSA key. */
  publicKey: ["publicKey"] as const,
  countries: ["countries"] as const,
  homeOverview: (token: Token) => ["home", "overview", token ?? null] as const,
  twoFactor: {
    policy: ["twoFactorPolicy"] as const,
    setup: ["twoFactorSetup"] as const,
    status: ["twoFactorStatus"] as const,
  },
  apps: pagedList("apps"),
  /** The app picker of the placement dialog; the search is added to it. */
  appSelect: ["appSelect"] as const,
  placements: pagedList("placements"),
  accounts: pagedList("accounts"),
  apiKeys: pagedList("apiKeys"),
  companies: pagedList("companies"),
  /** The change history screen. */
  history: pagedList("history"),
  /** One app's or placement's changes. */
  recordHistory: pagedList("recordHistory"),
  reportBatches: pagedList("reportBatches"),
  reportSchedules: {
    ...pagedList("reportSchedules"),
    recipients: ["reportSchedules", "recipients"] as const,
  },
  /** The session user's saved views of a report. */
  reportViews: {
    all: ["reportViews"] as const,
    of: (kind: ReportKindValue) => ["reportViews", kind] as const,
  },
  report: {
    companies: ["report", "companies"] as const,
    dateWindow: ["report", "dateWindow"] as const,
    startCompany: (kind: ReportKindValue) => ["report", kind, "startCompany"] as const,
    list: (kind: ReportKindValue, query: object) => ["report", kind, "list", query] as const,
    summary: (kind: ReportKindValue, parts: object) => ["report", kind, "summary", parts] as const,
    trend: (kind: ReportKindValue, parts: object) => ["report", kind, "trend", parts] as const,
    detail: (kind: ReportKindValue, query: object) => ["report", kind, "detail", query] as const,
    detailSummary: (kind: ReportKindValue, dates: object, filters: unknown, companyId: number | null) =>
      ["report", kind, "detailSummary", dates, filters, companyId] as const,
  },
};
