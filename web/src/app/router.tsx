/** The router: the route table as react-router routes, under one layout whose loader is the guard. */
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, replace } from "react-router";
import { ApiError } from "../api/client.ts";
import { queryKeys } from "../api/queryKeys.ts";
import { signInWithTicket } from "../session/actions.ts";
import { clearCompanyCache, clearSession, getCompanyCache, getToken } from "../session/session.ts";
import type { RouteKey } from "./access.ts";
import { findRoute, type GuardData, guard, TICKET_PARAM } from "./guard.ts";
import { AppLayout, LayoutError, LayoutFallback, SignedInFrame } from "./layout/AppLayout.tsx";
import { PageSlot } from "./layout/PageSlot.tsx";
import { nextTask } from "./nextTask.ts";
import { loginRedirect } from "./paths.ts";
import { loadCompany, menuQuery, queryClient, userInfoQuery } from "./queryClient.ts";
import { flattenRoutes, type RouteDef } from "./routeTable.tsx";

function cachedMenu(token: string | undefined): RouteKey[] | null {
  return queryClient.getQueryData<RouteKey[]>(queryKeys.menu.of(token)) ?? null;
}

/** Runs the guard for a navigation and applies its effects (docs/rules/entities.md#session). */
async function rootLoader({ request }: LoaderFunctionArgs): Promise<GuardData | Response> {
  // not in the task that creates the router (main.tsx), which runs a loader up to its first wait
  await nextTask();
  const url = new URL(request.url);
  // the page's chunk loads while the guard waits for the menu and the branding, not after them (a failure
  // shows when the page itself loads); started in a task of its own, as it adds a link element per file. The
  // navigation ends once it is in, so the page renders at once instead of suspending (lazyPage.ts).
  const page = findRoute(url.pathname)?.page;
  const pageLoaded = page
    ? new Promise((resolve) => setTimeout(() => resolve(page.preload().catch(() => undefined))))
    : undefined;
  const frame = getToken() ? SignedInFrame.preload().catch(() => undefined) : undefined;
  const ticket = url.searchParams.get(TICKET_PARAM);
  if (ticket) await signInWithTicket(ticket);
  const run = () =>
    guard({
      pathname: url.pathname,
      search: url.search,
      cookieToken: getToken(),
      company: getCompanyCache(),
      now: Date.now(),
      menuRoutes: cachedMenu(getToken()),
    });

  let result = run();
  if (result.clearCompany) clearCompanyCache();
  const company = loadCompany();

  if (result.decision.type === "loadMenu") {
    const token = result.token;
    try {
      await Promise.all([
        queryClient.ensureQueryData(menuQuery(token)),
        queryClient.ensureQueryData(userInfoQuery(token)),
      ]);
    } catch (error) {
      // a rejected token has cleared the session: sign in again, then come back
      if (!getToken() || (error instanceof ApiError && error.kind === "session")) {
        clearSession();
        return replace(loginRedirect(url.pathname, url.search));
      }
      throw error;
    }
    result = run();
  }
  queryClient.setQueryData(queryKeys.company, await company);
  await frame;

  const { decision } = result;
  switch (decision.type) {
    case "redirect":
      return replace(decision.to);
    case "allow":
      void decision.route.prefetch?.();
      await pageLoaded;
      return { route: decision.route };
    default:
      return { route: null };
  }
}

function toRouteObject(route: RouteDef): RouteObject[] {
  if (!route.page) return [];
  return [{ path: route.path, element: <PageSlot page={route.page} /> }];
}

export const routeObjects: RouteObject[] = [
  {
    id: "root",
    loader: rootLoader,
    // the guard runs on every navigation, not only when the loader's own params change
    shouldRevalidate: () => true,
    element: <AppLayout />,
    errorElement: <LayoutError />,
    hydrateFallbackElement: <LayoutFallback />,
    children: [...flattenRoutes().flatMap(toRouteObject), { path: "*", element: null }],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
