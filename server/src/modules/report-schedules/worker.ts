/**
 * The scheduled-report mailer (issue 14 item 3): every worker process runs it. Every `intervalSeconds` it
 * queues the deliveries of newly published days and sends those due. Safe with several processes: a period
 * is queued once (unique key) and each delivery is claimed with FOR UPDATE SKIP LOCKED.
 */
import type { FastifyInstance } from "fastify";
import { withDeps } from "../../plugins/deps.ts";
import { deliveryDepsOf, runDeliveries } from "./delivery.ts";

export interface ScheduleWorkerOptions {
  /** Seconds between runs; 0 = off. */
  intervalSeconds: number;
}

async function workerPlugin(app: FastifyInstance, { intervalSeconds }: ScheduleWorkerOptions) {
  if (intervalSeconds <= 0) return;
  const deps = deliveryDepsOf(app);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      running = runDeliveries(deps)
        .then((worked) => {
          if (worked > 0) app.log.info({ deliveries: worked }, "scheduled report mails worked");
        })
        .catch((error: unknown) => app.log.error({ err: error }, "scheduled report mailer run failed"))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, intervalSeconds * 1000);
    timer.unref();
  };

  app.addHook("onReady", async () => schedule());
  app.addHook("onClose", async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}

export const reportScheduleWorker = withDeps("report-schedule-worker", workerPlugin, { encapsulate: false });
