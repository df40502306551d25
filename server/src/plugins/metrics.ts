/**
 * Prometheus metrics at /metrics: requests by route and status, their latency, and database pool use. With a
 * token, only a scraper sending it as `Authorization: Bearer` reads them (others get HTTP 401).
 */
import { Code } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../lib/app-error.ts";
import { safeEqualText } from "../lib/safe-equal.ts";
import { withDeps } from "./deps.ts";
import { sendRefusal } from "./envelope.ts";

export interface MetricsOptions {
  /** METRICS_TOKEN; unset = anyone may read them. */
  token: string | undefined;
}

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status_code"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered",
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database pool connections by state (PostgreSQL only)",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = app.database.poolStats();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });

  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const expected = options.token === undefined ? undefined : `Bearer ${options.token}`;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const sent = request.headers.authorization ?? "";
    if (expected !== undefined && !safeEqualText(sent, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return sendRefusal(request, reply, new AppError(Code.NotLoggedIn, "metricsTokenRequired"), 401);
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

export const metrics = withDeps("metrics", metricsPlugin, { encapsulate: false });
