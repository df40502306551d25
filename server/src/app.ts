/** Builds the Fastify app; the process (main.ts) and the tests build the same one. */
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { DatabaseHandle } from "./db/database.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { appRoutes } from "./modules/apps/routes.ts";
import { externalRoutes } from "./modules/external/routes.ts";
import { geoRoutes } from "./modules/geo/routes.ts";
import type { LoginKey } from "./modules/passport/login-key.ts";
import { passwordRoutes } from "./modules/passport/password-routes.ts";
import { passportRoutes } from "./modules/passport/routes.ts";
import { placementRoutes } from "./modules/placements/routes.ts";
import { profitCenterRoutes } from "./modules/profit-centers/routes.ts";
import { sdkIngestRoutes } from "./modules/reports/ingest-routes.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { reportScheduler } from "./modules/reports/scheduler.ts";
import { sdkRoutes } from "./modules/sdk/routes.ts";
import { tenancyRoutes } from "./modules/tenancy/routes.ts";
import { auth } from "./plugins/auth.ts";
import { envelope } from "./plugins/envelope.ts";
import { healthRoutes } from "./plugins/health.ts";
import { metrics } from "./plugins/metrics.ts";
import { webRoutes } from "./plugins/web.ts";

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  loginKey: LoginKey;
}

const BODY_LIMIT_BYTES = 100 * 1024;

export async function buildApp({ config, database, loginKey }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ["req.headers.token", "req.headers.cookie"] },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // While draining, the envelope plugin answers 608 itself instead of Fastify's own 503 body.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: "Publisher Console API", version: "1.0.0" },
      components: { securitySchemes: { token: { type: "apiKey", in: "header", name: "token" } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs", staticCSP: true });
  await app.register(envelope);
  await app.register(metrics, { database });
  await app.register(healthRoutes, { database });
  await app.register(async (api) => {
    await api.register(auth, { db: database.db });
    await api.register(passportRoutes, { db: database.db, config, loginKey });
    await api.register(appRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(placementRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(geoRoutes);
    await api.register(sdkRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(passwordRoutes, { db: database.db, config });
    await api.register(accountRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(tenancyRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(profitCenterRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(externalRoutes, { db: database.db, config });
    await api.register(reportRoutes, { database, config });
    await api.register(sdkIngestRoutes, { db: database.db, timeZone: config.REPORT_TZ });
    await api.register(reportScheduler, {
      db: database.db,
      settings: { timeZone: config.REPORT_TZ, autoPublish: config.AUTO_PUBLISH },
      intervalSeconds: config.REPORT_SCHEDULE_SECONDS ?? (config.NODE_ENV === "test" ? 0 : 60),
    });
  });
  await app.register(webRoutes, { distDir: config.WEB_DIST, callerSecret: config.CALLER_SECRET });

  app.addHook("onClose", async () => {
    await database.db.destroy();
  });
  return app;
}
