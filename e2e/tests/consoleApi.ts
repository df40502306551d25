/**
 * Direct calls to the console's API with the browser's session (for test set-up and for reading back
 * what a screen saved). The screens under test are always driven through the page.
 */
import { expect, type Page } from "@playwright/test";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

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

async function tokenOf(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token")?.value;
  if (!token) throw new Error("not signed in");
  return token;
}

async function call<T>(
  page: Page,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  options: { params?: Record<string, string | number>; data?: unknown } = {},
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { token: await tokenOf(page), lang: "en" },
    params: options.params,
    data: options.data,
  });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as Envelope<T>;
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
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
    call<AppAnswer>(page, "POST", "/v1/app", {
      data: { name, pkg, url: "https://play.google.com/store/apps/details?id=x", platform: 1, is_online: 2 },
    }),
  findApp: async (page: Page, name: string) =>
    (
      await call<{ list: AppAnswer[] }>(page, "GET", "/v1/app/list", {
        params: { name, page_no: 1, page_size: 10 },
      })
    ).list.find((app) => app.name === name),
  createPlacement: (page: Page, appId: number, name: string, adStyle = 2, contentType = "1,2,3,4") =>
    call<PlacementAnswer>(page, "POST", "/v1/adpos", {
      data: { app_id: appId, name, ad_style: adStyle, content_type: contentType, auto_rotation: 2 },
    }),
  /** Saves the placement's floor prices (the rest of it as it is). */
  setFloors: (page: Page, placement: PlacementAnswer, floors: unknown) =>
    call<PlacementAnswer>(page, "PUT", "/v1/adpos", {
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
      await call<{ list: PlacementAnswer[] }>(page, "GET", "/v1/adpos/list", {
        params: { app_name: appName, page_no: 1, page_size: 40 },
      })
    ).list,
};
