/**
 * Saved view calls: list, create, update (rename, save the screen into it) and delete of the caller's own views,
 * on each report's paths, so that the permissions matrix lets in exactly those who may read that report. Thin
 * handlers: the rules live in service.ts.
 */
import {
  OFFLINE_VIEW_ENDPOINTS,
  ONLINE_VIEW_ENDPOINTS,
  ok,
  type ReportKindValue,
  type ReportViewEndpoints,
} from "@pc/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { createView, deleteView, listViews, updateView, type ViewActor } from "./service.ts";

const tags = ["report views"];

const actorOf = (request: FastifyRequest, kind: ReportKindValue): ViewActor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId, kind };
};

function serveViews(app: FastifyInstance, kind: ReportKindValue, endpoints: ReportViewEndpoints) {
  const { db, timeZone } = app;
  serveEndpoint(app, endpoints.list, tags, async (request) =>
    ok(await listViews(db, actorOf(request, kind), timeZone)),
  );
  serveEndpoint(app, endpoints.create, tags, async (request) => {
    const { name, selection } = request.body;
    return ok(await createView(db, actorOf(request, kind), { name, selection }, timeZone));
  });
  serveEndpoint(app, endpoints.update, tags, async (request) => {
    const { id, name, selection } = request.body;
    return ok(await updateView(db, actorOf(request, kind), { id, name, selection }, timeZone));
  });
  serveEndpoint(app, endpoints.remove, tags, async (request) => {
    await deleteView(db, actorOf(request, kind), request.query.id);
    return ok(null);
  });
}

const routes: FastifyPluginAsync = async (app) => {
  serveViews(app, "online", ONLINE_VIEW_ENDPOINTS);
  serveViews(app, "offline", OFFLINE_VIEW_ENDPOINTS);
};

export const reportViewRoutes = withDeps("report-views", routes);
