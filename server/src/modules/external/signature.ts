/**
 * Verification of signed external calls (DESIGN §5 Signing, Signed POST bodies): `timestamp` and `sign`
 * in the query, sign = hex(HMAC-SHA256(secret, values + timestamp)) by contract's rule, the raw body's
 * SHA-256 hex signed as the parameter `body`, refused outside the window.
 */
import {
  Code,
  type MessageKey,
  SIGN_PATTERN,
  SIGNATURE_WINDOW_SECONDS,
  SIGNED_BODY_PARAM,
  SIGNED_TIMESTAMP_PATTERN,
  type SignableParams,
  sign,
  signedParams,
} from "@pc/contract";
import { AppError } from "../../lib/app-error.ts";
import { safeEqualText } from "../../lib/safe-equal.ts";

export interface SignedCallInput {
  /** The query as the server parsed it, before any validation: text values, repeated names as arrays. */
  query: unknown;
  /** The raw body bytes, or null when the call carries none. */
  rawBody: Buffer | null;
  secret: string;
  nowSeconds: number;
}

export interface VerifiedCall {
  sign: string;
  timestamp: number;
}

const refuse = (messageKey: MessageKey, field: string, params: Record<string, string | number> = {}) =>
  new AppError(Code.ParamError, messageKey, params, field);

/** The query's parameters as text; anything else a query parser could give is refused. */
function queryParams(query: unknown): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  if (typeof query !== "object" || query === null) return params;
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === "string") params[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) params[name] = value;
    else throw refuse("invalidField", name, { field: name, detail: "must be text" });
  }
  return params;
}

/** A single text parameter of the signature, present and well formed. */
function signatureParam(
  params: Record<string, string | string[]>,
  name: string,
  pattern: RegExp,
  malformed: MessageKey,
): string {
  const value = params[name];
  if (value === undefined || value === "") throw refuse("paramMissing", name, { field: name });
  if (typeof value !== "string" || !pattern.test(value)) throw refuse(malformed, name);
  return value;
}

/** Checks a call's signature; refusals are code 604 naming the field (`timestamp`, `sign` or `body`). */
export async function verifySignedCall(input: SignedCallInput): Promise<VerifiedCall> {
  const params = queryParams(input.query);
  const timestampText = signatureParam(params, "timestamp", SIGNED_TIMESTAMP_PATTERN, "timestampMalformed");
  const given = signatureParam(params, "sign", SIGN_PATTERN, "signMalformed");
  if (input.rawBody !== null && SIGNED_BODY_PARAM in params)
    throw refuse("bodyParamReserved", SIGNED_BODY_PARAM);

  const timestamp = Number(timestampText);
  const window = { timestamp, now: input.nowSeconds, window: SIGNATURE_WINDOW_SECONDS };
  if (input.nowSeconds - timestamp > SIGNATURE_WINDOW_SECONDS)
    throw refuse("timestampExpired", "timestamp", window);
  if (timestamp - input.nowSeconds > SIGNATURE_WINDOW_SECONDS)
    throw refuse("timestampFuture", "timestamp", window);

  const signed: SignableParams = await signedParams(params, input.rawBody);
  const expected = await sign(input.secret, signed, timestampText);
  if (!safeEqualText(given, expected)) throw refuse("signWrong", "sign");
  return { sign: given, timestamp };
}
