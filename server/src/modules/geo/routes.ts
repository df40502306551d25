/**
 * The country list (docs/rules/entities.md#countries): `GET /api/v1/geo/country`. Public: it holds no company
 * data, and a signed-out page or tool may read it. The list itself lives in the contract.
 */
import { countryList, GEO_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";

export const geoRoutes: FastifyPluginAsync = async (app) => {
  const answer = ok(countryList());
  serveEndpoint(app, GEO_ENDPOINTS.countries, ["geo"], async (_request, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return answer;
  });
};
