/** Applications (docs/rules/entities.md). */
import { APP_ROUTES, type AppCreateBody, type AppUpdateBody } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

/** The list filters as sent: empty filters are null (not sent). */
export interface AppListParams {
  name: string | null;
  pkg: string | null;
  page_no: number;
  page_size: number;
}

export const appsApi = {
  list: (params: AppListParams, options?: RequestOptions) =>
    call(APP_ROUTES.list, { query: { ...params } }, options),
  create: (body: AppCreateBody, options?: RequestOptions) => call(APP_ROUTES.create, { body }, options),
  update: (body: AppUpdateBody, options?: RequestOptions) => call(APP_ROUTES.update, { body }, options),
  remove: (id: number, options?: RequestOptions) => call(APP_ROUTES.remove, { query: { id } }, options),
  /** Whether another app of the company (not `id`) has this name. */
  nameExists: (name: string, id?: number, options?: RequestOptions) =>
    call(APP_ROUTES.nameExists, { query: { name, id } }, options),
  /** Whether another app of the company (not `id`) has this package. */
  pkgExists: (pkg: string, id?: number, options?: RequestOptions) =>
    call(APP_ROUTES.pkgExists, { query: { pkg, id } }, options),
};
