/**
 * The `signed` plugin (docs/api.md#the-signing-rule): the one check of signed calls, which a route
 * group registers with its `SignedCalls` (whose secret signs a call, the rules it accepts, whether a sign is
 * single-use, and whether it is checked before or after the parameters are validated). In the group's scope it
 * owns the JSON parser (bodies parsed from their raw bytes, which are signed), the window check, the
 * constant-time compare and the hooks; the group's handlers take the verified call from its `SignedCalls`.
 */
import {
  Code,
  type MessageKey,
  nowSeconds,
  type QueryPair,
  SIGN_PATTERN,
  SIGN_VERSION_PARAM,
  SIGNATURE_WINDOW_SECONDS,
  SIGNED_BODY_PARAM,
  SIGNED_TIMESTAMP_PATTERN,
  SignVersion,
  type SignVersionValue,
} from "@pc/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";
import { safeEqualText } from "../lib/safe-equal.ts";
import {
  type SentParams,
  sentParams,
  sha256HexOf,
  signatureOf,
  signatureV2Of,
  signedParamsOf,
  withinSignatureWindow,
} from "../lib/signing.ts";

/** What a call carries of its signature, read before anything of it is checked. */
export interface SignedCall {
  /** The parameter naming whose secret signed the call (the SDK's app_key); "" where one secret signs all. */
  key: string;
  sign: string;
  /** The timestamp as sent (it is signed as sent). */
  timestampText: string;
  timestamp: number;
  version: SignVersionValue;
  /** Every query parameter; the rules leave sign and timestamp out. */
  params: SentParams;
  /** The raw body bytes, or null when the call carries none. */
  rawBody: Buffer | null;
}

/** A call whose signature was checked, with whom its secret belongs to. */
export interface Verified<Signer> {
  call: SignedCall;
  signer: Signer;
}

/** How a group's calls carry their signature, the rules they may use and how a stale one is refused. */
export interface SignedRules {
  /** The call's signature, or a refusal (code 604 naming the field) when it cannot be checked. */
  read(request: FastifyRequest, rawBody: Buffer | null): SignedCall;
  /** The refusal of a timestamp outside the window. */
  stale(timestamp: number, nowSeconds: number): AppError;
}

/** Whose secret signs a call. */
export interface SecretSource<Signer> {
  /** The signer named by the call's key; undefined when there is none. */
  signerOf(key: string): Signer | undefined | Promise<Signer | undefined>;
  secretOf(signer: Signer): string;
  /** The secret an unknown key's call is checked with, so that it answers in the time of a wrong sign. */
  decoy: string;
}

export interface SignedOptions<Signer> {
  rules: SignedRules;
  secret: SecretSource<Signer>;
  /**
   * Spends a verified sign once the parameters are valid (preHandler), refusing one spent before. Without it
   * a sign may be sent again within the window.
   */
  claim?: (call: SignedCall, nowSeconds: number) => Promise<void>;
  /**
   * preValidation: the signature before the parameters, so a caller without the secret learns nothing about
   * them; preHandler: after them.
   */
  verifyAt: "preValidation" | "preHandler";
}

const refuse = (messageKey: MessageKey, field: string, params: Record<string, string | number> = {}) =>
  new AppError(Code.ParamError, messageKey, params, field);

/** The query's parameters as text; anything else a query parser could give is refused. */
function queryParams(query: unknown): SentParams {
  const params: SentParams = {};
  if (typeof query !== "object" || query === null) return params;
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === "string") params[name] = value;
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) params[name] = value;
    else throw refuse("invalidField", name, { field: name, detail: "must be text" });
  }
  return params;
}

/** A single text parameter of the signature, present and well formed. */
function wellFormedParam(params: SentParams, name: string, pattern: RegExp, malformed: MessageKey): string {
  const value = params[name];
  if (value === undefined || value === "") throw refuse("paramMissing", name, { field: name });
  if (typeof value !== "string" || !pattern.test(value)) throw refuse(malformed, name);
  return value;
}

/** A single text parameter, present. */
function presentParam(params: SentParams, name: string): string {
  const value = params[name];
  if (typeof value !== "string" || value === "") throw refuse("paramMissing", name, { field: name });
  return value;
}

/** The rule the call names: `sign_version` absent (the original partners) or 1, else 2. */
function signVersionOf(params: SentParams): SignVersionValue {
  const value = params[SIGN_VERSION_PARAM];
  if (value === undefined || value === SignVersion.V1) return SignVersion.V1;
  if (value === SignVersion.V2) return SignVersion.V2;
  throw refuse("signVersionInvalid", SIGN_VERSION_PARAM);
}

/**
 * The external API's calls: `timestamp`, `sign` and `sign_version` in the query as parsed, each well formed;
 * rule 1 or 2, as `sign_version` names. A timestamp outside the window is refused saying which way.
 */
export const externalRules: SignedRules = {
  read: (request, rawBody) => {
    const params = queryParams(request.query);
    const timestampText = wellFormedParam(
      params,
      "timestamp",
      SIGNED_TIMESTAMP_PATTERN,
      "timestampMalformed",
    );
    const sign = wellFormedParam(params, "sign", SIGN_PATTERN, "signMalformed");
    const version = signVersionOf(params);
    // v2 signs the body digest on a line of its own; v1 signs it as a parameter, so the name is taken.
    if (version === SignVersion.V1 && rawBody !== null && SIGNED_BODY_PARAM in params)
      throw refuse("bodyParamReserved", SIGNED_BODY_PARAM);
    return { key: "", sign, timestampText, timestamp: Number(timestampText), version, params, rawBody };
  },
  stale: (timestamp, now) =>
    refuse(now - timestamp > SIGNATURE_WINDOW_SECONDS ? "timestampExpired" : "timestampFuture", "timestamp", {
      timestamp,
      now,
      window: SIGNATURE_WINDOW_SECONDS,
    }),
};

