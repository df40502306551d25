/** The operators' profit-centre list (issue 6): the console's selects use it, never the external secret. */
import { ok, PROFIT_CENTER_ENDPOINTS } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../../db/database.ts";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { profitCenterList } from "./service.ts";

export const profitCenterRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  serveEndpoint(app, PROFIT_CENTER_ENDPOINTS.list, ["profit centres"], async (request) =>
    ok(await profitCenterList(db, request.query, timeZone)),
  );
};
