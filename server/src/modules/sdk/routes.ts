/** Calls of the mobile SDK (DESIGN §5): public routes, each signed with the app's secret. */
import { envelopeOf, ok, SDK_CONFIG_PATH, sdkConfigAnswer, sdkConfigQuery } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { sentParams } from "../../lib/signing.ts";
import { sdkConfig } from "./service.ts";

export interface SdkDeps {
  db: Db;
  timeZone: string;
}

export const sdkRoutes: FastifyPluginAsyncZod<SdkDeps> = async (app, { db, timeZone }) => {
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
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { app_key, timestamp, sign } = request.query;
      const call = { appKey: app_key, timestamp, sign, params: sentParams(request.url) };
      return ok(await sdkConfig(db, call, timeZone));
    },
  );
};
