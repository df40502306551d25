/** Publishers for the app, placement and SDK tests: the seeded demo publisher and fresh other companies. */
import type { FastifyInstance, InjectOptions } from "fastify";
import type { Db } from "../../src/db/database.ts";
import { issueToken } from "../../src/modules/identity/sessions.ts";
import { createCompany } from "../../src/modules/tenancy/service.ts";
import { type Answer, call, DEMO_EMAIL, DEMO_PASSWORD } from "./app.ts";
import { md5 } from "./login-form.ts";

export interface Publisher {
  companyId: number;
  userId: number;
  token: string;
}

export async function demoPublisher(db: Db): Promise<Publisher> {
  const admin = await db
    .selectFrom("app_user")
    .select(["company_id", "id"])
    .where("email", "=", DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  return {
    companyId: admin.company_id,
    userId: admin.id,
    token: await issueToken(db, admin.company_id, admin.id),
  };
}

let serial = 0;
/** Another publisher company with its super admin and a session token. */
export async function otherPublisher(db: Db, name = `Other Publisher ${++serial}`): Promise<Publisher> {
  const created = await createCompany(db, {
    name,
    hosts: [],
    isOperator: false,
    admin: {
      email: `boss-${Date.now().toString(36)}-${++serial}@other.test`,
      userName: `${name} Admin`,
      passwordMd5: md5(DEMO_PASSWORD),
    },
  });
  return {
    companyId: created.company_id,
    userId: created.user_id,
    token: await issueToken(db, created.company_id, created.user_id),
  };
}

/** Calls the API as a publisher, in a language (English unless told). */
export const callAs = <T = unknown>(
  app: FastifyInstance,
  who: Publisher | null,
  options: InjectOptions,
  lang: "zh" | "en" = "en",
): Promise<Answer<T>> =>
  call<T>(app, {
    ...options,
    headers: { lang, ...(who ? { token: who.token } : {}), ...(options.headers ?? {}) },
  });
