/**
 * The branding the server put into the page it served (server/src/plugins/web.ts: GET /common/host's answer
 * for this host, in `<script id="pc-host">`), so the first paint does not wait for that round trip. It is
 * taken once, by the first load; later loads (a new token, an expired cache) ask /common/host.
 */
import { type CompanyInfo, PAGE_BRANDING_ID } from "@pc/contract";

const FIELDS = [
  "host",
  "ssp_host",
  "icon",
  "theme",
  "logo",
  "name",
] as const satisfies readonly (keyof CompanyInfo)[];

const isCompanyInfo = (value: unknown): value is CompanyInfo =>
  typeof value === "object" &&
  value !== null &&
  FIELDS.every((field) => typeof Reflect.get(value, field) === "string");

/** The page's branding the first time it is asked for; null after that, or when the page has none. */
export function takePageBranding(): CompanyInfo | null {
  const element = document.getElementById(PAGE_BRANDING_ID);
  if (!element) return null;
  element.remove();
  try {
    const value: unknown = JSON.parse(element.textContent ?? "");
    return isCompanyInfo(value) ? value : null;
  } catch {
    return null;
  }
}
