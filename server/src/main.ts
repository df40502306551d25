/**
 * The server process: configuration, start, and a graceful shutdown on SIGTERM/SIGINT: the first signal
 * drains (no new connections, calls in flight finish, the database closes, exit 0), later ones only log.
 */
import { buildApp } from "./app.ts";
import { prepareRuntime } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { OPERATOR_ADMIN_EMAIL } from "./seed/demo.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const started = performance.now();
  const runtime = await prepareRuntime(config);
  const app = await buildApp(runtime);
  await app.listen({ port: config.PORT, host: config.HOST });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const database = runtime.database.kind === "postgres" ? "PostgreSQL" : `PGlite in ${config.DATA_DIR}`;
  console.log(
    `\nPublisher Console is up on http://localhost:${config.PORT} (${database}, ready in ${seconds}s)`,
  );
  if (config.NODE_ENV !== "production") {
    console.log(`  Demo publisher sign-in: ${config.CONSOLE_ADMIN_EMAIL} / ${config.CONSOLE_ADMIN_PASSWORD}`);
    console.log(`  Operator sign-in:       ${OPERATOR_ADMIN_EMAIL} / ${config.CONSOLE_ADMIN_PASSWORD}`);
  }
  if (config.API_DOCS) console.log(`  API documentation:      http://localhost:${config.PORT}/docs`);
  console.log("");

  // npm forwards a group signal, so the server often gets two: only the first starts the drain.
  let draining = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) {
      app.log.info({ signal }, "already shutting down; finishing the calls in flight");
      return;
    }
    draining = true;
    app.log.info({ signal }, "shutting down; finishing the calls in flight");
    setTimeout(() => {
      app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, "calls still in flight after the grace period; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
