/** The console's calls of the reporting API's keys (issue 14 item 2): a company's super admins only. */
import {
  API_KEY_PATHS,
  apiKeyCreateAnswer,
  apiKeyCreateBody,
  apiKeyListAnswer,
  apiKeyListQuery,
  apiKeyRevokeBody,
  apiKeyRow,
  envelopeOf,
  ok,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { type Actor, apiKeyList, createApiKey, revokeApiKey } from "./service.ts";

const tags = ["api keys"];
const manage = { action: "apiKey.manage" } as const;

const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId };
};

export const apiKeyRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    API_KEY_PATHS.list,
    {
      config: manage,
      schema: {
        tags,
        description:
          "The company's reporting API keys, newest first: name, the key's first characters, scopes, status " +
          "(active, expired, revoked), creator, expiry and last use (to the minute). Never a secret. Super admins.",
        querystring: apiKeyListQuery,
        response: { 200: envelopeOf(apiKeyListAnswer) },
      },
    },
    async (request) => ok(await apiKeyList(db, sessionOf(request).companyId, request.query, timeZone)),
  );

  app.post(
    API_KEY_PATHS.create,
    {
      config: manage,
      schema: {
        tags,
        description:
          "Creates a read-only key of the company for the reporting API (scopes sdk and/or affiliate; " +
          "expires_on: the last day it works, UTC, or none). The answer carries the secret: it is shown this " +
          "once and only its SHA-256 is kept. Super admins.",
        body: apiKeyCreateBody,
        response: { 200: envelopeOf(apiKeyCreateAnswer) },
      },
    },
    async (request) => ok(await createApiKey(db, actorOf(request), request.body, timeZone)),
  );

  app.post(
    API_KEY_PATHS.revoke,
    {
      config: manage,
      schema: {
        tags,
        description:
          "Revokes a key of the company: its next call is refused (code 20010, HTTP 401). Revoking a revoked " +
          "key changes nothing. Super admins.",
        body: apiKeyRevokeBody,
        response: { 200: envelopeOf(apiKeyRow) },
      },
    },
    async (request) => ok(await revokeApiKey(db, actorOf(request), request.body.id, timeZone)),
  );
};
