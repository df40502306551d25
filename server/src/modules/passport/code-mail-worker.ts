/**
 * The retrier of emailed codes: every worker process runs it. Every `intervalSeconds` it ends the queued
 * code mails of no more use and tries those due again. Safe with several processes: each mail is claimed
 * with FOR UPDATE SKIP LOCKED under a lease.
 */
import type { FastifyInstance } from "fastify";
import { withDeps } from "../../plugins/deps.ts";
import { codeMailDepsOf, runCodeMails } from "./code-mail.ts";

export interface CodeMailWorkerOptions {
  /** Seconds between runs; 0 = off. */
  intervalSeconds: number;
}

async function workerPlugin(app: FastifyInstance, { intervalSeconds }: CodeMailWorkerOptions) {
  if (intervalSeconds <= 0) return;
  const deps = codeMailDepsOf(app);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const schedule = () => {
    if (closing) return;
    timer = setTimeout(() => {
      running = runCodeMails(deps)
        .then(() => undefined)
        .catch((error: unknown) => app.log.error({ err: error }, "code mail retrier run failed"))
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

export const codeMailWorker = withDeps("code-mail-worker", workerPlugin, { encapsulate: false });
