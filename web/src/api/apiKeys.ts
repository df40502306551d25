/**
 * The reporting API's keys (super admins; docs/api.md#reporting-api). Paths and shapes are the contract's.
 */
import { API_KEY_ROUTES, type ApiKeyCreateBody } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const apiKeysApi = {
  list: (params: { page_no: number; page_size: number }, options?: RequestOptions) =>
    call(API_KEY_ROUTES.list, { query: { ...params } }, options),
  create: (body: ApiKeyCreateBody, options?: RequestOptions) =>
    call(API_KEY_ROUTES.create, { body }, options),
  revoke: (id: number, options?: RequestOptions) => call(API_KEY_ROUTES.revoke, { body: { id } }, options),
};
