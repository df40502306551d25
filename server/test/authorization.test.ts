/**
 * The authorization matrix: every endpoint of the API × {no token, role 3, role 1, role 2, SDK-only
 * role 3, another company's super admin, the operator's super admin}. The allowed call succeeds; every other
 * is refused (20003 without a session, 402 without the permission, 402 or not-found for another company's
 * records) with nothing in the database changed. Who is allowed comes from the contract's matrix (`can`).
 *
 * The endpoints are listed from the running app (the router and the OpenAPI document): an endpoint missing
 * from the calls of support/endpoint-calls.ts fails this test. When you add an endpoint, add a row there: its access and a `build` that
 * makes a request which must succeed for an allowed caller acting on the records of `owner`.
 */
import { allEndpoints, Code, can, type Principal, ReportScope, Role } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeCompany, makeUser } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import {
  type Access,
  action,
  type EndpointCall,
  endpointCalls,
  homeOf,
  type Owner,
  operatorOf,
  ownerOf,
  requestOf,
} from "./support/endpoint-calls.ts";
import { API_PATH, routesOfTree } from "./support/served-routes.ts";

/** Starting the app (PGlite, migrations, seed) can be slow on a busy two-core machine. */
const STARTUP_TIMEOUT_MS = 180_000;
let t: TestApp;
const db = () => t.runtime.database.db;
const app = (): FastifyInstance => t.app;

// ── Companies and callers ─────────────────────────────────────────────────────────────────────────────

interface Caller {
  name: string;
  principal: Principal;
  /** Null for the anonymous caller. */
  user: { companyId: number; userId: number } | null;
  /** The company the caller belongs to (the home company for the anonymous caller). */
  owner: () => Owner;
}

let home: Owner;
let foreign: Owner;
let operator: Owner;
let callers: Caller[];

const principalOf = (
  roleIds: number[],
  reportScope: Principal["reportScope"],
  isOperator = false,
): Principal => ({
  roleIds,
  reportScope,
  isOperator,
});

beforeAll(async () => {
  t = await startTestApp();
  home = await homeOf(db());
  const other = await makeCompany(db(), "Beta Publisher");
  foreign = ownerOf("beta", other.companyId, other.accountId, other.userId);
  operator = await operatorOf(db());

  const user = async (role: 1 | 2 | 3, scope: Principal["reportScope"] = ReportScope.All) =>
    makeUser(db(), home, { role, reportScope: scope });
  const staff = await user(Role.OperationsStaff);
  const administrator = await user(Role.Administrator);
  const sdkOnly = await user(Role.OperationsStaff, ReportScope.SdkOnly);
  callers = [
    { name: "no token", principal: principalOf([], ReportScope.All), user: null, owner: () => home },
    { name: "role 3", principal: principalOf([3], ReportScope.All), user: staff, owner: () => home },
    { name: "role 1", principal: principalOf([1], ReportScope.All), user: administrator, owner: () => home },
    {
      name: "role 2",
      principal: principalOf([2], ReportScope.All),
      user: { companyId: home.companyId, userId: home.adminId },
      owner: () => home,
    },
    {
      name: "SDK-only role 3",
      principal: principalOf([3], ReportScope.SdkOnly),
      user: sdkOnly,
      owner: () => home,
    },
    {
      name: "another company's super admin",
      principal: principalOf([2], ReportScope.All),
      user: { companyId: foreign.companyId, userId: foreign.adminId },
      owner: () => foreign,
    },
    {
      name: "the operator's super admin",
      principal: principalOf([2], ReportScope.All, true),
      user: { companyId: operator.companyId, userId: operator.adminId },
      owner: () => operator,
    },
  ];
  // Records of the home company that no other company may see.
  const homeApp = await fixtures.createApp(home);
  await fixtures.createPlacement(home, homeApp.id);
}, STARTUP_TIMEOUT_MS);
afterAll(() => t?.close());

// ── The table of calls (support/endpoint-calls.ts) ──────────────────────────────────────────────────────

// Made before the tests are listed (one test per call); the context is read when a call is built.
const fixtures = endpointCalls({ app, db, operator: () => operator });
const { calls } = fixtures;

// ── The endpoints the app serves ──────────────────────────────────────────────────────────────────────

let servedOnce: Promise<string[]> | undefined;
/** The served endpoints, read once per run. */
const servedEndpoints = (): Promise<string[]> => {
  servedOnce ??= readServedEndpoints();
  return servedOnce;
};

