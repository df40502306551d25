/**
 * Refusals that may be an attack are logged at warn as security events with user, company, route and client
 * address: the real server process, its log read line by line, behind a trusted proxy so
 * each test calls from its own address (X-Forwarded-For).
 */
import { Code, type LoginAnswer, PLAT_TYPE, Role, type UserInfo } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./support/app.ts";
import { createTestDatabase, type TestDatabase } from "./support/database.ts";
import { loginBodyOverHttp, tokenOverHttp } from "./support/http-sign-in.ts";
import { md5 } from "./support/login-form.ts";
import { type LogLine, type ServerProcess, startServerProcess } from "./support/server-process.ts";

const STARTUP_TIMEOUT_MS = 180_000;
const WARN = 40;
const STAFF_EMAIL = "watched@demo.test";
const STAFF_PASSWORD = "Staff12345";

let database: TestDatabase;
let server: ServerProcess;
let company: { companyId: number; accountId: number };
let staffId: number;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function callApi<T>(path: string, address: string, init: RequestInit = {}): Promise<Envelope<T>> {
  const headers = new Headers(init.headers);
  headers.set("x-forwarded-for", address);
  if (init.body) headers.set("content-type", "application/json");
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  return (await response.json()) as Envelope<T>;
}

const signInFrom = async (address: string, email: string, password: string) =>
  callApi<LoginAnswer>("/v1/passport/user/login", address, {
    method: "POST",
    body: await loginBodyOverHttp(server.url, email, password),
  });

/** The security event of a refusal with this code to this address. */
const refusal = (code: number, address: string, reason: string | null = null) =>
  server.waitForLog(
    (line: LogLine) =>
      line.event === "security_refusal" &&
      line.code === code &&
      line.address === address &&
      line.reason === reason,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServerProcess(
    { TRUST_PROXY: "loopback", ...(database.url ? { DATABASE_URL: database.url } : {}) },
    STARTUP_TIMEOUT_MS,
  );
  const adminToken = await tokenOverHttp(server.url, DEMO_EMAIL, DEMO_PASSWORD);
  const admin = await callApi<UserInfo>("/api/v1/user/user_info", "192.0.2.1", {
    headers: { token: adminToken },
  });
  company = { companyId: admin.data.company_id, accountId: admin.data.account_id };
  const created = await callApi<{ user_id: number }>("/v1/user", "192.0.2.1", {
    method: "POST",
    headers: { token: adminToken },
    body: JSON.stringify({
      user_name: "Watched",
      email: STAFF_EMAIL,
      password: md5(STAFF_PASSWORD),
      role_ids: [Role.OperationsStaff],
      account_id: company.accountId,
    }),
  });
  expect(created.code, created.msg).toBe(Code.Ok);
  staffId = created.data.user_id;
}, STARTUP_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe("security events in the log", () => {
  it("logs a wrong password (605) with the account it named, its user and company, the route and the address", async () => {
    const address = "203.0.113.50";
    expect((await signInFrom(address, STAFF_EMAIL, "Wrong12345")).code).toBe(Code.BadCredentials);
    const line = await refusal(Code.BadCredentials, address);
    expect(line).toMatchObject({
      level: WARN,
      user_id: staffId,
      company_id: company.companyId,
      account: STAFF_EMAIL,
      route: "POST /v1/passport/user/login",
    });
    expect(JSON.stringify(line)).not.toContain(md5("Wrong12345"));
  });

  it("logs a sign-in lockout (601)", async () => {
    const address = "203.0.113.51";
    for (let i = 0; i < 5; i++) {
      expect((await signInFrom(address, STAFF_EMAIL, "Wrong12345")).code).toBe(Code.BadCredentials);
    }
    expect((await signInFrom(address, STAFF_EMAIL, STAFF_PASSWORD)).code).toBe(Code.Forbidden);
    const line = await refusal(Code.Forbidden, address, "loginLocked");
    expect(line).toMatchObject({ level: WARN, account: STAFF_EMAIL, route: "POST /v1/passport/user/login" });
  });

  it("logs a call without permission (402) with the session's user and company, never the token", async () => {
    const address = "203.0.113.52";
    const token = (await signInFrom(address, STAFF_EMAIL, STAFF_PASSWORD)).data.token;
    const answer = await callApi(`/v1/user/list?page_no=1&page_size=10&plat_type=${PLAT_TYPE}`, address, {
      headers: { token },
    });
    expect(answer.code).toBe(Code.NoPermission);
    const line = await refusal(Code.NoPermission, address);
    expect(line).toMatchObject({
      level: WARN,
      user_id: staffId,
      company_id: company.companyId,
      route: "GET /v1/user/list",
    });
    expect(JSON.stringify(line)).not.toContain(token);
  });
});
