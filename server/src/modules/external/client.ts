/**
 * A partner's side of the signed external API (DESIGN §5): signs a call by contract's rule and sends it.
 * The operator CLI's `external` command uses it; it is also the example partners can follow.
 */
import { randomUUID } from "node:crypto";
import { nowSeconds, type SignableParams, sign, signedParams, signingString } from "@pc/contract";

export interface ExternalCall {
  method: string;
  /** The path, e.g. `/external_api/profit_center`. */
  path: string;
  /** Query parameters in order; a name given more than once is a list (its values joined with ","). */
  query: readonly (readonly [string, string])[];
  /** The exact JSON text to send; its bytes' SHA-256 hex is signed as the parameter `body`. */
  body?: string | undefined;
}

export interface SignedCall {
  /** The path with the query, `timestamp` and `sign` added. */
  target: string;
  /** The exact string that was signed (values ordered by name, then the timestamp). */
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

/**
 * Signs a call. A random `nonce` is added unless the call has one, so that two equal calls in the same
 * second do not share a sign (the server accepts each sign once).
 */
export async function signExternalCall(
  secret: string,
  call: ExternalCall,
  timestamp: number = nowSeconds(),
): Promise<SignedCall> {
  const query = call.query.some(([name]) => name === "nonce")
    ? [...call.query]
    : [...call.query, ["nonce", randomUUID()] as const];
  const params = await signedParams(paramsOf(query), call.body);
  const signature = await sign(secret, params, timestamp);
  const search = new URLSearchParams([
    ...query.map(([name, value]): [string, string] => [name, value]),
    ["timestamp", String(timestamp)],
    ["sign", signature],
  ]);
  return { target: `${call.path}?${search}`, signedString: signingString(params, timestamp) };
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
