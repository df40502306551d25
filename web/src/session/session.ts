/**
 * The browser session (docs/rules/entities.md#session): the token in a 7-day cookie, user_info and the
 * company branding in sessionStorage.
 */
import {
  COMPANY_CACHE_SECONDS,
  type CompanyInfo,
  TOKEN_COOKIE,
  TOKEN_LIFETIME_DAYS,
  type UserInfo,
} from "@pc/contract";
import Cookies from "js-cookie";

const USER_INFO_KEY = "user_info";
const COMPANY_KEY = "company";
export const COMPANY_CACHE_MS = COMPANY_CACHE_SECONDS * 1000;

/** The cached branding with the time it was fetched (ms) and the token it was fetched with. */
export interface CompanyCache {
  data: CompanyInfo;
  time: number;
  token: string | null;
}

/**
 * The token as read in the current task. Reading document.cookie asks the browser's cookie store across
 * processes: a page's start read it a dozen times in a few tasks (the loader, each call's header), about
 * 40 ms of a phone's main thread (4x CPU). Another tab's sign-out shows from the next task on; this tab's
 * own changes at once.
 */
let readThisTask: { token: string | undefined } | null = null;

export function getToken(): string | undefined {
  if (!readThisTask) {
    readThisTask = { token: Cookies.get(TOKEN_COOKIE) || undefined };
    setTimeout(forgetTokenRead);
  }
  return readThisTask.token;
}

function forgetTokenRead(): void {
  readThisTask = null;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, {
    expires: TOKEN_LIFETIME_DAYS,
    path: "/",
    sameSite: "Lax",
    secure: window.location.protocol === "https:",
  });
  forgetTokenRead();
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: "/" });
  forgetTokenRead();
}

function readJson(key: string): unknown {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable: the value is simply not cached
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export function getUserInfo(): UserInfo | null {
  const value = readJson(USER_INFO_KEY);
  return isObject(value) && typeof value.user_id === "number" ? (value as unknown as UserInfo) : null;
}

export function setUserInfo(user: UserInfo): void {
  writeJson(USER_INFO_KEY, user);
}

export function getCompanyCache(): CompanyCache | null {
  const value = readJson(COMPANY_KEY);
  if (!isObject(value) || !isObject(value.data) || typeof value.time !== "number") return null;
  const token = typeof value.token === "string" ? value.token : null;
  return { data: value.data as unknown as CompanyInfo, time: value.time, token };
}

export function setCompanyCache(data: CompanyInfo, token: string | null, time = Date.now()): void {
  writeJson(COMPANY_KEY, { data, time, token } satisfies CompanyCache);
}

export function clearCompanyCache(): void {
  sessionStorage.removeItem(COMPANY_KEY);
}

/**
 * Whether a cached company may still be used with this token at this time (docs/rules/entities.md#session).
 */
export function companyCacheValid(cache: CompanyCache, token: string | null, now: number): boolean {
  return cache.token === token && now - cache.time <= COMPANY_CACHE_MS && now >= cache.time;
}

/** Logout and a rejected token: session storage (user_info, company, cached lists) and the cookie. */
export function clearSession(): void {
  try {
    sessionStorage.clear();
  } catch {
    // nothing stored
  }
  removeToken();
}
