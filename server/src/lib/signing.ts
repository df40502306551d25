/**
 * The contract's one signing rule (its `signingString`) on node:crypto, for the server's checks: the SDK's
 * batches are signed over a digest of bodies of tens of kilobytes, where Web Crypto's promise round trips
 * cost ten times as much per call (about 1 ms against 0.1 ms for a 24 KB batch).
 */
import { createHash, createHmac } from "node:crypto";
import { SIGNED_BODY_PARAM, type SignableParams, signingString } from "@pc/contract";

export const signatureOf = (secret: string, params: SignableParams, timestamp: number | string): string =>
  createHmac("sha256", secret).update(signingString(params, timestamp)).digest("hex");

/** The parameters a signed call signs: its query and, when it carries a body, the body's SHA-256 hex. */
export function signedParamsOf(query: SignableParams, body: Uint8Array | string | null): SignableParams {
  if (body === null) return query;
  return { ...query, [SIGNED_BODY_PARAM]: createHash("sha256").update(body).digest("hex") };
}
