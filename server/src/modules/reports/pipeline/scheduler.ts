/**
 * The report scheduler (docs/rules/reports.md#pipeline): every worker process runs it. Every
 * `intervalSeconds` it queues yesterday (REPORT_TZ) for every company lacking it and works the queue; in
 * between, every third of a lease, it only claims: a batch queued by another process, or one whose
 * calculation stopped renewing its lease (its process was killed), is calculated within seconds. Safe with
 * several processes: queuing is an insert that skips existing rows, and batches are claimed with FOR UPDATE
 * SKIP LOCKED.
 */
import type { FastifyInstance } from "fastify";
import { runInBackground } from "../../../lib/background.ts";
import { withDeps } from "../../../plugins/deps.ts";
import { ALL_BATCHES, reportSettings, runQueue, scheduledRun } from "./service.ts";

export interface SchedulerOptions {
  /** Seconds between queuings of yesterday; 0 = off (no polling either). */
  intervalSeconds: number;
  /** The first run, this long after the server is ready. */
  firstDelayMs?: number;
}

async function schedulerPlugin(app: FastifyInstance, options: SchedulerOptions) {
  if (options.intervalSeconds <= 0) return;
  const { db } = app;
  const settings = reportSettings(app.config);
  const pollMs = Math.min(options.intervalSeconds, settings.leaseSeconds / 3) * 1000;
  let nextQueueAt = 0;

  const work = () => {
    if (Date.now() < nextQueueAt) return runQueue(db, ALL_BATCHES, settings);
    nextQueueAt = Date.now() + options.intervalSeconds * 1000;
    return scheduledRun(db, settings);
  };

  runInBackground(app, {
    name: "report scheduler",
    firstDelayMs: options.firstDelayMs ?? 2000,
    everyMs: pollMs,
    run: async () => {
      const ran = await work();
      if (ran > 0) app.log.info({ batches: ran }, "report batches calculated");
    },
  });
}

export const reportScheduler = withDeps("report-scheduler", schedulerPlugin, { encapsulate: false });
