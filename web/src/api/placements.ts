/** Ad placements (docs/rules/entities.md). */
import {
  type AdStyleValue,
  PLACEMENT_ROUTES,
  type PlacementCreateBody,
  type PlacementUpdateBody,
} from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

/** The list filters as sent: empty filters are null (not sent). */
export interface PlacementListParams {
  id: number | null;
  name: string | null;
  ad_style: AdStyleValue | null;
  app_name: string | null;
  page_no: number;
  page_size: number;
}

export const placementsApi = {
  list: (params: PlacementListParams, options?: RequestOptions) =>
    call(PLACEMENT_ROUTES.list, { query: { ...params } }, options),
  create: (body: PlacementCreateBody, options?: RequestOptions) =>
    call(PLACEMENT_ROUTES.create, { body }, options),
  /** `country_bottom_price` (a JSON string) replaces the floors; without it they are kept. */
  update: (body: PlacementUpdateBody, options?: RequestOptions) =>
    call(PLACEMENT_ROUTES.update, { body }, options),
  remove: (id: number, options?: RequestOptions) => call(PLACEMENT_ROUTES.remove, { query: { id } }, options),
  /** Whether another placement of the company (not `id`) has this name. */
  nameExists: (name: string, id?: number, options?: RequestOptions) =>
    call(PLACEMENT_ROUTES.nameExists, { query: { name, id } }, options),
  /** The company's placements for selects. */
  positionOptions: (options?: RequestOptions) => call(PLACEMENT_ROUTES.positionOptions, {}, options),
};
