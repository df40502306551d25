/** The operators' profit-centre list (issue 6): the console's selects use it, never the external secret. */
import { envelopeOf, ok, pageOf, profitCenterListQuery, profitCenterRow } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { profitCenterList } from "./service.ts";

export const profitCenterRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    "/v1/profit_center/list",
    {
      config: { action: "company.read" },
      schema: {
        tags: ["profit centres"],
        description: "Profit centres, for the operators' selects (operator company, role 1 or 2).",
        querystring: profitCenterListQuery,
        response: { 200: envelopeOf(pageOf(profitCenterRow)) },
      },
    },
    async (request) => ok(await profitCenterList(db, request.query, timeZone)),
  );
};
