/**
 * Sessions and permissions on every API route: a route is private unless its config says `public: true`;
 * a private route may name the `action` the permissions matrix must allow (docs/rules/roles.md).
 */
import { AccountStatus, type Action, Code, can, type Principal } from "@pc/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Db } from "../db/database.ts";
import { AppError } from "../lib/app-error.ts";
import { principalOf } from "../modules/accounts/service.ts";
import { findLiveSession, keyOfSecret, type SecretKey } from "../modules/passport/tokens.ts";
import { withDeps } from "./deps.ts";

export interface Session {
  tokenHash: string;
  userId: number;
  companyId: number;
  accountId: number;
  isOperator: boolean;
  principal: Principal;
}

declare module "fastify" {
  interface FastifyContextConfig {
    public?: boolean;
    action?: Action;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

async function loadSession(db: Db, token: string): Promise<Session | null> {
  const key = keyOfSecret(token);
  const row = key ? await findLiveSession(db, key) : undefined;
  if (!key || !row || row.status !== AccountStatus.Normal) return null;
  return {
    tokenHash: key.hash,
    userId: row.user_id,
    companyId: row.company_id,
    accountId: row.account_id,
    isOperator: row.is_operator,
    principal: principalOf(row.role_ids, row.report_scope, row.is_operator),
  };
}

/** Where the row of a session's token is. */
export const tokenKeyOf = (session: Session): SecretKey => ({
  companyId: session.companyId,
  hash: session.tokenHash,
});

/** The session of a private route's request (set by the auth hook before the handler runs). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(Code.TokenInvalid);
  return request.session;
}

async function authPlugin(app: FastifyInstance) {
  const { db } = app;
  app.decorateRequest("session", null);
  app.addHook("onRequest", async (request) => {
    const config = request.routeOptions.config;
    if (config.public || !request.routeOptions.url) return;
    const token = request.headers.token;
    const session = typeof token === "string" && token ? await loadSession(db, token) : null;
    if (!session) throw new AppError(Code.TokenInvalid);
    // Set before the permission check, so that a 402 is logged with who asked.
    request.session = session;
    if (config.action && !can(session.principal, config.action)) throw new AppError(Code.NoPermission);
  });
}

export const auth = withDeps("auth", authPlugin, { encapsulate: false });
