/** Change history (issue 14 item 5). Every call reads the session's company only. */
import { HISTORY_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../../db/database.ts";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { listHistory, recordHistory } from "./service.ts";

export interface HistoryDeps {
  db: Db;
  timeZone: string;
}

const tags = ["history"];

export const historyRoutes: FastifyPluginAsync<HistoryDeps> = async (app, { db, timeZone }) => {
  serveEndpoint(app, HISTORY_ENDPOINTS.list, tags, async (request) =>
    ok(await listHistory(db, sessionOf(request).companyId, request.query, timeZone)),
  );
  serveEndpoint(app, HISTORY_ENDPOINTS.record, tags, async (request) =>
    ok(await recordHistory(db, sessionOf(request).companyId, request.query, timeZone)),
  );
};
