/**
 * The one signing rule (DESIGN §5): sign = hex(HMAC-SHA256(secret, values + timestamp)), values being
 * the parameters other than sign and timestamp, ordered by name, arrays joined with ",", absent or
 * null values skipped. Runs on Web Crypto, so the browser and Node share it.
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

/** DESIGN §5 Signed POST bodies: the SHA-256 hex of the raw body bytes is signed as this one more parameter. */
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
