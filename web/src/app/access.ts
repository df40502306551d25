/**
 * The keys a route is known by (its menu key from the contract, its title key in the catalogues) and what a set
 * of menu keys lets the user see. A leaf of the app, so pages use it without importing the route table.
 */
import { CONSTANT_ROUTES, type ConstantRoute, type PermissionRoute } from "@pc/contract";
import type zh from "../i18n/zh.json";

export type RouteKey = ConstantRoute | PermissionRoute;
export type TitleKey = keyof (typeof zh)["route"];

/** The menu keys in force: the answer of /api/v1/user/menu plus the constant routes. */
export function grantedKeys(menuRoutes: readonly RouteKey[]): Set<RouteKey> {
  return new Set<RouteKey>([...CONSTANT_ROUTES, ...menuRoutes]);
}

/** A route without an access key is for every signed-in user. */
export function canSee(route: { access?: RouteKey }, granted: ReadonlySet<RouteKey>): boolean {
  return route.access === undefined || granted.has(route.access);
}
