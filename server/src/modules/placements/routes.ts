/** Ad placements (spec §7 Placements; DESIGN §4, §5). Every call is scoped to the session's company. */
import {
  envelopeOf,
  existAnswer,
  idQuery,
  ok,
  placementCreateBody,
  placementListAnswer,
  placementListQuery,
  placementNameExistQuery,
  placementRow,
  placementUpdateBody,
  positionOptionsAnswer,
} from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import {
  createPlacement,
  deletePlacement,
  listPlacements,
  placementNameExists,
  positionOptions,
  updatePlacement,
} from "./service.ts";

export interface PlacementsDeps {
  db: Db;
  timeZone: string;
}

const tags = ["placements"];
const read = { action: "app.read" } as const;
const write = { action: "app.write" } as const;
const actorOf = (session: { companyId: number; userId: number }) => ({
  companyId: session.companyId,
  userId: session.userId,
});

export const placementRoutes: FastifyPluginAsyncZod<PlacementsDeps> = async (app, { db, timeZone }) => {
  app.get(
    "/v1/adpos/list",
    {
      config: read,
      schema: {
        tags,
        description: "The company's placements, newest first; filters: id, name, ad_style, app_name.",
        querystring: placementListQuery,
        response: { 200: envelopeOf(placementListAnswer) },
      },
    },
    async (request) => ok(await listPlacements(db, sessionOf(request).companyId, request.query, timeZone)),
  );

  app.post(
    "/v1/adpos",
    {
      config: write,
      schema: { tags, body: placementCreateBody, response: { 200: envelopeOf(placementRow) } },
    },
    async (request) => ok(await createPlacement(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );

  app.put(
    "/v1/adpos",
    {
      config: write,
      schema: {
        tags,
        description:
          "Edits a placement (its app cannot change). With `country_bottom_price` (a JSON string) the floor " +
          "prices are replaced; without it they are kept.",
        body: placementUpdateBody,
        response: { 200: envelopeOf(placementRow) },
      },
    },
    async (request) => ok(await updatePlacement(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );

  app.delete(
    "/v1/adpos",
    {
      config: write,
      schema: { tags, querystring: idQuery, response: { 200: envelopeOf(z.null()) } },
    },
    async (request) => {
      await deletePlacement(db, actorOf(sessionOf(request)), request.query.id);
      return ok(null);
    },
  );

  app.get(
    "/v1/adpos/name_exist",
    {
      config: read,
      schema: {
        tags,
        description: "Whether another placement of the company (not `id`) has this name.",
        querystring: placementNameExistQuery,
        response: { 200: envelopeOf(existAnswer) },
      },
    },
    async (request) => {
      const { name, id } = request.query;
      return ok({ result: await placementNameExists(db, sessionOf(request).companyId, name, id) });
    },
  );

  app.get(
    "/api/v1/ad_position/position_id",
    {
      config: read,
      schema: {
        tags,
        description: "Every placement of the company for selects: id, name, app and ad style.",
        response: { 200: envelopeOf(positionOptionsAnswer) },
      },
    },
    async (request) => ok(await positionOptions(db, sessionOf(request).companyId)),
  );
};
