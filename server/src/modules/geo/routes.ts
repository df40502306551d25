/**
 * The country list (spec §3, §7): `GET /api/v1/geo/country`. Public: it holds no company data, and a
 * signed-out page or tool may read it. The list itself lives in the contract.
 */
import { countryList, countryListAnswer, envelopeOf, ok } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = ok(countryList());
  app.get(
    "/api/v1/geo/country",
    {
      config: { public: true },
      schema: {
        tags: ["geo"],
        description:
          "Every ISO 3166-1 alpha-2 country plus ALL, OTHER and UNK as {Key, Value}, Value the Chinese and " +
          "English name, sorted by key with ALL first and OTHER last.",
        response: { 200: envelopeOf(countryListAnswer) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "public, max-age=3600");
      return answer;
    },
  );
};
