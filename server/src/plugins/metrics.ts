/**
 * Prometheus metrics at /metrics: every answer by route and status (those sent before routing too), their
 * latency, database pool use, the mails tried by kind and outcome (`lib/mail-metrics.ts`) and the mails
 * waiting in the queues. With a token, only a scraper sending it as `Authorization: Bearer` reads them
 * (others get HTTP 401).
 */
import { Code } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { AppError } from "../lib/app-error.ts";
import { mailMetricsRegistry } from "../lib/mail-metrics.ts";
import { safeEqualText } from "../lib/safe-equal.ts";
import { waitingMailsByKind } from "../modules/identity/service.ts";
import { waitingDeliveries } from "../modules/report-schedules/delivery.ts";
import { withDeps } from "./deps.ts";
import { sendRefusal } from "./envelope.ts";

/** The route label of an answer no route gave. */
const UNMATCHED_ROUTE = "unmatched";

const DEFAULT_GAUGES_NAMED_TOTAL = [
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_active_resources_total",
];

export interface MetricsOptions {
  /** METRICS_TOKEN; unset = anyone may read them. */
  token: string | undefined;
}

async function metricsPlugin(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters (Prometheus keeps `_total` for counters); their unsuffixed twins, by type,
  // carry the same numbers.
  for (const name of DEFAULT_GAUGES_NAMED_TOTAL) registry.removeSingleMetric(name);
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

  new Gauge({
    name: "mail_queue_waiting",
    help: "Mails waiting to be sent or retried, by kind (the emailed codes, the scheduled report deliveries)",
    labelNames: ["kind"],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const [codes, reports] = await Promise.all([waitingMailsByKind(app.db), waitingDeliveries(app.db)]);
        for (const kind of ["reset_code", "register_code", "registered_notice"] as const) {
          this.set({ kind }, codes.find((row) => row.kind === kind)?.count ?? 0);
        }
        this.set({ kind: "report" }, reports);
      } catch (error) {
        // the database does not answer: the other metrics are still served, and /readyz tells the outage
        app.log.warn({ err: error }, "mail queue gauge not read");
      }
    },
  });
  const served = Registry.merge([registry, mailMetricsRegistry]);

  const count = (method: string, route: string, statusCode: number, seconds: number | undefined) => {
    const labels = { method, route, status_code: String(statusCode) };
    requests.inc(labels);
    if (seconds !== undefined) latency.observe(labels, seconds);
  };
  app.addHook("onResponse", async (request, reply) => {
    count(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.decorate("countEarlyAnswer", (method: string, statusCode: number, seconds?: number) =>
    count(method, UNMATCHED_ROUTE, statusCode, seconds),
  );

  const expected = options.token === undefined ? undefined : `Bearer ${options.token}`;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const sent = request.headers.authorization ?? "";
    if (expected !== undefined && !safeEqualText(sent, expected)) {
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      return sendRefusal(request, reply, new AppError(Code.NotLoggedIn, "metricsTokenRequired"), 401);
    }
    return reply.type(served.contentType).send(await served.metrics());
  });
}

export const metrics = withDeps("metrics", metricsPlugin, { encapsulate: false });
