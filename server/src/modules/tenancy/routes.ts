import { companyInfo, envelopeOf, hostQuery, ok } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { brandingForHost } from "./service.ts";

export const tenancyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/common/host",
    {
      config: { public: true },
      schema: {
        tags: ["tenancy"],
        description: "The branding of the company serving a host; unknown hosts get the default branding.",
        querystring: hostQuery,
        response: { 200: envelopeOf(companyInfo) },
      },
    },
    async (request) =>
      ok(await brandingForHost(db, request.query.host || request.hostname.split(":")[0] || "")),
  );
};
