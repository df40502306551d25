/** The server process: configuration, start, and a graceful shutdown on SIGTERM/SIGINT. */
import { buildApp } from "./app.ts";
import { prepareRuntime } from "./bootstrap.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { OPERATOR_ADMIN_EMAIL } from "./db/seed.ts";

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
    console.log(`  API documentation:      http://localhost:${config.PORT}/docs\n`);
  }

  const shutdown = (signal: string) => {
    app.log.info({ signal }, "shutting down");
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
