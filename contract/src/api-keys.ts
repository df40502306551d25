/**
 * The publisher reporting API (docs/api.md#reporting-api): read-only API keys a company's super admin creates
 * (name, scopes, optional last day), and the public report endpoints they open. The secret is shown once and
 * stored as its SHA-256; it names its company (`pck_<companyId>_<43 base64url characters>`), so the server
 * finds it by (company_id, hash), the table's own key.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { hasEmoji, idValue } from "./inputs.ts";
import {
  offlineReportQuery,
  offlineReportRow,
  onlineReportQuery,
  onlineReportRow,
  reportDayStatus,
} from "./report-schemas.ts";
import { isReportDate, type ReportKindValue } from "./reports.ts";

export const ApiKeyScope = { Sdk: "sdk", Affiliate: "affiliate" } as const;
export type ApiKeyScopeValue = (typeof ApiKeyScope)[keyof typeof ApiKeyScope];
export const API_KEY_SCOPES: readonly ApiKeyScopeValue[] = Object.values(ApiKeyScope);

/** The report each scope opens: the SDK (online) or the affiliate (offline) report. */
export const API_KEY_SCOPE_KIND: Record<ApiKeyScopeValue, ReportKindValue> = {
  sdk: "online",
  affiliate: "offline",
};

/** Where a key's state stands for a list row: computed from expiry and revocation. */
export const ApiKeyStatus = { Active: "active", Expired: "expired", Revoked: "revoked" } as const;
export type ApiKeyStatusValue = (typeof ApiKeyStatus)[keyof typeof ApiKeyStatus];

/** Every secret starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "pck_";
/** `pck_<companyId>_<32 random bytes in base64url>`. */
export const API_KEY_PATTERN = /^pck_([1-9]\d{0,9})_([A-Za-z0-9_-]{43})$/;
/** Characters of the random part kept in the list, after `pck_<companyId>_`, to tell keys apart. */
export const API_KEY_PREFIX_CHARS = 6;
export const API_KEY_NAME_MAX = 64;

/** Requests per key per window; past it, HTTP 429 with Retry-After. */
export const API_KEY_RATE_LIMIT = { max: 60, windowSeconds: 60 } as const;
/** last_used_at is written at most this often per key (keeps the hot path light). */
export const API_KEY_LAST_USED_SECONDS = 60;

/** The public report endpoints (the key as a Bearer token); the console's calls are API_KEY_ENDPOINTS. */
export const REPORT_API_PATHS: Record<ApiKeyScopeValue, string> = {
  sdk: "/api/v1/reports/sdk",
  affiliate: "/api/v1/reports/affiliate",
};

// ── Console: create, list, revoke ─────────────────────────────────────────────────────────────────────

const todayUtc = (now: Date = new Date()) => now.toISOString().slice(0, 10);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The last day (UTC) a key works, yyyy-MM-DD: today or later; empty or absent = never expires. */
const expiresOn = z.preprocess(
  (value) => (value === undefined || value === "" ? null : value),
  z
    .string({ error: "apiKeyExpiryInvalid" })
    .refine((day) => ISO_DAY.test(day) && isReportDate(day.replaceAll("-", "")), "apiKeyExpiryInvalid")
    .refine((day) => day >= todayUtc(), "apiKeyExpiryPast")
    .nullable(),
);

export const apiKeyName = z
  .string({ error: "apiKeyNameRequired" })
  .trim()
  .min(1, "apiKeyNameRequired")
  .max(API_KEY_NAME_MAX, "apiKeyNameTooLong")
  .refine((name) => !hasEmoji(name), "illegalCharacters");

export const apiKeyScopes = z
  .array(
    z.enum(API_KEY_SCOPES as [ApiKeyScopeValue, ...ApiKeyScopeValue[]], { error: "apiKeyScopeInvalid" }),
    {
      error: "apiKeyScopesRequired",
    },
  )
  .min(1, "apiKeyScopesRequired")
  .transform((list) => API_KEY_SCOPES.filter((scope) => list.includes(scope)));

export const apiKeyCreateBody = z.object({
  name: apiKeyName,
  scopes: apiKeyScopes,
  expires_on: expiresOn.optional().transform((v) => v ?? null),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateBody>;
export type ApiKeyCreateBody = z.output<typeof apiKeyCreateBody>;

export const apiKeyRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `pck_<companyId>_` and the first characters of the random part. */
  key_prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES as [ApiKeyScopeValue, ...ApiKeyScopeValue[]])),
  status: z.enum([ApiKeyStatus.Active, ApiKeyStatus.Expired, ApiKeyStatus.Revoked]),
  create_user_id: z.number().int().nullable(),
  create_user_name: z.string().nullable(),
  create_time: z.string().describe("yyyy-MM-DD HH:mm:ss, REPORT_TZ"),
  /** The last day the key works (UTC), or null. */
  expires_on: z.string().nullable(),
  last_used_time: z.string().nullable().describe("to the minute: written at most once a minute"),
  revoked_time: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

