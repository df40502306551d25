/** The Companies screen's calls (operator admins; issue 12 item 6). Paths and shapes are the contract's. */
import {
  type BrandAssetKind,
  COMPANY_PATHS,
  type CompanyCreateAnswer,
  type CompanyCreateBody,
  type CompanyManageListAnswer,
  type CompanyManageRow,
} from "@pc/contract";
import { get, type RequestOptions, request } from "./client.ts";

/** The list filters as sent: an empty name is null (not sent). */
export interface CompanyListParams {
  name: string | null;
  page_no: number;
  page_size: number;
}

export const companiesApi = {
  list: (params: CompanyListParams, options?: RequestOptions) =>
    get<CompanyManageListAnswer>(COMPANY_PATHS.list, { ...params }, options),
  create: (body: CompanyCreateBody, options?: RequestOptions) =>
    request<CompanyCreateAnswer>(COMPANY_PATHS.create, { ...options, method: "POST", body }),
  setHosts: (companyId: number, hosts: string[], options?: RequestOptions) =>
    request<CompanyManageRow>(COMPANY_PATHS.hosts, {
      ...options,
      method: "PUT",
      body: { company_id: companyId, hosts },
    }),
  setTheme: (companyId: number, theme: string, options?: RequestOptions) =>
    request<CompanyManageRow>(COMPANY_PATHS.theme, {
      ...options,
      method: "PUT",
      body: { company_id: companyId, theme },
    }),
  /** The image in base64; the server reads its type from the bytes. */
  upload: (companyId: number, kind: BrandAssetKind, data: string, options?: RequestOptions) =>
    request<CompanyManageRow>(COMPANY_PATHS.asset, {
      ...options,
      method: "POST",
      body: { company_id: companyId, kind, data },
    }),
  removeAsset: (companyId: number, kind: BrandAssetKind, options?: RequestOptions) =>
    request<CompanyManageRow>(COMPANY_PATHS.asset, {
      ...options,
      method: "DELETE",
      query: { company_id: companyId, kind },
    }),
};
