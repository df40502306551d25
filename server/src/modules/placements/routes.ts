/** Ad placements (docs/rules/entities.md#floor-prices). Every call is scoped to the session's company. */
import { ok, PLACEMENT_ENDPOINTS } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import {
  createPlacement,
  deletePlacement,
  listPlacements,
  placementNameExists,
  positionOptions,
  updatePlacement,
} from "./service.ts";

const tags = ["placements"];
const actorOf = (session: { companyId: number; userId: number }) => ({
  companyId: session.companyId,
  userId: session.userId,
});

const routes: FastifyPluginAsync = async (app) => {
  const { db, timeZone } = app;
  serveEndpoint(app, PLACEMENT_ENDPOINTS.list, tags, async (request) =>
    ok(await listPlacements(db, sessionOf(request).companyId, request.query, timeZone)),
  );
  serveEndpoint(app, PLACEMENT_ENDPOINTS.create, tags, async (request) =>
    ok(await createPlacement(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );
  serveEndpoint(app, PLACEMENT_ENDPOINTS.update, tags, async (request) =>
    ok(await updatePlacement(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );
  serveEndpoint(app, PLACEMENT_ENDPOINTS.remove, tags, async (request) => {
    await deletePlacement(db, actorOf(sessionOf(request)), request.query.id);
    return ok(null);
  });
  serveEndpoint(app, PLACEMENT_ENDPOINTS.nameExists, tags, async (request) => {
    const { name, id } = request.query;
    return ok({ result: await placementNameExists(db, sessionOf(request).companyId, name, id) });
  });
  serveEndpoint(app, PLACEMENT_ENDPOINTS.positionOptions, tags, async (request) =>
    ok(await positionOptions(db, sessionOf(request).companyId)),
  );
};

export const placementRoutes = withDeps("placements", routes);
