import type { FastifyInstance } from "fastify";

export interface BackgroundLoop {
  /** Named in the log line of a run that failed: "<name> run failed". */
  name: string;
  /** The first run, this long after the server is ready. */
  firstDelayMs: number;
  /** The pause after each run, whatever it did. */
  everyMs: number;
  run(): Promise<void>;
}

/**
 * A server's background loop (the workers' schedulers and retriers): runs never overlap, a failed run is
 * logged and the next one comes anyway, and closing the server starts no new run and waits for the one going.
 */
export function runInBackground(app: FastifyInstance, loop: BackgroundLoop): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let closing = false;

  const schedule = (delayMs: number) => {
    if (closing) return;
    timer = setTimeout(() => {
      running = loop
        .run()
        .catch((error: unknown) => app.log.error({ err: error }, `${loop.name} run failed`))
        .finally(() => {
          running = undefined;
          schedule(loop.everyMs);
        });
    }, delayMs);
    timer.unref();
  };

  app.addHook("onReady", async () => schedule(loop.firstDelayMs));
  app.addHook("onClose", async () => {
    closing = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
