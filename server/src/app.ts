/**
 * Builds the Fastify app; the process (main.ts) and the tests build the same one. PROCESS_ROLE picks what
 * it serves: the console (API, /docs, web), ingest (SDK and external API), the report worker, or all;
 * every role answers /healthz, /readyz and /metrics (METRICS_TOKEN), and the envelope's 404 for a path it does
 * not serve.
 */
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config, ProcessRole } from "./config.ts";
import { controlChannel } from "./control/channel.ts";
import type { DataDirLock } from "./db/data-dir-lock.ts";
import { loggerOptions } from "./lib/request-log.ts";
import { accountRoutes } from "./modules/accounts/routes.ts";
import { reportApiRoutes } from "./modules/api-keys/report-routes.ts";
import { apiKeyRoutes } from "./modules/api-keys/routes.ts";
import { appRoutes } from "./modules/apps/routes.ts";
import { externalRoutes } from "./modules/external/routes.ts";
import { geoRoutes } from "./modules/geo/routes.ts";
import { historyRoutes } from "./modules/history/routes.ts";
import { codeMailWorker } from "./modules/identity/code-mail-worker.ts";
import { passwordRoutes } from "./modules/identity/password-routes.ts";
import { passportRoutes } from "./modules/identity/routes.ts";
import { endUserSessions } from "./modules/identity/service.ts";
import { twoFactorRoutes } from "./modules/identity/two-factor-routes.ts";
import { placementRoutes } from "./modules/placements/routes.ts";
import { profitCenterRoutes } from "./modules/profit-centers/routes.ts";
import { reportScheduleRoutes } from "./modules/report-schedules/routes.ts";
import { reportScheduleWorker } from "./modules/report-schedules/worker.ts";
import { reportViewRoutes } from "./modules/report-views/routes.ts";
import { sdkIngestRoutes } from "./modules/reports/ingest/routes.ts";
import { reportScheduler } from "./modules/reports/pipeline/scheduler.ts";
import { reportRoutes } from "./modules/reports/routes.ts";
import { sdkRoutes } from "./modules/sdk/routes.ts";
import { tenancyRoutes } from "./modules/tenancy/routes.ts";
import { apiDocs } from "./plugins/api-docs.ts";
import { auth } from "./plugins/auth.ts";
import { type Deps, deps } from "./plugins/deps.ts";
import { answerClientError, answerFrameworkError, envelope, sendNotFound } from "./plugins/envelope.ts";
import { healthRoutes } from "./plugins/health.ts";
import { metrics } from "./plugins/metrics.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { textInputs } from "./plugins/text-inputs.ts";
import { webRoutes } from "./plugins/web.ts";

export interface AppDeps extends Deps {
  /** The embedded data directory this process owns: the CLI's commands come through its control channel. */
  dataDirLock?: DataDirLock | null;
}

type ServingRole = Exclude<ProcessRole, "all">;

/** A group of routes (or the scheduler) and the roles whose processes serve it; `all` serves every one. */
interface Part {
  roles: readonly ServingRole[];
  register(api: FastifyInstance): PromiseLike<unknown>;
}

const CONSOLE = ["console"] as const;
const INGEST = ["ingest"] as const;

