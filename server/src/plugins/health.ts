import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { z } from "zod";
import { answeredAs } from "../lib/api-responses.ts";
import { withDeps } from "./deps.ts";
import { POOLER_HINT } from "./envelope.ts";

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Liveness and readiness probes: plain 200 when well; /readyz answers 503 while the database is out of
 * reach, or while it refuses the server's statements because its connections lost their state (faults.ts),
 * so a load balancer sends the calls elsewhere. Connections the database drops are logged here.
 */
async function healthPlugin(app: FastifyInstance) {
  const { database } = app;
  database.onConnectionLost((error) =>
    app.log.warn({ reason: reason(error) }, "database connection lost; the pool connects anew"),
  );
  const ok = answeredAs("ok", { "text/plain": z.string() });
  const liveness = {
    config: { public: true },
    schema: { tags: ["health"], summary: "Liveness: the process answers.", response: { 200: ok } },
  };
  const readiness = {
    config: { public: true },
    schema: {
      tags: ["health"],
      summary: "Readiness: the database answers the server's statements.",
      response: {
        200: ok,
        503: answeredAs("Why the database is not ready", { "text/plain": z.string() }),
      },
    },
  };
  app.get("/healthz", liveness, async (_request, reply) => reply.type("text/plain").send("ok"));
  app.get("/readyz", readiness, async (request, reply) => {
    const fault = database.faults.recent();
    if (fault) {
      request.log.warn({ reason: fault.reason, code: fault.code, hint: POOLER_HINT }, "database not ready");
      return reply.status(503).type("text/plain").send(`database refuses statements: ${fault.reason}`);
    }
    try {
      await sql`select 1`.execute(database.db);
      return reply.type("text/plain").send("ok");
    } catch (error) {
      request.log.warn({ reason: reason(error) }, "database not ready");
      return reply.status(503).type("text/plain").send("database unavailable");
    }
  });
}

export const healthRoutes = withDeps("health", healthPlugin);
