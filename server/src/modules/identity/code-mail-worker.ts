/**
 * The retrier of emailed codes: every worker process runs it. Every `intervalSeconds` it ends the queued
 * code mails of no more use and tries those due again. Safe with several processes: each mail is claimed
 * with FOR UPDATE SKIP LOCKED under a lease.
 */
import type { FastifyInstance } from "fastify";
import { runInBackground } from "../../lib/background.ts";
import { withDeps } from "../../plugins/deps.ts";
import { codeMailDepsOf, runCodeMails } from "./code-mail.ts";

export interface CodeMailWorkerOptions {
  /** Seconds between runs; 0 = off. */
  intervalSeconds: number;
}

async function workerPlugin(app: FastifyInstance, { intervalSeconds }: CodeMailWorkerOptions) {
  if (intervalSeconds <= 0) return;
  const deps = codeMailDepsOf(app);
  runInBackground(app, {
    name: "code mail retrier",
    firstDelayMs: intervalSeconds * 1000,
    everyMs: intervalSeconds * 1000,
    run: async () => {
      await runCodeMails(deps);
    },
  });
}

export const codeMailWorker = withDeps("code-mail-worker", workerPlugin, { encapsulate: false });
