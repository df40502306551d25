/**
 * The operators' profit-centre list (docs/api.md#signed-external-api): the console's selects use it, never
 * the external secret.
 */
import { ok, PROFIT_CENTER_ENDPOINTS } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { withDeps } from "../../plugins/deps.ts";
import { profitCenterList } from "./service.ts";

const routes: FastifyPluginAsync = async (app) => {
  const { db, timeZone } = app;
  serveEndpoint(app, PROFIT_CENTER_ENDPOINTS.list, ["profit centres"], async (request) =>
    ok(await profitCenterList(db, request.query, timeZone)),
  );
};

export const profitCenterRoutes = withDeps("profit-centers", routes);
