/**
 * The browser security headers of every answer (CSP with `frame-ancestors 'none'`, nosniff, referrer policy and
 * the rest of helmet's set). Helmet works them out once here: @fastify/helmet built helmet's middleware anew,
 * directives parsed again, for every request. A route whose callers are not browsers (the SDK) leaves them out
 * with `config: { browserHeaders: false }`.
 */
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyContextConfig {
    browserHeaders?: boolean;
  }
}

/** The headers helmet sets for these options (fixed options set the same headers on every answer). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(response.req, response, () => undefined);
  return Object.fromEntries(
    Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
}

export const securityHeaders = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config.browserHeaders !== false) reply.headers(headers);
    done();
  });
});
