/**
 * The `signed` plugin on its own (the route tests cover each group's refusals): what holds between route
 * groups that register it with different secrets, sources of secrets and claims.
 */
import { Code, nowSeconds } from "@pc/contract";
import Fastify, { type FastifyError, type FastifyInstance, type InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/lib/app-error.ts";
import { sha256HexOf, signatureOf } from "../src/lib/signing.ts";
import { externalRules, oneSecret, SignedCalls, sdkRules, signed } from "../src/plugins/signed.ts";

interface Signer {
  name: string;
  secret: string;
}
const signers = new Map<string, Signer>([["k1", { name: "first", secret: "keyed-secret-1" }]]);
const DECOY = "decoy-secret";
const spent = new Set<string>();

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.setErrorHandler<FastifyError | AppError>((error, _request, reply) => {
    if (error instanceof AppError) return reply.send({ refused: error.messageKey, field: error.field });
    return reply.code(error.statusCode ?? 500).send({ failed: error.code });
  });
  const oneSecretGroup = (prefix: string, secret: string) =>
    app.register(async (group) => {
      const calls = new SignedCalls({
        rules: externalRules,
        secret: oneSecret(secret),
        verifyAt: "preValidation",
        claim: async (call) => {
          if (spent.has(call.sign)) throw new AppError(Code.ParamError, "signReplayed", {}, "sign");
          spent.add(call.sign);
        },
      });
      await group.register(signed, calls);
      group.post(`${prefix}/echo`, async (request) => ({
        body: request.body,
        sign: calls.of(request).call.sign,
      }));
    });
  await oneSecretGroup("/alpha", "alpha-secret");
  await oneSecretGroup("/gamma", "gamma-secret");
  await app.register(async (group) => {
    const calls = new SignedCalls({
      rules: sdkRules,
      secret: { signerOf: (key) => signers.get(key), secretOf: (signer) => signer.secret, decoy: DECOY },
      verifyAt: "preHandler",
    });
    await group.register(signed, calls);
    group.get("/keyed/whoami", async (request) => ({ name: calls.of(request).signer.name }));
  });
  // A sibling without the plugin keeps Fastify's own parsers.
  app.post("/plain", async (request) => ({ body: request.body }));
  await app.ready();
});
afterAll(() => app.close());

/** A v1 call with a JSON body, signed with `secret` (the body's digest signed as `body`). */
function signedPost(path: string, secret: string, body: unknown): InjectOptions {
  const timestamp = nowSeconds();
  const payload = JSON.stringify(body);
  const sign = signatureOf(secret, { body: sha256HexOf(payload) }, timestamp);
  return {
    method: "POST",
    url: `${path}?timestamp=${timestamp}&sign=${sign}`,
    headers: { "content-type": "application/json" },
    payload,
  };
}
const postSigned = (path: string, secret: string, body: unknown) =>
  app.inject(signedPost(path, secret, body));

const keyedCall = (key: string, secret: string) => {
  const timestamp = nowSeconds();
  const sign = signatureOf(secret, { app_key: key }, timestamp);
  return app.inject({
    method: "GET",
    url: `/keyed/whoami?app_key=${key}&timestamp=${timestamp}&sign=${sign}`,
  });
};

describe("the signed plugin", () => {
  it("checks each group's calls with that group's secret only", async () => {
    const alpha = await postSigned("/alpha/echo", "alpha-secret", { n: 1 });
    expect(alpha.json()).toMatchObject({ body: { n: 1 } });
    expect((await postSigned("/gamma/echo", "alpha-secret", { n: 2 })).json()).toEqual({
      refused: "signWrong",
      field: "sign",
    });
    expect((await postSigned("/gamma/echo", "gamma-secret", { n: 2 })).json()).toMatchObject({
      body: { n: 2 },
    });
  });

  it("spends a sign through the group's claim, and only once it is verified", async () => {
    const call = signedPost("/alpha/echo", "alpha-secret", { n: 3 });
    const { sign } = (await app.inject(call)).json<{ sign: string }>();
    const size = spent.size;
    expect((await postSigned("/alpha/echo", "wrong-secret", { n: 3 })).json()).toMatchObject({
      refused: "signWrong",
    });
    expect(spent.size).toBe(size);
    expect((await app.inject(call)).json()).toEqual({ refused: "signReplayed", field: "sign" });
    expect(spent.has(sign)).toBe(true);
  });

  it("hands the handler the signer its key names, and refuses an unknown key even signed with the decoy", async () => {
    expect((await keyedCall("k1", "keyed-secret-1")).json()).toEqual({ name: "first" });
    expect((await keyedCall("k1", "keyed-secret-2")).json()).toEqual({ refused: "signWrong", field: "sign" });
    expect((await keyedCall("k9", DECOY)).json()).toEqual({ refused: "signWrong", field: "sign" });
  });

  it("parses JSON from raw bytes in its groups only", async () => {
    const text = { method: "POST", headers: { "content-type": "text/plain" }, payload: "hello" } as const;
    expect((await app.inject({ ...text, url: "/plain" })).json()).toEqual({ body: "hello" });
    const refused = await app.inject({ ...text, url: "/alpha/echo" });
    expect([refused.statusCode, refused.json()]).toEqual([415, { failed: "FST_ERR_CTP_INVALID_MEDIA_TYPE" }]);
  });
});
