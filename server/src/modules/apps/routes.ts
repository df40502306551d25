/** Applications (docs/rules/entities.md#applications). Every call is scoped to the session's company. */
import { APP_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { appNameExists, appPkgExists, createApp, deleteApp, listApps, updateApp } from "./service.ts";

const tags = ["apps"];
const actorOf = (session: { companyId: number; userId: number }) => ({
  companyId: session.companyId,
  userId: session.userId,
});

const routes: FastifyPluginAsync = async (app) => {
  const { db, timeZone } = app;
  serveEndpoint(app, APP_ENDPOINTS.list, tags, async (request) =>
    ok(await listApps(db, sessionOf(request).companyId, request.query, timeZone)),
  );
  serveEndpoint(app, APP_ENDPOINTS.create, tags, async (request) =>
    ok(await createApp(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );
  serveEndpoint(app, APP_ENDPOINTS.update, tags, async (request) =>
    ok(await updateApp(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );
  serveEndpoint(app, APP_ENDPOINTS.remove, tags, async (request) => {
    await deleteApp(db, actorOf(sessionOf(request)), request.query.id);
    return ok(null);
  });
  serveEndpoint(app, APP_ENDPOINTS.nameExists, tags, async (request) => {
    const { name, id } = request.query;
    return ok({ result: await appNameExists(db, sessionOf(request).companyId, name, id) });
  });
  serveEndpoint(app, APP_ENDPOINTS.pkgExists, tags, async (request) => {
    const { pkg, id } = request.query;
    return ok({ result: await appPkgExists(db, sessionOf(request).companyId, pkg, id) });
  });
};

export const appRoutes = withDeps("apps", routes);
