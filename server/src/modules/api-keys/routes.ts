/** The console's calls of the reporting API's keys (issue 14 item 2): a company's super admins only. */
import { API_KEY_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { Db } from "../../db/database.ts";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { type Actor, apiKeyList, createApiKey, revokeApiKey } from "./service.ts";

const tags = ["api keys"];

const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId };
};

export const apiKeyRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
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
