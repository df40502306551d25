/** The real app on a fresh database, as the tests use it. */
import type { FastifyInstance, InjectOptions } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { prepareRuntime, type Runtime } from "../../src/bootstrap.ts";
import { loadConfig } from "../../src/config.ts";
import { createTestDatabase } from "./database.ts";
import { testLoginKeyPem } from "./keys.ts";
import { CAPTCHA_ANSWER } from "./login-form.ts";

export const DEMO_EMAIL = "admin@demo.test";
export const DEMO_PASSWORD = "Demo12345";

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "memory://",
    LOG_LEVEL: "silent",
    CAPTCHA_FIXED_ANSWER: CAPTCHA_ANSWER,
    RSA_PRIVATE_KEY: testLoginKeyPem(),
    DEMO_SEED: "true",
    // The report data of the demo seed takes seconds; the report tests that read it turn it on.
    DEMO_SEED_REPORTS: "false",
    CONSOLE_ADMIN_EMAIL: DEMO_EMAIL,
    CONSOLE_ADMIN_PASSWORD: DEMO_PASSWORD,
    DATABASE_URL: database.url,
    // the suite's run through a pooler (.ci/run) sets it for every app the tests start
    ...(process.env.DATABASE_POOLER ? { DATABASE_POOLER: process.env.DATABASE_POOLER } : {}),
    ...env,
  });
  const runtime = await prepareRuntime(config, { pgliteTemplate: inject("pgliteTemplate") });
  const app = await buildApp(runtime);
  await app.ready();
  return {
    app,
    runtime,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export interface Answer<T = unknown> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** The envelope of an answer (its code, msg and data), for comparing two answers as a client sees them. */
export const envelopeOf = ({ code, msg, data }: Answer) => ({ code, msg, data });

/** Calls the app as a client would and reads the envelope. */
export async function call<T = unknown>(app: FastifyInstance, options: InjectOptions): Promise<Answer<T>> {
  const response = await app.inject(options);
  const body = response.json<{ code: number; msg: string; data: T }>();
  return { status: response.statusCode, ...body, headers: response.headers };
}
