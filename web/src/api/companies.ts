/**
 * The Companies screen's calls (operator admins; docs/rules/screens.md#companies). Paths and shapes are the
 * contract's.
 */
import {
  type BrandAssetKind,
  COMPANY_PATHS,
  COMPANY_ROUTES,
  type CompanyCreateBody,
  type CompanyManageRow,
} from "@pc/contract";
import { call, type RequestOptions, request } from "./client.ts";

/** The list filters as sent: an empty name is null (not sent). */
export interface CompanyListParams {
  name: string | null;
  page_no: number;
  page_size: number;
}

export const companiesApi = {
  list: (params: CompanyListParams, options?: RequestOptions) =>
    call(COMPANY_ROUTES.manageList, { query: { ...params } }, options),
  create: (body: CompanyCreateBody, options?: RequestOptions) =>
    call(COMPANY_ROUTES.create, { body }, options),
  setHosts: (companyId: number, hosts: string[], options?: RequestOptions) =>
    call(COMPANY_ROUTES.setHosts, { body: { company_id: companyId, hosts } }, options),
  setTheme: (companyId: number, theme: string, options?: RequestOptions) =>
    call(COMPANY_ROUTES.setTheme, { body: { company_id: companyId, theme } }, options),
  /** The image in base64; the server reads its type from the bytes. */
  upload: (companyId: number, kind: BrandAssetKind, data: string, options?: RequestOptions) =>
    request<CompanyManageRow>(COMPANY_PATHS.asset, {
      ...options,
      method: "POST",
      body: { company_id: companyId, kind, data },
    }),
  removeAsset: (companyId: number, kind: BrandAssetKind, options?: RequestOptions) =>
    call(COMPANY_ROUTES.removeAsset, { query: { company_id: companyId, kind } }, options),
};
