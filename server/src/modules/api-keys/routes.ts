/**
 * The console's calls of the reporting API's keys (docs/api.md#reporting-api): a company's super admins only.
 */
import { API_KEY_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { type Actor, apiKeyList, createApiKey, revokeApiKey } from "./service.ts";

const tags = ["api keys"];

const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId };
};

const routes: FastifyPluginAsync = async (app) => {
  const { db, timeZone } = app;
  serveEndpoint(app, API_KEY_ENDPOINTS.list, tags, async (request) =>
    ok(await apiKeyList(db, sessionOf(request).companyId, request.query, timeZone)),
  );
  serveEndpoint(app, API_KEY_ENDPOINTS.create, tags, async (request) =>
    ok(await createApiKey(db, actorOf(request), request.body, timeZone)),
  );
  serveEndpoint(app, API_KEY_ENDPOINTS.revoke, tags, async (request) =>
    ok(await revokeApiKey(db, actorOf(request), request.body.id, timeZone)),
  );
};

export const apiKeyRoutes = withDeps("api-keys", routes);
