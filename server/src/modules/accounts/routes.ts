/** The accounts API (spec §7 Accounts): every call needs `account.manage` (roles 1 and 2) and stays in the session's company. */
import {
  envelopeOf,
  ok,
  userCreateAnswer,
  userCreateBody,
  userDeleteAnswer,
  userDeleteQuery,
  userListAnswer,
  userListQuery,
  userStatusBody,
  userUpdateBody,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import {
  type Actor,
  createAccount,
  deleteAccounts,
  listAccounts,
  setAccountStatus,
  updateAccount,
} from "./service.ts";

export interface AccountRoutesDeps {
  db: Db;
  timeZone: string;
}

const tags = ["accounts"];
const manage = { action: "account.manage" } as const;
/** The user-centre path of freeze/thaw and delete, kept from the spec's original back end. */
const INNER_USER = "/v1/user_center_proxy/v1/passport/inner/user";

const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return {
    userId: session.userId,
    roleIds: session.principal.roleIds,
    companyId: session.companyId,
    accountId: session.accountId,
    tokenHash: session.tokenHash,
    clientAddress: request.ip,
  };
};

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, { db, timeZone }) => {
  app.get(
    "/v1/user/list",
    {
      config: manage,
      schema: {
        tags,
        description: "The company's users, newest first, with role ids and the reviser's name.",
        querystring: userListQuery,
        response: { 200: envelopeOf(userListAnswer) },
      },
    },
    async (request) => ok(await listAccounts(db, sessionOf(request).companyId, request.query, timeZone)),
  );

  app.post(
    "/v1/user",
    {
      config: manage,
      schema: {
        tags,
        description:
          "Creates a staff account (role 3 only); the password is the MD5 of what the web checked.",
        body: userCreateBody,
        response: { 200: envelopeOf(userCreateAnswer) },
      },
    },
    async (request) => ok({ user_id: await createAccount(db, actorOf(request), request.body) }),
  );

  app.put(
    "/v1/user",
    {
      config: manage,
      schema: {
        tags,
        description:
          "Edits an account; a new password signs that user out. The roles of a role 1/2 user never change.",
        body: userUpdateBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await updateAccount(db, actorOf(request), request.body);
      return ok(null);
    },
  );

  app.put(
    INNER_USER,
    {
      config: manage,
      schema: {
        tags,
        description:
          "Freezes (status 4, signs the user out at once) or thaws (status 1) a staff account; never oneself or a role 1/2 user.",
        body: userStatusBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await setAccountStatus(db, actorOf(request), request.body);
      return ok(null);
    },
  );

  app.delete(
    INNER_USER,
    {
      config: manage,
      schema: {
        tags,
        description:
          "Deletes staff accounts, all or nothing (ids=1&ids=2 or ids=1,2); never oneself or a role 1/2 user.",
        querystring: userDeleteQuery,
        response: { 200: envelopeOf(userDeleteAnswer) },
      },
    },
    async (request) => ok({ deleted: await deleteAccounts(db, actorOf(request), request.query) }),
  );
};
