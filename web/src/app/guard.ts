/**
 * The navigation guard (docs/rules/entities.md#session) as a pure function: given the location, the stored
 * session and the loaded menu it says what to store and where to go. `rootLoader` (router.tsx) applies it.
 */
import { SIGN_IN_TICKET_PARAM } from "@pc/contract";
import { matchPath } from "react-router";
import { COMPANY_CACHE_MS, type CompanyCache } from "../session/session.ts";
import { canSee, grantedKeys, type RouteKey } from "./access.ts";
import { loginRedirect, PATHS } from "./paths.ts";
import { flattenRoutes, ROUTES, type RouteDef } from "./routeTable.tsx";

/**
 * Query parameters the guard removes: `t` (a sign-in ticket, exchanged for a session by the loader before
 * the guard runs) and `f`.
 */
export const TICKET_PARAM = SIGN_IN_TICKET_PARAM;
const FROM_PARAM = "f";

export interface GuardInput {
  pathname: string;
  /** The query string with its leading `?`, or "". */
  search: string;
  /** The token cookie. */
  cookieToken: string | undefined;
  company: CompanyCache | null;
  /** Date.now() */
  now: number;
  /** The menu routes of the signed-in user, or null while not loaded. */
  menuRoutes: readonly RouteKey[] | null;
  routes?: readonly RouteDef[];
}

export type GuardDecision =
  /** Replace the location (never a new history entry). */
  | { type: "redirect"; to: string }
  /** Load the menu (and user info), then run the guard again. */
  | { type: "loadMenu" }
  | { type: "allow"; route: RouteDef }
  /** No route the user may see: warning, the 404 content, then home after 1 s. */
  | { type: "forbidden" };

/** What the root loader gives the layout. */
export interface GuardData {
  /** The matched route, or null when the user may not see the path. */
  route: RouteDef | null;
}

export interface GuardResult {
  /** The token in force. */
  token: string | undefined;
  clearCompany: boolean;
  decision: GuardDecision;
}

/** The route of the table matching a path. */
export function findRoute(pathname: string, routes: readonly RouteDef[] = ROUTES): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return flattenRoutes(routes).find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}

export function guard(input: GuardInput): GuardResult {
  const { pathname, search, cookieToken, company, now, menuRoutes, routes = ROUTES } = input;
  const params = new URLSearchParams(search);

  // 1. The token: `t` was exchanged for a session (the cookie) before the guard runs.
  const token = cookieToken;

  // 2. The cached company goes when the token differs or it is older than 600 s.
  const clearCompany =
    company !== null &&
    (company.token !== (token ?? null) || now - company.time > COMPANY_CACHE_MS || now < company.time);

  const result = (decision: GuardDecision): GuardResult => ({ token, clearCompany, decision });

  // 3. Then `t` and `f` leave the URL (a replace: the ticket stays in no history entry).
  if (params.has(TICKET_PARAM) || params.has(FROM_PARAM)) {
    params.delete(TICKET_PARAM);
    params.delete(FROM_PARAM);
    const rest = params.toString();
    return result({ type: "redirect", to: pathname + (rest ? `?${rest}` : "") });
  }

  const route = findRoute(pathname, routes);

  // 4. Without a token only the open pages.
  if (!token) {
    if (route?.open) return result({ type: "allow", route });
    return result({ type: "redirect", to: loginRedirect(pathname, search) });
  }

  // 5. A signed-in user does not see the login page.
  if (route?.path === PATHS.login) return result({ type: "redirect", to: PATHS.home });

  // 6. The menu is loaded once.
  if (menuRoutes === null) return result({ type: "loadMenu" });

  // 7. Only routes the user may see.
  if (!route || !canSee(route, grantedKeys(menuRoutes))) return result({ type: "forbidden" });
  if (route.redirect) return result({ type: "redirect", to: route.redirect + search });
  return result({ type: "allow", route });
}
