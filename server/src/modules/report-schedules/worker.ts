/**
 * The scheduled-report mailer (docs/rules/reports.md#scheduled-reports): every worker process runs it. Every
 * `intervalSeconds` it queues the deliveries of newly published days and sends those due. Safe with several
 * processes: a period is queued once (unique key) and each delivery is claimed with FOR UPDATE SKIP LOCKED.
 */
import type { FastifyInstance } from "fastify";
import { runInBackground } from "../../lib/background.ts";
import { withDeps } from "../../plugins/deps.ts";
import { deliveryDepsOf, runDeliveries } from "./delivery.ts";

export interface ScheduleWorkerOptions {
  /** Seconds between runs; 0 = off. */
  intervalSeconds: number;
}

async function workerPlugin(app: FastifyInstance, { intervalSeconds }: ScheduleWorkerOptions) {
  if (intervalSeconds <= 0) return;
  const deps = deliveryDepsOf(app);
  runInBackground(app, {
    name: "scheduled report mailer",
    firstDelayMs: intervalSeconds * 1000,
    everyMs: intervalSeconds * 1000,
    run: async () => {
      const worked = await runDeliveries(deps);
      if (worked > 0) app.log.info({ deliveries: worked }, "scheduled report mails worked");
    },
  });
}

export const reportScheduleWorker = withDeps("report-schedule-worker", workerPlugin, { encapsulate: false });
