/**
 * The report scheduler (DESIGN §5 Pipeline): every process runs it; each run queues yesterday (REPORT_TZ)
 * for every company lacking it and works the queue. Safe with several processes: queuing is an insert that
 * skips existing rows, and batches are claimed with FOR UPDATE SKIP LOCKED.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../../db/database.ts";
import { type ReportSettings, scheduledRun } from "./service.ts";

export interface SchedulerOptions {
  db: Db;
  settings: ReportSettings;
  /** Seconds between runs; 0 = off. */
  intervalSeconds: number;
  /** The first run, this long after the server is ready. */
  firstDelayMs?: number;
}

async function schedulerPlugin(app: FastifyInstance, options: SchedulerOptions) {
  if (options.intervalSeconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const schedule = (delayMs: number) => {
    if (closing) return;
    timer = setTimeout(() => {
      running = scheduledRun(options.db, options.settings)
        .then((ran) => {
          if (ran > 0) app.log.info({ batches: ran }, "report batches calculated");
        })
        .catch((error: unknown) => app.log.error({ err: error }, "report scheduler run failed"))
        .finally(() => {
          running = undefined;
          schedule(options.intervalSeconds * 1000);
        });
    }, delayMs);
    timer.unref();
  };

  app.addHook("onReady", async () => schedule(options.firstDelayMs ?? 2000));
  app.addHook("onClose", async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}

export const reportScheduler = fp(schedulerPlugin, { name: "report-scheduler" });
