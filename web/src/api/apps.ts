/** Applications (spec §7 Applications; DESIGN §5 payload shapes). */
import type { AppCreateBody, AppListAnswer, AppRow, AppUpdateBody, ExistAnswer } from "@pc/contract";
import { get, type RequestOptions, request } from "./client.ts";

/** The list filters as sent: empty filters are null (not sent). */
export interface AppListParams {
  name: string | null;
  pkg: string | null;
  page_no: number;
  page_size: number;
}

export const appsApi = {
  list: (params: AppListParams, options?: RequestOptions) =>
    get<AppListAnswer>("/v1/app/list", { ...params }, options),
  create: (body: AppCreateBody, options?: RequestOptions) =>
    request<AppRow>("/v1/app", { ...options, method: "POST", body }),
  update: (body: AppUpdateBody, options?: RequestOptions) =>
    request<AppRow>("/v1/app", { ...options, method: "PUT", body }),
  remove: (id: number, options?: RequestOptions) =>
    request<null>("/v1/app", { ...options, method: "DELETE", query: { id } }),
  /** Whether another app of the company (not `id`) has this name. */
  nameExists: (name: string, id?: number, options?: RequestOptions) =>
    get<ExistAnswer>("/v1/app/nameexist", { name, id }, options),
  /** Whether another app of the company (not `id`) has this package. */
  pkgExists: (pkg: string, id?: number, options?: RequestOptions) =>
    get<ExistAnswer>("/v1/app/pkgexist", { pkg, id }, options),
};
