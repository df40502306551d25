/** The environment, validated once (docs/configuration.md). */
import { isIP } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const DEV_CALLER_SECRET = "dev-caller-secret";
export const DEV_EXTERNAL_API_SECRET = "dev-external-api-secret";
/** REPORT_LEASE_SECONDS by default. */
export const DEFAULT_LEASE_SECONDS = 30;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** What a process serves (docs/deployment.md#3-several-processes); every role shares one PostgreSQL. */
export const PROCESS_ROLES = ["all", "ingest", "console", "worker"] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const booleanText = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** A secret someone set: long enough that it cannot be guessed (the dev defaults are refused in production). */
const SECRET_MIN_LENGTH = 32;
const secret = z.string().min(SECRET_MIN_LENGTH);

/** Named address ranges that Fastify's proxy-addr understands as trusted proxies. */
const PROXY_RANGE_NAMES = ["loopback", "linklocal", "uniquelocal"];
const isProxyAddress = (entry: string): boolean => {
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  if (prefix === undefined) return PROXY_RANGE_NAMES.includes(address) || isIP(address) !== 0;
  const bits = isIP(address) === 4 ? 32 : isIP(address) === 6 ? 128 : -1;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
};

/**
 * Which hops in front of the server are trusted to tell the client's address (X-Forwarded-For): none
 * (`false`, `0`), the nearest N (`1` = one load balancer), or the proxies at these addresses. `true` (trust
 * every hop) is refused: the client would choose its own address by writing the header.
 */
const trustProxy = z.string().transform((text, ctx): false | number | string[] => {
  if (text === "false" || text === "0") return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(",").map((entry) => entry.trim());
  if (text !== "true" && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: "custom",
    message:
      text === "true"
        ? "true would trust every hop, so a client could choose its own address: give the number of proxies in front of the server (e.g. 1) or their addresses"
        : "must be false, a number of proxies, or comma-separated proxy addresses (IP or CIDR)",
  });
  return z.NEVER;
});

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_URL: z.url().optional(),
    // A pooler between the server and PostgreSQL that hands each transaction any server connection
    // (PgBouncer's pool_mode=transaction) keeps no per-connection state: "transaction" sends every
    // statement unnamed and sets nothing per session.
    DATABASE_POOLER: z.enum(["none", "session", "transaction"]).default("none"),
    DATA_DIR: z.string().default(path.join(repoRoot, ".data")),
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PROCESS_ROLE: z.enum(PROCESS_ROLES).default("all"),
    RSA_PRIVATE_KEY: z.string().optional(),
    CALLER_SECRET: secret.default(DEV_CALLER_SECRET),
    EXTERNAL_API_SECRET: secret.default(DEV_EXTERNAL_API_SECRET),
    /**
     * Seals the two-step verification secrets in the database (AES-256-GCM), so that reading the database alone
     * does not hand them out. Unset: they are stored as they are.
     */
    TWO_FACTOR_KEY: secret.optional(),
    CAPTCHA_FIXED_ANSWER: z.string().min(1).optional(),
    DEMO_SEED: booleanText.optional(),
    /** With the demo seed: also 90 days of SDK and affiliate report data (the API tests turn it off). */
    DEMO_SEED_REPORTS: booleanText.default(true),
    CONSOLE_ADMIN_EMAIL: z.email().default("admin@demo.test"),
    CONSOLE_ADMIN_PASSWORD: z.string().min(8).default("Demo12345"),
    SMTP_URL: z.string().optional(),
    /** The sender of the emailed codes. */
    MAIL_FROM: z.string().default("Publisher Console <no-reply@publisher-console.local>"),
    /** The console's address as mail recipients reach it (the unsubscribe link of scheduled reports). */
    PUBLIC_URL: z.url().optional(),
    /** Seconds between runs of the scheduled-report mailer; 0 = off. Default 30, off in tests. */
    REPORT_MAIL_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
    /** Seconds between retries of the emailed codes that could not be sent; 0 = off. Default 10, off in tests. */
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
    REPORT_TZ: z.string().default("UTC"),
    AUTO_PUBLISH: booleanText.default(false),
    /** SDK batches (and affiliate calls) in flight per process before more are answered 429 with Retry-After. */
    INGEST_MAX_IN_FLIGHT: z.coerce.number().int().positive().default(128),
    EXPORT_MAX_ROWS: z.coerce.number().int().positive().default(1_000_000),
    /** Seconds between runs of the report scheduler (calculates yesterday); 0 = off. Default 60, off in tests. */
    REPORT_SCHEDULE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
    /** A calculation's lease: renewed while it runs; another worker takes over a batch it left this long. */
    REPORT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_LEASE_SECONDS),
    /** A request's headers and body must arrive within this; a slower one is answered 408 and closed. */
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** `/metrics` answers only with `Authorization: Bearer <METRICS_TOKEN>`; without it, not in production. */
    METRICS_TOKEN: secret.optional(),
    /** Serve the API documentation at /docs: by default, except in production. */
    API_DOCS: booleanText.optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Behind a load balancer, take the client address from X-Forwarded-For as the trusted hops tell it. */
    TRUST_PROXY: trustProxy.default(false),
    WEB_DIST: z.string().default(path.join(repoRoot, "web", "dist")),
  })
  .superRefine((env, ctx) => {
    const refuse = (key: string, why: string) => ctx.addIssue({ code: "custom", path: [key], message: why });
    if (env.PROCESS_ROLE !== "all" && !env.DATABASE_URL) {
      refuse(
        "PROCESS_ROLE",
        `${env.PROCESS_ROLE} needs DATABASE_URL: the embedded database has one owner, so without PostgreSQL only "all" runs`,
      );
    }
    if (env.PROCESS_ROLE === "worker" && env.REPORT_SCHEDULE_SECONDS === 0) {
      refuse("PROCESS_ROLE", "worker needs the report scheduler (REPORT_SCHEDULE_SECONDS > 0)");
    }
    if (env.NODE_ENV !== "production") return;
    if (env.CAPTCHA_FIXED_ANSWER) refuse("CAPTCHA_FIXED_ANSWER", "is for tests only");
    if (!env.SMTP_URL)
      refuse("SMTP_URL", "must be set in production: the reset and registration codes are mailed");
    if (env.DEMO_SEED) refuse("DEMO_SEED", "seeds demo users with a known password: not in production");
    if (env.CALLER_SECRET === DEV_CALLER_SECRET) refuse("CALLER_SECRET", "must be set in production");
    if (env.EXTERNAL_API_SECRET === DEV_EXTERNAL_API_SECRET)
      refuse("EXTERNAL_API_SECRET", "must be set in production");
  })
  .transform((env) => ({ ...env, API_DOCS: env.API_DOCS ?? env.NODE_ENV !== "production" }));

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

/** Reads the configuration from an environment, refusing what is invalid with every reason. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${reasons.join("; ")}`);
  }
  return parsed.data;
}
