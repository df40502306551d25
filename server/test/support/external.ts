/** Signed external calls as a partner system makes them (docs/api.md#the-signing-rule). */
import { randomUUID } from "node:crypto";
import {
  nowSeconds,
  SIGN_VERSION_PARAM,
  SignVersion,
  type SignVersionValue,
  sha256Hex,
  sign,
  signedParams,
  signV2,
} from "@pc/contract";
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
  /** The rule: 1 (the default here, the original rule the older tests exercise) or 2 (adds sign_version=2). */
  version?: SignVersionValue;
  /** What v2 signs: the method (default GET, POST with a body) and the path (default the one called). */
  method?: string;
  path?: string;
}

const pairsOf = (query: QueryParams): [string, string][] =>
  Object.entries(query).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value]).map((item): [string, string] => [name, item]),
  );

/** The sign of a query by the rule the options name. */
async function signOf(query: QueryParams, timestamp: number, options: SignOptions): Promise<string> {
  const secret = options.secret ?? DEV_EXTERNAL_API_SECRET;
  if (options.version !== SignVersion.V2)
    return sign(secret, await signedParams(query, options.body), timestamp);
  if (options.path === undefined) throw new Error("a v2 sign needs the path");
  return signV2(secret, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    path: options.path,
    query: pairsOf(query),
    timestamp,
    bodyDigest: options.body === undefined ? null : await sha256Hex(options.body),
  });
}

/** The query with `timestamp` and `sign` added, as ordered pairs (so tests can reorder them). */
export async function signedPairs(
  query: QueryParams,
  options: SignOptions = {},
): Promise<[string, string][]> {
  const timestamp = options.timestamp ?? nowSeconds();
  if (options.nonce !== false && query.nonce === undefined) query = { ...query, nonce: randomUUID() };
  if (options.version === SignVersion.V2 && query[SIGN_VERSION_PARAM] === undefined)
    query = { ...query, [SIGN_VERSION_PARAM]: SignVersion.V2 };
  const signature = await signOf(query, timestamp, options);
  return [...pairsOf(query), ["timestamp", String(timestamp)], ["sign", signature]];
}

export const urlOf = (path: string, pairs: [string, string][]) => `${path}?${new URLSearchParams(pairs)}`;

export async function signedUrl(path: string, query: QueryParams = {}, options: SignOptions = {}) {
  return urlOf(path, await signedPairs(query, { path, ...options }));
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
  return send<T>(app, method, await signedUrl(path, query, { method, ...options }), options.body);
}
