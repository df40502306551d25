/**
 * Verification of signed external calls (DESIGN §5 Signing, Signed POST bodies): `timestamp` and `sign`
 * in the query, refused outside the window. `sign_version=2` picks contract's v2 rule (method, path,
 * `name=value` pairs, timestamp, body digest); without it (or `1`) the original rule: sign =
 * hex(HMAC-SHA256(secret, values + timestamp)), the raw body's SHA-256 hex signed as the parameter `body`.
 */
import {
  Code,
  type MessageKey,
  type QueryPair,
  SIGN_PATTERN,
  SIGN_VERSION_PARAM,
  SIGNATURE_WINDOW_SECONDS,
  SIGNED_BODY_PARAM,
  SIGNED_TIMESTAMP_PATTERN,
  SignVersion,
  type SignVersionValue,
} from "@pc/contract";
import { AppError } from "../../lib/app-error.ts";
import { safeEqualText } from "../../lib/safe-equal.ts";
import { sha256HexOf, signatureOf, signatureV2Of, signedParamsOf } from "../../lib/signing.ts";

export interface SignedCallInput {
  method: string;
  /** The path as sent, without the query. */
  path: string;
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

/** The rule the call names: `sign_version` absent (the original partners) or 1, else 2. */
function signVersionOf(params: Record<string, string | string[]>): SignVersionValue {
  const value = params[SIGN_VERSION_PARAM];
  if (value === undefined || value === SignVersion.V1) return SignVersion.V1;
  if (value === SignVersion.V2) return SignVersion.V2;
  throw refuse("signVersionInvalid", SIGN_VERSION_PARAM);
}

/** Every parameter as a name and one value, a repeated name's values in the order sent. */
const queryPairs = (params: Record<string, string | string[]>): QueryPair[] =>
  Object.entries(params).flatMap(([name, value]) => [value].flat().map((item): QueryPair => [name, item]));

/** The sign the call should carry under its rule. */
function expectedSign(
  input: SignedCallInput,
  version: SignVersionValue,
  params: Record<string, string | string[]>,
  timestampText: string,
): string {
  if (version === SignVersion.V2) {
    return signatureV2Of(input.secret, {
      method: input.method,
      path: input.path,
      query: queryPairs(params),
      timestamp: timestampText,
      bodyDigest: input.rawBody === null ? null : sha256HexOf(input.rawBody),
    });
  }
  return signatureOf(input.secret, signedParamsOf(params, input.rawBody), timestampText);
}

/**
 * Checks a call's signature; refusals are code 604 naming the field (`timestamp`, `sign`, `sign_version`
 * or `body`).
 */
export async function verifySignedCall(input: SignedCallInput): Promise<VerifiedCall> {
  const params = queryParams(input.query);
  const timestampText = signatureParam(params, "timestamp", SIGNED_TIMESTAMP_PATTERN, "timestampMalformed");
  const given = signatureParam(params, "sign", SIGN_PATTERN, "signMalformed");
  const version = signVersionOf(params);
  // v2 signs the body digest on a line of its own; v1 signs it as a parameter, so the name is taken.
  if (version === SignVersion.V1 && input.rawBody !== null && SIGNED_BODY_PARAM in params)
    throw refuse("bodyParamReserved", SIGNED_BODY_PARAM);

  const timestamp = Number(timestampText);
  const window = { timestamp, now: input.nowSeconds, window: SIGNATURE_WINDOW_SECONDS };
  if (input.nowSeconds - timestamp > SIGNATURE_WINDOW_SECONDS)
    throw refuse("timestampExpired", "timestamp", window);
  if (timestamp - input.nowSeconds > SIGNATURE_WINDOW_SECONDS)
    throw refuse("timestampFuture", "timestamp", window);

  const expected = expectedSign(input, version, params, timestampText);
  if (!safeEqualText(given, expected)) throw refuse("signWrong", "sign");
  return { sign: given, timestamp };
}
