import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "../db/database.ts";

/** Liveness and readiness probes: plain 200 when well. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const probe = { schema: { tags: ["health"] } } as const;
  app.get("/healthz", probe, async (_request, reply) => reply.type("text/plain").send("ok"));
  app.get("/readyz", probe, async (request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return reply.type("text/plain").send("ok");
    } catch (err) {
      request.log.warn({ err }, "database not ready");
      return reply.status(503).type("text/plain").send("database unavailable");
    }
  });
}
