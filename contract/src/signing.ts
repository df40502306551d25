/**
 * The one signing rule (docs/api.md#the-signing-rule): sign = hex(HMAC-SHA256(secret, values + timestamp)),
 * values being the parameters other than sign and timestamp, ordered by name, arrays joined with ",", absent
 * or null values skipped. Runs on Web Crypto, so the browser and Node share it.
 */

export type SignableValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type SignableParams = Record<string, SignableValue>;

const EXCLUDED = new Set(["sign", "timestamp"]);

function valueText(value: Exclude<SignableValue, null | undefined>): string {
  return Array.isArray(value) ? value.join(",") : String(value);
}

/** The exact string that is signed. */
export function signingString(params: SignableParams, timestamp: number | string): string {
  const values = Object.keys(params)
    .filter((name) => !EXCLUDED.has(name))
    .sort()
    .flatMap((name) => {
      const value = params[name];
      return value === null || value === undefined ? [] : [valueText(value)];
    });
  return values.join("") + String(timestamp);
}

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function hmacSha256Hex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return toHex(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

export function sign(secret: string, params: SignableParams, timestamp: number | string): Promise<string> {
  return hmacSha256Hex(secret, signingString(params, timestamp));
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * A signed POST body (docs/api.md#the-signing-rule): the SHA-256 hex of the raw body bytes is signed as this
 * one more parameter.
 */
export const SIGNED_BODY_PARAM = "body";

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : new Uint8Array(data);
  return toHex(await crypto.subtle.digest("SHA-256", bytes));
}

/**
 * The parameters a signed call signs: its query (sign and timestamp are left out by the rule) and, when it
 * carries a body, the body's SHA-256 hex under the name `body`.
 */
export async function signedParams(
  query: SignableParams,
  body?: string | Uint8Array | null,
): Promise<SignableParams> {
  if (body === undefined || body === null) return query;
  return { ...query, [SIGNED_BODY_PARAM]: await sha256Hex(body) };
}

/**
 * The rule an external call is signed with, picked by its query parameter `sign_version` (signed like the
 * others): absent or `1` the rule above (kept for the partners who use it), `2` the rule below (the default
 * for new partners). The SDK and the login form keep the rule above.
 */
export const SIGN_VERSION_PARAM = "sign_version";
export const SignVersion = { V1: "1", V2: "2" } as const;
export type SignVersionValue = (typeof SignVersion)[keyof typeof SignVersion];

/** A query parameter as sent: its name and its value after URL decoding. */
export type QueryPair = readonly [name: string, value: string];

/** What the v2 rule signs of a call. */
export interface SignableRequest {
  /** The HTTP method; signed in upper case. */
  method: string;
  /** The path as sent, without the query, e.g. `/external_api/company/list`. */
  path: string;
  /** Every query parameter in the order sent (sign and timestamp are left out by the rule). */
  query: readonly QueryPair[];
  timestamp: number | string;
  /** The SHA-256 hex of the exact body bytes, or null/undefined when the call carries no body. */
  bodyDigest?: string | null | undefined;
}

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * RFC 3986 percent-encoding of the UTF-8 text: every byte but A–Z a–z 0–9 - . _ ~ becomes %XX (upper-case
 * hex). So `&`, `=` and line feeds never appear unescaped in an encoded name or value.
 */
export function percentEncode(text: string): string {
  let encoded = "";
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    encoded += UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/**
 * The query as v2 signs it: `name=value` pairs, both percent-encoded, ordered by the encoded name (a name
 * given several times keeps its values in the order sent), joined with `&`; `sign` and `timestamp` left out.
 */
export function canonicalQuery(query: readonly QueryPair[]): string {
  return query
    .filter(([name]) => !EXCLUDED.has(name))
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/**
 * The exact string v2 signs: the method, the path, the canonical query, the timestamp and the body's
 * SHA-256 hex (empty without a body), each followed by a line feed. Ending in a line feed, it can never
 * equal a v1 string (which ends with the timestamp's digits), so a sign of one rule is never valid under
 * the other.
 */
export function signingStringV2(request: SignableRequest): string {
  const lines = [
    request.method.toUpperCase(),
    request.path,
    canonicalQuery(request.query),
    String(request.timestamp),
    request.bodyDigest ?? "",
  ];
  return lines.map((line) => `${line}\n`).join("");
}

export function signV2(secret: string, request: SignableRequest): Promise<string> {
  return hmacSha256Hex(secret, signingStringV2(request));
}
