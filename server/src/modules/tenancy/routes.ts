import { companyInfo, companyListQuery, companyRow, envelopeOf, hostQuery, ok, pageOf } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { brandingForHost, companyList } from "./service.ts";

export const tenancyRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
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

  app.get(
    "/v1/company/list",
    {
      config: { action: "company.read" },
      schema: {
        tags: ["tenancy"],
        description: "Companies, for the operators' selects (operator company, role 1 or 2).",
        querystring: companyListQuery,
        response: { 200: envelopeOf(pageOf(companyRow)) },
      },
    },
    async (request) => ok(await companyList(db, request.query, timeZone)),
  );
};
