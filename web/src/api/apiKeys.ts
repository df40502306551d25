/** The reporting API's keys (issue 14 item 2; super admins). Paths and shapes are the contract's. */
import {
  API_KEY_PATHS,
  type ApiKeyCreateAnswer,
  type ApiKeyCreateBody,
  type ApiKeyListAnswer,
  type ApiKeyRow,
} from "@pc/contract";
import { get, type RequestOptions, request } from "./client.ts";

export const apiKeysApi = {
  list: (params: { page_no: number; page_size: number }, options?: RequestOptions) =>
    get<ApiKeyListAnswer>(API_KEY_PATHS.list, { ...params }, options),
  create: (body: ApiKeyCreateBody, options?: RequestOptions) =>
    request<ApiKeyCreateAnswer>(API_KEY_PATHS.create, { ...options, method: "POST", body }),
  revoke: (id: number, options?: RequestOptions) =>
    request<ApiKeyRow>(API_KEY_PATHS.revoke, { ...options, method: "POST", body: { id } }),
};
