/** Ad placements (spec §7 Placements; DESIGN §5 payload shapes). */
import type {
  ExistAnswer,
  PlacementCreateBody,
  PlacementListAnswer,
  PlacementRow,
  PlacementUpdateBody,
  PositionOption,
} from "@pc/contract";
import { get, type RequestOptions, request } from "./client.ts";

/** The list filters as sent: empty filters are null (not sent). */
export interface PlacementListParams {
  id: number | null;
  name: string | null;
  ad_style: number | null;
  app_name: string | null;
  page_no: number;
  page_size: number;
}

export const placementsApi = {
  list: (params: PlacementListParams, options?: RequestOptions) =>
    get<PlacementListAnswer>("/v1/adpos/list", { ...params }, options),
  create: (body: PlacementCreateBody, options?: RequestOptions) =>
    request<PlacementRow>("/v1/adpos", { ...options, method: "POST", body }),
  /** `country_bottom_price` (a JSON string) replaces the floors; without it they are kept. */
  update: (body: PlacementUpdateBody, options?: RequestOptions) =>
    request<PlacementRow>("/v1/adpos", { ...options, method: "PUT", body }),
  remove: (id: number, options?: RequestOptions) =>
    request<null>("/v1/adpos", { ...options, method: "DELETE", query: { id } }),
  /** Whether another placement of the company (not `id`) has this name. */
  nameExists: (name: string, id?: number, options?: RequestOptions) =>
    get<ExistAnswer>("/v1/adpos/name_exist", { name, id }, options),
  /** The company's placements for selects. */
  positionOptions: (options?: RequestOptions) =>
    get<PositionOption[]>("/api/v1/ad_position/position_id", undefined, options),
};
