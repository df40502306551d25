/**
 * Direct calls to the console's API with the browser's session (for test set-up and for reading back
 * what a screen saved). The screens under test are always driven through the page.
 */
import type { Page } from "@playwright/test";
import { callApi } from "./apiCall.ts";

export interface AppAnswer {
  id: number;
  name: string;
  pkg: string;
  app_key: string;
  adpos_count: number;
  is_online: number;
}

export interface PlacementAnswer {
  id: number;
  name: string;
  app_id: number;
  app_name: string;
  ad_style: number;
  content_type: string;
  auto_rotation: number;
  country_bottom_price: string;
}

/** A name unique across tests and runs (tests share one server and run two at a time). */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** A package name made of the unique suffix. */
export function uniquePkg(): string {
  return `com.e2e.p${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}`;
}

export const consoleApi = {
  createApp: (page: Page, name: string, pkg = uniquePkg()) =>
    callApi<AppAnswer>(page, "POST", "/v1/app", {
      data: { name, pkg, url: "https://play.google.com/store/apps/details?id=x", platform: 1, is_online: 2 },
    }),
  findApp: async (page: Page, name: string) =>
    (
      await callApi<{ list: AppAnswer[] }>(page, "GET", "/v1/app/list", {
        params: { name, page_no: 1, page_size: 10 },
      })
    ).list.find((app) => app.name === name),
  createPlacement: (page: Page, appId: number, name: string, adStyle = 2, contentType = "1,2,3,4") =>
    callApi<PlacementAnswer>(page, "POST", "/v1/adpos", {
      data: { app_id: appId, name, ad_style: adStyle, content_type: contentType, auto_rotation: 2 },
    }),
  /** Saves the placement's floor prices (the rest of it as it is). */
  setFloors: (page: Page, placement: PlacementAnswer, floors: unknown) =>
    callApi<PlacementAnswer>(page, "PUT", "/v1/adpos", {
      data: {
        id: placement.id,
        app_id: placement.app_id,
        name: placement.name,
        ad_style: placement.ad_style,
        content_type: placement.content_type,
        auto_rotation: placement.auto_rotation,
        country_bottom_price: JSON.stringify(floors),
      },
    }),
  placementsOfApp: async (page: Page, appName: string) =>
    (
      await callApi<{ list: PlacementAnswer[] }>(page, "GET", "/v1/adpos/list", {
        params: { app_name: appName, page_no: 1, page_size: 40 },
      })
    ).list,
};
