/**
 * Each report's own filter fields, a chunk of its own: fetched with the filters' form (ReportFilterForm.tsx),
 * which a phone builds only when its filters are first unfolded. Antd's Input and the fields' code are then
 * not among the bytes a phone waits for before the report's numbers.
 */
import { lazyPage } from "../../../app/lazyPage.ts";

export const SdkFilterFields = lazyPage(() => import("./SdkFilterFields.tsx"));
export const AffiliateFilterFields = lazyPage(() => import("./AffiliateFilterFields.tsx"));
