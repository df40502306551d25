/**
 * Calls of the mobile SDK (docs/api.md#report-data-in-the-sdk-and-affiliate-networks): public routes, each
 * signed with the app's secret.
 */
import { envelopeOf, nowSeconds, ok, SDK_CONFIG_PATH, sdkConfigAnswer, sdkConfigQuery } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withDeps } from "../../plugins/deps.ts";
import { signed } from "../../plugins/signed.ts";
import { appForSdk } from "../apps/service.ts";
import { sdkConfig, sdkSignedCalls } from "./service.ts";

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, timeZone } = app;
  // Not kept by any cache, refusals of the signature included (this hook runs before the plugin's).
  app.addHook("preHandler", (_request, reply, done) => {
    reply.header("cache-control", "no-store");
    done();
  });
  // The parameters first (zod), then the signature; each call looks its app up.
  const calls = sdkSignedCalls((appKey) => appForSdk(db, appKey), "preHandler");
  await app.register(signed, calls);

  app.get(
    SDK_CONFIG_PATH,
    {
      config: { public: true },
      schema: {
        tags: ["sdk"],
        description:
          "The app's placements with ad style, content types, auto rotation and floor prices as saved. " +
          "Signed: sign = hex(HMAC-SHA256(app secret, values of the other parameters by name + timestamp)), " +
          "refused outside ±300 s. An unknown app_key and a wrong signature get the same refusal.",
        querystring: sdkConfigQuery,
        response: { 200: envelopeOf(sdkConfigAnswer) },
      },
    },
    async (request) => ok(await sdkConfig(db, calls.of(request).signer, nowSeconds(), timeZone)),
  );
};

export const sdkRoutes = withDeps("sdk", routes);
