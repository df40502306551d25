/**
 * The TanStack Query client, the session-wide queries (menu, user info, company branding) and the report date
 * window, which the loader starts beside a report page's chunk.
 */
import { type CompanyInfo, DEFAULT_THEME, REPORT_ROUTES, type UserInfo } from "@pc/contract";
import { QueryClient } from "@tanstack/react-query";
import { ApiError, call } from "../api/client.ts";
import { commonApi, userApi } from "../api/passport.ts";
import { queryKeys } from "../api/queryKeys.ts";
import {
  companyCacheValid,
  getCompanyCache,
  getToken,
  getUserInfo,
  setCompanyCache,
  setUserInfo,
} from "../session/session.ts";
import type { RouteKey } from "./access.ts";
import { takePageBranding } from "./pageBranding.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // business answers were already shown to the user; retry only transport failures, once
      retry: (count, error) => count < 1 && error instanceof ApiError && error.kind === "network",
      refetchOnWindowFocus: false,
    },
  },
});

export const menuQuery = (token: string | undefined) => ({
  queryKey: queryKeys.menu.of(token),
  queryFn: async (): Promise<RouteKey[]> => (await userApi.menu()).routes,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export const userInfoQuery = (token: string | undefined) => ({
  queryKey: queryKeys.userInfo.of(token),
  queryFn: async (): Promise<UserInfo> => {
    const stored = getUserInfo();
    if (stored) return stored;
    const user = await userApi.userInfo();
    setUserInfo(user);
    return user;
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/** The operator's default branding, used until (or when) /common/host answers. */
const DEFAULT_COMPANY: CompanyInfo = {
  host: "",
  ssp_host: "",
  icon: "",
  theme: DEFAULT_THEME,
  logo: "",
  name: "",
};

/**
 * The company for this host: on the first load the branding the page came with, then the session cache
 * while valid, else /common/host (each answer cached).
 */
export async function loadCompany(now = Date.now()): Promise<CompanyInfo> {
  const token = getToken() ?? null;
  const served = takePageBranding();
  if (served) {
    setCompanyCache(served, token, now);
    return served;
  }
  const cache = getCompanyCache();
  if (cache && companyCacheValid(cache, token, now)) return cache.data;
  try {
    const data = await commonApi.host(window.location.hostname, { quiet: () => true });
    setCompanyCache(data, token, now);
    return data;
  } catch {
    return cache?.data ?? DEFAULT_COMPANY;
  }
}

export const companyQuery = {
  queryKey: queryKeys.company,
  queryFn: () => loadCompany(),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The server's report day boundaries (REPORT_TZ), so the pickers agree with it. */
export const dateWindowQuery = {
  queryKey: queryKeys.report.dateWindow,
  queryFn: () => call(REPORT_ROUTES.dateWindow, {}),
  staleTime: 60_000,
};

/** Starts the date window's call, for a report page whose chunk is on its way. */
export const prefetchDateWindow = () => queryClient.prefetchQuery(dateWindowQuery);
