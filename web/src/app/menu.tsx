/** The top-bar menu, built from the route table and the user's menu routes. */
import {
  AppstoreOutlined,
  BankOutlined,
  BarChartOutlined,
  HomeOutlined,
  NotificationOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { MenuProps } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { canSee, type RouteKey, type TitleKey } from "./access.ts";
import { ROUTES, type RouteDef } from "./routeTable.tsx";

export type MenuItem = Required<MenuProps>["items"][number];

/** The icon of each top-level menu entry, by the route's title. */
const MENU_ICONS: Partial<Record<TitleKey, ReactNode>> = {
  home: <HomeOutlined />,
  appManagement: <AppstoreOutlined />,
  adSpace: <NotificationOutlined />,
  account: <TeamOutlined />,
  reports: <BarChartOutlined />,
  companies: <BankOutlined />,
};

const iconOf = (route: RouteDef): ReactNode => (route.title ? MENU_ICONS[route.title] : undefined);

const visibleChildren = (route: RouteDef, granted: ReadonlySet<RouteKey>) =>
  (route.children ?? []).filter((child) => !child.hidden && child.title && canSee(child, granted));

/** Where a menu entry leads: the route itself, its only visible child, or its redirect. */
function target(route: RouteDef, granted: ReadonlySet<RouteKey>): string {
  const [first] = visibleChildren(route, granted);
  return first?.path ?? route.redirect ?? route.path;
}

export function buildMenu(granted: ReadonlySet<RouteKey>, t: TFunction, routes = ROUTES): MenuItem[] {
  return routes
    .filter((route) => !route.hidden && route.title && canSee(route, granted))
    .flatMap((route): MenuItem[] => {
      const title = route.title ? t(`route.${route.title}`) : "";
      const children = visibleChildren(route, granted);
      if (route.children && children.length === 0) return [];
      if (route.alwaysShow && children.length > 0) {
        return [
          {
            key: route.path,
            icon: iconOf(route),
            label: title,
            children: children.map((child) => ({
              key: child.path,
              label: <Link to={child.path}>{child.title ? t(`route.${child.title}`) : ""}</Link>,
            })),
          },
        ];
      }
      return [
        { key: route.path, icon: iconOf(route), label: <Link to={target(route, granted)}>{title}</Link> },
      ];
    });
}

/** The menu keys (route paths) that contain the current path. */
export function selectedMenuKeys(items: readonly MenuItem[], pathname: string): string[] {
  const keys: string[] = [];
  const visit = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (!item || !("key" in item) || typeof item.key !== "string") continue;
      if (pathname === item.key || pathname.startsWith(`${item.key}/`)) keys.push(item.key);
      if ("children" in item && Array.isArray(item.children)) visit(item.children);
    }
  };
  visit(items);
  return keys;
}