/** The API groups behind the session check, in registration order, each with its roles. */
function apiParts(config: Config): Part[] {
  return [
    { roles: CONSOLE, register: (api) => api.register(passportRoutes) },
    { roles: CONSOLE, register: (api) => api.register(appRoutes) },
    { roles: CONSOLE, register: (api) => api.register(placementRoutes) },
    { roles: CONSOLE, register: (api) => api.register(historyRoutes) },
    { roles: CONSOLE, register: (api) => api.register(geoRoutes) },
    { roles: INGEST, register: (api) => api.register(sdkRoutes) },
    { roles: CONSOLE, register: (api) => api.register(passwordRoutes) },
    { roles: CONSOLE, register: (api) => api.register(twoFactorRoutes) },
    { roles: CONSOLE, register: (api) => api.register(accountRoutes, { endSessions: endUserSessions }) },
    { roles: CONSOLE, register: (api) => api.register(tenancyRoutes) },
    { roles: CONSOLE, register: (api) => api.register(profitCenterRoutes) },
    { roles: INGEST, register: (api) => api.register(externalRoutes) },
    { roles: CONSOLE, register: (api) => api.register(reportRoutes) },
    { roles: CONSOLE, register: (api) => api.register(apiKeyRoutes) },
    { roles: CONSOLE, register: (api) => api.register(reportApiRoutes) },
    { roles: CONSOLE, register: (api) => api.register(reportScheduleRoutes) },
    { roles: CONSOLE, register: (api) => api.register(reportViewRoutes) },
    { roles: INGEST, register: (api) => api.register(sdkIngestRoutes) },
    {
      roles: ["worker"],
      register: (api) =>
        api.register(reportScheduler, {
          intervalSeconds: config.REPORT_SCHEDULE_SECONDS ?? (config.NODE_ENV === "test" ? 0 : 60),
        }),
    },
    {
      roles: ["worker"],
      register: (api) =>
        api.register(reportScheduleWorker, {
          intervalSeconds: config.REPORT_MAIL_SECONDS ?? (config.NODE_ENV === "test" ? 0 : 30),
        }),
    },
    {
      roles: ["worker"],
      register: (api) =>
        api.register(codeMailWorker, {
          intervalSeconds: config.MAIL_RETRY_SECONDS ?? (config.NODE_ENV === "test" ? 0 : 10),
        }),
    },
  ];
}

const BODY_LIMIT_BYTES = 100 * 1024;
/**
 * Route parameters up to this length reach the routes, whose schemas refuse a long one naming it; only a
 * longer one is refused by the router (414, envelope.ts).
 */
const MAX_PARAM_LENGTH = 1024;

/**
 * TRUST_PROXY for Fastify. A number of proxies becomes a function: Fastify turns a bare number into "trust
 * nothing", since it cannot tell whether the nearest hop is a proxy (README: a count is for a server only
 * the proxies reach).
 */
const trustProxy = (setting: Config["TRUST_PROXY"]) =>
  typeof setting === "number" ? (_address: string, hop: number) => hop < setting : setting;

export async function buildApp({ dataDirLock, ...shared }: AppDeps): Promise<FastifyInstance> {
  const { config, database } = shared;
  const serves = (roles: readonly ServingRole[]) =>
    config.PROCESS_ROLE === "all" || roles.some((role) => role === config.PROCESS_ROLE);
  const requestTimeoutMs = config.REQUEST_TIMEOUT_SECONDS * 1000;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    requestTimeout: requestTimeoutMs,
    // Node applies the timeout only when its server is created with it (Fastify sets it afterwards), and looks
    // for late requests every 30 s by default: every second keeps a slow one close to its timeout.
    http: { requestTimeout: requestTimeoutMs, connectionsCheckingInterval: 1000 },
    trustProxy: trustProxy(config.TRUST_PROXY),
    // While draining, the envelope plugin answers 608 itself instead of Fastify's own 503 body.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(deps, shared);

  await app.register(securityHeaders, {
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
  // API answers of 1 KB and more (lists, reports, CSV) go brotli or gzip to a client that takes it; the web's
  // assets are already compressed by the build. Request bodies are never inflated: a signed body is hashed as
  // sent, and a small compressed body must not become a large one past the body limit.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], globalDecompression: false });
  if (serves(CONSOLE) && config.API_DOCS) {
    await app.register(apiDocs);
  }
  await app.register(envelope);
  await app.register(textInputs);
  // In production the metrics are read only with their token; without one they are not served.
  if (config.METRICS_TOKEN || config.NODE_ENV !== "production") {
    await app.register(metrics, { token: config.METRICS_TOKEN });
  }
  await app.register(healthRoutes);
  await app.register(async (api) => {
    await api.register(auth);
    for (const part of apiParts(config).filter((part) => serves(part.roles))) await part.register(api);
  });
  if (serves(CONSOLE)) {
    await app.register(webRoutes, { distDir: config.WEB_DIST, callerSecret: config.CALLER_SECRET });
  } else {
    app.setNotFoundHandler(sendNotFound);
  }
  if (dataDirLock) {
    await app.register(controlChannel, { socketPath: dataDirLock.socketPath });
  }

  app.addHook("onClose", async () => {
    await database.db.destroy();
    dataDirLock?.release();
  });
  return app;
}