async function readServedEndpoints(): Promise<string[]> {
  const fromTree = routesOfTree(app().printRoutes({ commonPrefix: false }));
  const spec = (await app().inject({ url: "/docs/json" })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  const fromSpec = Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`),
  );
  return [...new Set([...fromTree, ...fromSpec])]
    .filter((route) => API_PATH.test(route.split(" ")[1] ?? ""))
    .filter((route) => !route.startsWith("HEAD "))
    .sort();
}

// ── What a call must do ───────────────────────────────────────────────────────────────────────────────

type Expected = "ok" | typeof Code.TokenInvalid | typeof Code.NoPermission;

function expectedFor(access: Access, caller: Caller): Expected {
  if (access.kind === "public" || access.kind === "signed") return "ok";
  if (!caller.user) return Code.TokenInvalid;
  if (access.kind === "session") return "ok";
  return can(caller.principal, access.action) ? "ok" : Code.NoPermission;
}

/** Every table's rows, so a refused call can be shown to have changed nothing. */
async function snapshot(): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db());
  const parts: string[] = [];
  for (const { table_name: table } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db());
    parts.push(
      `${table}: ${rows.rows
        .map((row) => JSON.stringify(row))
        .sort()
        .join("\n")}`,
    );
  }
  return parts.join("\n");
}

/** Text that only the home company's records contain: a foreign caller's answer must hold none of it. */
async function homeMarkers(): Promise<string[]> {
  const [users, apps, placements] = await Promise.all([
    db().selectFrom("app_user").select("email").where("company_id", "=", home.companyId).execute(),
    db()
      .selectFrom("app")
      .select(["name", "pkg", "app_key"])
      .where("company_id", "=", home.companyId)
      .execute(),
    db().selectFrom("ad_position").select("name").where("company_id", "=", home.companyId).execute(),
  ]);
  return [
    ...users.map((row) => row.email),
    ...apps.flatMap((row) => [row.name, row.pkg, row.app_key]),
    ...placements.map((row) => row.name),
  ];
}

async function send(endpoint: EndpointCall, owner: Owner, caller: Caller) {
  const request = await requestOf(endpoint, owner, caller, db());
  return {
    /** The envelope; a file answer (CSV export) counts as code 200 with its text as data. */
    run: async () => {
      const response = await app().inject(request);
      const type = String(response.headers["content-type"]);
      const isFile = type.startsWith("text/csv") || type.startsWith("image/") || type.startsWith("text/html");
      if (!isFile) {
        const body = response.json<{ code: number; msg: string; data: unknown }>();
        return { status: response.statusCode, ...body };
      }
      return { status: response.statusCode, code: response.statusCode, msg: "file", data: response.body };
    },
  };
}

async function expectRefused(endpoint: EndpointCall, owner: Owner, caller: Caller, codes: number[]) {
  const request = await send(endpoint, owner, caller);
  const before = await snapshot();
  const answer = await request.run();
  expect(answer.status, `${caller.name}: HTTP status`).toBe(200);
  expect(codes, `${caller.name}: ${answer.code} ${answer.msg}`).toContain(answer.code);
  expect(await snapshot(), `${caller.name}: a refused call changed the database`).toBe(before);
}

async function expectAllowed(endpoint: EndpointCall, owner: Owner, caller: Caller, maySeeHome: boolean) {
  const answer = await (await send(endpoint, owner, caller)).run();
  expect(answer.code, `${caller.name}: ${answer.msg}`).toBe(Code.Ok);
  if (owner !== home && !maySeeHome && endpoint.access.kind !== "signed") {
    const text = JSON.stringify(answer.data);
    for (const marker of await homeMarkers()) {
      expect(text, `${caller.name} sees the home company's ${marker}`).not.toContain(marker);
    }
  }
}

// ── The tests ─────────────────────────────────────────────────────────────────────────────────────────

const keyOf = (endpoint: Pick<EndpointCall, "method" | "url">) => `${endpoint.method} ${endpoint.url}`;

describe("authorization matrix", () => {
  it("covers every endpoint the app serves", async () => {
    const served = await servedEndpoints();
    const listed = new Set(calls.map(keyOf));
    const missing = served.filter((route) => !listed.has(route));
    expect(missing, "endpoints missing from the calls of test/support/endpoint-calls.ts").toEqual([]);
    expect(served.length).toBeGreaterThan(30);
  });

  it("checks each contract endpoint with the access the contract gives it", () => {
    const rows = new Map(calls.map((row) => [keyOf(row), row.access]));
    for (const defined of allEndpoints()) {
      const key = keyOf({ method: defined.method, url: defined.path });
      const access: Access =
        defined.access === "public" || defined.access === "session"
          ? { kind: defined.access }
          : action(defined.access);
      expect(rows.get(key), `${key} in the calls`).toEqual(access);
    }
  });

  for (const endpoint of calls) {
    it(`${keyOf(endpoint)} (${endpoint.access.kind === "action" ? endpoint.access.action : endpoint.access.kind})`, async () => {
      // A listed endpoint the app no longer serves fails here, instead of passing its checks unrun.
      expect(await servedEndpoints(), "listed in the calls but not served").toContain(keyOf(endpoint));
      for (const caller of callers) {
        const expected = expectedFor(endpoint.access, caller);
        if (expected !== "ok") {
          await expectRefused(endpoint, caller.owner(), caller, [expected]);
          continue;
        }
        const own = caller.owner();
        const everyCompany =
          endpoint.crossCompany !== undefined && can(caller.principal, endpoint.crossCompany);
        if (own !== home && endpoint.scope === "records") {
          if (everyCompany) await expectAllowed(endpoint, home, caller, true);
          else await expectRefused(endpoint, home, caller, [Code.NoPermission, Code.ParamError]);
        }
        await expectAllowed(endpoint, own, caller, everyCompany);
      }
    }, 60_000);
  }
});
