/**
 * The accounts API (docs/rules/roles.md#who-sees-what): every call needs `account.manage` (roles 1 and 2) and
 * stays in the session's company.
 */
import { ACCOUNT_ENDPOINTS, ok } from "@pc/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import {
  type Actor,
  createAccount,
  deleteAccounts,
  type EndSessions,
  listAccounts,
  setAccountStatus,
  updateAccount,
} from "./service.ts";

const tags = ["accounts"];

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

export interface AccountRoutesOptions {
  /** The identity module's, given by app.ts: freezing, deleting and a new password sign a user out. */
  endSessions: EndSessions;
}

const routes: FastifyPluginAsync<AccountRoutesOptions> = async (app, { endSessions }) => {
  const { db, timeZone } = app;
  const deps = { db, endSessions };
  serveEndpoint(app, ACCOUNT_ENDPOINTS.list, tags, async (request) =>
    ok(await listAccounts(db, sessionOf(request).companyId, request.query, timeZone)),
  );
  serveEndpoint(app, ACCOUNT_ENDPOINTS.create, tags, async (request) =>
    ok({ user_id: await createAccount(db, actorOf(request), request.body) }),
  );
  serveEndpoint(app, ACCOUNT_ENDPOINTS.update, tags, async (request) => {
    await updateAccount(deps, actorOf(request), request.body);
    return ok(null);
  });
  serveEndpoint(app, ACCOUNT_ENDPOINTS.setStatus, tags, async (request) => {
    await setAccountStatus(deps, actorOf(request), request.body);
    return ok(null);
  });
  serveEndpoint(app, ACCOUNT_ENDPOINTS.remove, tags, async (request) =>
    ok({ deleted: await deleteAccounts(deps, actorOf(request), request.query) }),
  );
};

export const accountRoutes = withDeps("accounts", routes);