export const apiKeyListQuery = z.object(pageQuery);
export type ApiKeyListQuery = z.output<typeof apiKeyListQuery>;
export const apiKeyListAnswer = pageOf(apiKeyRow);
export type ApiKeyListAnswer = z.infer<typeof apiKeyListAnswer>;

/** The create answer: the row and the secret, which is never answered again. */
export const apiKeyCreateAnswer = z.object({ key: apiKeyRow, secret: z.string() });
export type ApiKeyCreateAnswer = z.infer<typeof apiKeyCreateAnswer>;

export const apiKeyRevokeBody = z.object({ id: idValue });
export type ApiKeyRevokeBody = z.infer<typeof apiKeyRevokeBody>;

/** The console's calls of the reporting API's keys: a company's super admins only. */
export const API_KEY_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/api_key/list",
    query: apiKeyListQuery,
    answer: apiKeyListAnswer,
    access: "apiKey.manage",
    description:
      "The company's reporting API keys, newest first: name, the key's first characters, scopes, status " +
      "(active, expired, revoked), creator, expiry and last use (to the minute). Never a secret. Super admins.",
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/api_key",
    body: apiKeyCreateBody,
    answer: apiKeyCreateAnswer,
    access: "apiKey.manage",
    description:
      "Creates a read-only key of the company for the reporting API (scopes sdk and/or affiliate; " +
      "expires_on: the last day it works, UTC, or none). The answer carries the secret: it is shown this " +
      "once and only its SHA-256 is kept. Super admins.",
  }),
  revoke: endpoint({
    method: "POST",
    path: "/v1/api_key/revoke",
    body: apiKeyRevokeBody,
    answer: apiKeyRow,
    access: "apiKey.manage",
    description:
      "Revokes a key of the company: its next call is refused (code 20010, HTTP 401). Revoking a revoked " +
      "key changes nothing. Super admins.",
  }),
};

// ── The public report endpoints ───────────────────────────────────────────────────────────────────────

const DEFAULT_FORMAT = "json";
const format = z
  .preprocess(
    (value) => (value === undefined || value === "" ? DEFAULT_FORMAT : value),
    z.enum(["json", "csv"], { error: "apiFormatInvalid" }),
  )
  // declared as well, so that the API description shows the parameter as optional
  .default(DEFAULT_FORMAT)
  .describe("json (default): the envelope with the page and the total row; csv: every row, streamed");

/** The console's report query (same fields and rules), without companyId: the key names the company. */
export const sdkReportApiQuery = onlineReportQuery.omit({ companyId: true }).extend({ format });
export const affiliateReportApiQuery = offlineReportQuery.omit({ companyId: true }).extend({ format });
export type SdkReportApiQuery = z.output<typeof sdkReportApiQuery>;
export type AffiliateReportApiQuery = z.output<typeof affiliateReportApiQuery>;
export type ReportApiFormat = z.output<typeof format>;

/** The JSON answer: the console's page (`list`, `total` groups), its total row and the status of each day. */
const reportApiAnswer = <Row extends z.ZodType>(row: Row) =>
  z.object({ list: z.array(row), total: z.number().int(), totalRow: row, days: z.array(reportDayStatus) });
export const sdkReportApiAnswer = reportApiAnswer(onlineReportRow);
export type SdkReportApiAnswer = z.infer<typeof sdkReportApiAnswer>;
export const affiliateReportApiAnswer = reportApiAnswer(offlineReportRow);
export type AffiliateReportApiAnswer = z.infer<typeof affiliateReportApiAnswer>;

/** The status of a key for the list: revoked first, then expired (past its last day), else active. */
export function apiKeyStatus(
  key: { revoked: boolean; expires_on: string | null },
  now: Date = new Date(),
): ApiKeyStatusValue {
  if (key.revoked) return ApiKeyStatus.Revoked;
  if (key.expires_on !== null && key.expires_on < todayUtc(now)) return ApiKeyStatus.Expired;
  return ApiKeyStatus.Active;
}

/** The curl line the docs and the create dialog show. */
export function reportApiCurl(origin: string, scope: ApiKeyScopeValue, secret: string): string {
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
  return (
    `curl -H "Authorization: Bearer ${secret}" ` +
    `"${origin}${REPORT_API_PATHS[scope]}?startDate=${day}&endDate=${day}&dimensions=1&format=csv"`
  );
}