/**
 * The SDK's calls: `app_key` (whose secret signs), `timestamp` and `sign` in the query as sent; rule 1 only
 * (a `sign_version` is signed like any other parameter). One refusal for a timestamp out either way.
 */
export const sdkRules: SignedRules = {
  read: (request, rawBody) => {
    const params = sentParams(request.url);
    const key = presentParam(params, "app_key");
    const timestampText = presentParam(params, "timestamp");
    const sign = presentParam(params, "sign");
    const timestamp = Number(timestampText);
    return { key, sign, timestampText, timestamp, version: SignVersion.V1, params, rawBody };
  },
  stale: () => refuse("timestampStale", "timestamp"),
};

/** One secret signs every call (the external API's); the calls' signer is nobody in particular. */
export const oneSecret = (secret: string): SecretSource<null> => ({
  signerOf: () => null,
  secretOf: () => secret,
  decoy: secret,
});

/** The path as sent, without the query. */
const pathOf = (url: string) => url.split("?", 1)[0] ?? url;

/** Every parameter as a name and one value, a repeated name's values in the order sent. */
const queryPairs = (params: SentParams): QueryPair[] =>
  Object.entries(params).flatMap(([name, value]) => [value].flat().map((item): QueryPair => [name, item]));

/** The sign the call should carry under its rule. */
function expectedSign(secret: string, call: SignedCall, request: FastifyRequest): string {
  if (call.version === SignVersion.V2) {
    return signatureV2Of(secret, {
      method: request.method,
      path: pathOf(request.url),
      query: queryPairs(call.params),
      timestamp: call.timestampText,
      bodyDigest: call.rawBody === null ? null : sha256HexOf(call.rawBody),
    });
  }
  return signatureOf(secret, signedParamsOf(call.params, call.rawBody), call.timestampText);
}

/** A group's signed calls: its options, and each request's verified call for the handlers. */
export class SignedCalls<Signer> {
  readonly #verified = new WeakMap<FastifyRequest, Verified<Signer>>();

  readonly options: SignedOptions<Signer>;

  constructor(options: SignedOptions<Signer>) {
    this.options = options;
  }

  /** The request's verified call (the hook has run: a handler never sees an unverified one). */
  of(request: FastifyRequest): Verified<Signer> {
    const verified = this.#verified.get(request);
    if (!verified) throw new Error("signed call without a verified signature");
    return verified;
  }

  /** Checks a read call's window and signature; refusals are code 604 naming `timestamp` or `sign`. */
  async verify(request: FastifyRequest, call: SignedCall): Promise<Verified<Signer>> {
    const { rules, secret } = this.options;
    const now = nowSeconds();
    if (!withinSignatureWindow(call.timestamp, now)) throw rules.stale(call.timestamp, now);
    const signer = await secret.signerOf(call.key);
    const expected = expectedSign(
      signer === undefined ? secret.decoy : secret.secretOf(signer),
      call,
      request,
    );
    if (!safeEqualText(call.sign, expected) || signer === undefined) throw refuse("signWrong", "sign");
    return { call, signer };
  }

  /** Checks the request's call once more (its signer may have gone since: the SDK's deleted app). */
  async verifyAgain(request: FastifyRequest): Promise<void> {
    await this.verify(request, this.of(request).call);
  }

  /** Hands the hook's verified call to the handlers (the plugin's hook calls it). */
  keep(request: FastifyRequest, verified: Verified<Signer>): void {
    this.#verified.set(request, verified);
  }
}

/** JSON parse failures as Fastify's own parser answers them. */
const bodyError = (code: "FST_ERR_CTP_EMPTY_JSON_BODY" | "FST_ERR_CTP_INVALID_JSON_BODY") =>
  Object.assign(new Error("The request body is not valid JSON"), { code, statusCode: 400 });

async function signedPlugin<Signer>(app: FastifyInstance, calls: SignedCalls<Signer>) {
  const { rules, claim, verifyAt } = calls.options;

  // A body of any other type could not be signed, so JSON is the only type the group parses.
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    rawBodies.set(request, raw);
    if (raw.length === 0) return done(bodyError("FST_ERR_CTP_EMPTY_JSON_BODY"));
    try {
      done(null, JSON.parse(raw.toString("utf8")));
    } catch {
      done(bodyError("FST_ERR_CTP_INVALID_JSON_BODY"));
    }
  });

  app.addHook(verifyAt, async (request) => {
    const call = rules.read(request, rawBodies.get(request) ?? null);
    calls.keep(request, await calls.verify(request, call));
  });
  if (claim) {
    // Once the parameters are valid, the sign is spent (refused if it was spent before).
    app.addHook("preHandler", async (request) => {
      await claim(calls.of(request).call, nowSeconds());
    });
  }
}

/**
 * Registered by a route group with its `SignedCalls`. Not encapsulated (fastify-plugin): the parser and hooks
 * are the group's own, so they apply to its routes and to no other group's.
 */
export const signed = fp(signedPlugin, { name: "signed" });
