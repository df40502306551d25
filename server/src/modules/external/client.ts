/**
 * A partner's side of the signed external API (docs/api.md#the-signing-rule): signs a call by contract's rule
 * and sends it. The operator CLI's `external` command uses it; it is also the example partners can follow.
 */
import { randomUUID } from "node:crypto";
import {
  hmacSha256Hex,
  nowSeconds,
  type QueryPair,
  SIGN_VERSION_PARAM,
  type SignableParams,
  SignVersion,
  type SignVersionValue,
  sha256Hex,
  signedParams,
  signingString,
  signingStringV2,
} from "@pc/contract";

export interface ExternalCall {
  method: string;
  /** The path, e.g. `/external_api/profit_center`. */
  path: string;
  /** Query parameters in order; a name given more than once is a list. */
  query: readonly QueryPair[];
  /** The exact JSON text to send; its bytes' SHA-256 hex is signed. */
  body?: string | undefined;
  /** The signing rule: 2 (the default) or 1, the original rule kept for compatibility. */
  signVersion?: SignVersionValue | undefined;
}

export interface SignedCall {
  /** The path with the query, `timestamp` and `sign` added. */
  target: string;
  /** The exact string that was signed. */
  signedString: string;
}

/** The query as the signing rule sees it: one value per name, or a list for a repeated name. */
function paramsOf(query: ExternalCall["query"]): SignableParams {
  const lists = new Map<string, string[]>();
  for (const [name, value] of query) lists.set(name, [...(lists.get(name) ?? []), value]);
  return Object.fromEntries(
    [...lists].map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
  );
}

/** The string a rule signs: v2 over the method, path, pairs and body digest, v1 over the values. */
async function stringToSign(
  version: SignVersionValue,
  call: ExternalCall,
  query: readonly QueryPair[],
  timestamp: number,
): Promise<string> {
  if (version === SignVersion.V1) {
    return signingString(await signedParams(paramsOf(query), call.body), timestamp);
  }
  const bodyDigest = call.body === undefined ? null : await sha256Hex(call.body);
  return signingStringV2({ method: call.method, path: call.path, query, timestamp, bodyDigest });
}

/**
 * Signs a call by its rule: the one it names (`signVersion`, or `sign_version` in its query), else v2, whose
 * `sign_version=2` is then added to the query. A random `nonce` is added unless the call has one, so that two
 * equal calls in the same second do not share a sign (the server accepts each sign once).
 */
async function signExternalCall(
  secret: string,
  call: ExternalCall,
  timestamp: number = nowSeconds(),
): Promise<SignedCall> {
  const given = (name: string) => call.query.find(([other]) => other === name)?.[1];
  const named = given(SIGN_VERSION_PARAM);
  const version = call.signVersion ?? (named === SignVersion.V1 ? SignVersion.V1 : SignVersion.V2);
  const query: QueryPair[] = [
    ...call.query,
    ...(given("nonce") === undefined ? [["nonce", randomUUID()] as const] : []),
    ...(version === SignVersion.V2 && named === undefined ? [[SIGN_VERSION_PARAM, version] as const] : []),
  ];
  const signedString = await stringToSign(version, call, query, timestamp);
  const signature = await hmacSha256Hex(secret, signedString);
  const search = new URLSearchParams([
    ...query.map(([name, value]): [string, string] => [name, value]),
    ["timestamp", String(timestamp)],
    ["sign", signature],
  ]);
  return { target: `${call.path}?${search}`, signedString };
}

export interface ExternalAnswer {
  status: number;
  text: string;
  signed: SignedCall;
}

/** Signs and sends a call to a server, answering its HTTP status and body text. */
export async function sendExternalCall(
  baseUrl: string,
  secret: string,
  call: ExternalCall,
): Promise<ExternalAnswer> {
  const signed = await signExternalCall(secret, call);
  const response = await fetch(new URL(signed.target, baseUrl), {
    method: call.method,
    headers: call.body === undefined ? {} : { "content-type": "application/json" },
    ...(call.body === undefined ? {} : { body: call.body }),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text(), signed };
}
