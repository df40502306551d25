/** Applications (spec §7 Applications; DESIGN §4, §5). Every call is scoped to the session's company. */
import {
  appCreateBody,
  appListAnswer,
  appListQuery,
  appNameExistQuery,
  appPkgExistQuery,
  appRow,
  appUpdateBody,
  envelopeOf,
  existAnswer,
  idQuery,
  ok,
} from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { appNameExists, appPkgExists, createApp, deleteApp, listApps, updateApp } from "./service.ts";

export interface AppsDeps {
  db: Db;
  timeZone: string;
}

const tags = ["apps"];
const read = { action: "app.read" } as const;
const write = { action: "app.write" } as const;
const actorOf = (session: { companyId: number; userId: number }) => ({
  companyId: session.companyId,
  userId: session.userId,
});

export const appRoutes: FastifyPluginAsyncZod<AppsDeps> = async (app, { db, timeZone }) => {
  app.get(
    "/v1/app/list",
    {
      config: read,
      schema: {
        tags,
        description: "The company's applications, newest first, with the number of placements of each.",
        querystring: appListQuery,
        response: { 200: envelopeOf(appListAnswer) },
      },
    },
    async (request) => ok(await listApps(db, sessionOf(request).companyId, request.query, timeZone)),
  );

  app.post(
    "/v1/app",
    {
      config: write,
      schema: {
        tags,
        description: "Adds an application; its app_key and SDK secret are generated and never change.",
        body: appCreateBody,
        response: { 200: envelopeOf(appRow) },
      },
    },
    async (request) => ok(await createApp(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );

  app.put(
    "/v1/app",
    {
      config: write,
      schema: { tags, body: appUpdateBody, response: { 200: envelopeOf(appRow) } },
    },
    async (request) => ok(await updateApp(db, actorOf(sessionOf(request)), request.body, timeZone)),
  );

  app.delete(
    "/v1/app",
    {
      config: write,
      schema: {
        tags,
        description: "Deletes an application; refused while it has placements.",
        querystring: idQuery,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteApp(db, actorOf(sessionOf(request)), request.query.id);
      return ok(null);
    },
  );

  app.get(
    "/v1/app/nameexist",
    {
      config: read,
      schema: {
        tags,
        description: "Whether another application of the company (not `id`) has this name.",
        querystring: appNameExistQuery,
        response: { 200: envelopeOf(existAnswer) },
      },
    },
    async (request) => {
      const { name, id } = request.query;
      return ok({ result: await appNameExists(db, sessionOf(request).companyId, name, id) });
    },
  );

  app.get(
    "/v1/app/pkgexist",
    {
      config: read,
      schema: {
        tags,
        description: "Whether another application of the company (not `id`) has this package name.",
        querystring: appPkgExistQuery,
        response: { 200: envelopeOf(existAnswer) },
      },
    },
    async (request) => {
      const { pkg, id } = request.query;
      return ok({ result: await appPkgExists(db, sessionOf(request).companyId, pkg, id) });
    },
  );
};
