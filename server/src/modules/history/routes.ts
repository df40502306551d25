/** Change history (docs/rules/screens.md#change-history). Every call reads the session's company only. */
import { HISTORY_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { listHistory, recordHistory } from "./service.ts";

const tags = ["history"];

const routes: FastifyPluginAsync = async (app) => {
  const { db, timeZone } = app;
  serveEndpoint(app, HISTORY_ENDPOINTS.list, tags, async (request) =>
    ok(await listHistory(db, sessionOf(request).companyId, request.query, timeZone)),
  );
  serveEndpoint(app, HISTORY_ENDPOINTS.record, tags, async (request) =>
    ok(await recordHistory(db, sessionOf(request).companyId, request.query, timeZone)),
  );
};

export const historyRoutes = withDeps("history", routes);
