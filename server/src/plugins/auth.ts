/**
 * Sessions and permissions on every API route: a route is private unless its config says `public: true`;
 * a private route may name the `action` the permissions matrix must allow (docs/rules/roles.md).
 */
import { type Action, Code, can } from "@pc/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";
import { type Session, sessionOfToken } from "../modules/identity/service.ts";
import { withDeps } from "./deps.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    public?: boolean;
    action?: Action;
  }
  interface FastifyRequest {
    session: Session | null;
  }
}

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
    const session = typeof token === "string" && token ? await sessionOfToken(db, token) : null;
    if (!session) throw new AppError(Code.TokenInvalid);
    // Set before the permission check, so that a 402 is logged with who asked.
    request.session = session;
    if (config.action && !can(session.principal, config.action)) throw new AppError(Code.NoPermission);
  });
}

export const auth = withDeps("auth", authPlugin, { encapsulate: false });
