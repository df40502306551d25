/** Signed external calls as a partner system makes them (DESIGN §5 Signing, Signed POST bodies). */
import { randomUUID } from "node:crypto";
import { nowSeconds, sign, signedParams } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { DEV_EXTERNAL_API_SECRET } from "../../src/config.ts";
import { type Answer, call } from "./app.ts";

export type QueryParams = Record<string, string | string[]>;

export interface SignOptions {
  body?: string;
  timestamp?: number;
  secret?: string;
  /** Adds a random `nonce` (default), so two equal calls in the same second still differ. */
  nonce?: boolean;
}

/** The query with `timestamp` and `sign` added, as ordered pairs (so tests can reorder them). */
export async function signedPairs(
  query: QueryParams,
  options: SignOptions = {},
): Promise<[string, string][]> {
  const timestamp = options.timestamp ?? nowSeconds();
  if (options.nonce !== false && query.nonce === undefined) query = { ...query, nonce: randomUUID() };
  const signature = await sign(
    options.secret ?? DEV_EXTERNAL_API_SECRET,
    await signedParams(query, options.body),
    timestamp,
  );
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): [string, string] => [name, item]),
  );
  return [...pairs, ["timestamp", String(timestamp)], ["sign", signature]];
}

export const urlOf = (path: string, pairs: [string, string][]) => `${path}?${new URLSearchParams(pairs)}`;

export async function signedUrl(path: string, query: QueryParams = {}, options: SignOptions = {}) {
  return urlOf(path, await signedPairs(query, options));
}

export function send<T = unknown>(app: FastifyInstance, method: "GET" | "POST", url: string, body?: string) {
  return call<T>(app, {
    method,
    url,
    headers: { lang: "en", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** Signs and sends a call; a body is sent as the exact text given. */
export async function signedCall<T = unknown>(
  app: FastifyInstance,
  method: "GET" | "POST",
  path: string,
  query: QueryParams = {},
  options: SignOptions = {},
): Promise<Answer<T>> {
  return send<T>(app, method, await signedUrl(path, query, options), options.body);
}
