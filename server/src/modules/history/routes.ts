/** Change history (issue 14 item 5). Every call reads the session's company only. */
import { envelopeOf, historyListAnswer, historyListQuery, ok, recordHistoryQuery } from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { listHistory, recordHistory } from "./service.ts";

export interface HistoryDeps {
  db: Db;
  timeZone: string;
}

const tags = ["history"];

export const historyRoutes: FastifyPluginAsyncZod<HistoryDeps> = async (app, { db, timeZone }) => {
  app.get(
    "/v1/history/list",
    {
      config: { action: "history.read" },
      schema: {
        tags,
        description:
          "The company's changes, newest first: who, when, what (entity and id) and each changed field before " +
          "and after. Filters: entity, entity_id, user_id, start_date and end_date (yyyyMMdd, report time zone).",
        querystring: historyListQuery,
        response: { 200: envelopeOf(historyListAnswer) },
      },
    },
    async (request) => ok(await listHistory(db, sessionOf(request).companyId, request.query, timeZone)),
  );

  app.get(
    "/v1/history/record",
    {
      config: { action: "app.write" },
      schema: {
        tags,
        description: "One app's or placement's changes, newest first, for everyone who may edit it.",
        querystring: recordHistoryQuery,
        response: { 200: envelopeOf(historyListAnswer) },
      },
    },
    async (request) => ok(await recordHistory(db, sessionOf(request).companyId, request.query, timeZone)),
  );
};
