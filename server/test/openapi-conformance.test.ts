/**
 * The API description (/docs/json) is a contract a client can build on: every route the app serves is
 * documented and every documented operation is served; each operation's valid call (support/endpoint-calls.ts)
 * and its refused calls (no credentials, an input the server refuses, a body of a type it does not read) answer
 * an HTTP status the operation documents, in a media type it documents, with a body its schema accepts (ajv).
 */
import { Code } from "@pc/contract";
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./support/app.ts";
import {
  type EndpointCall,
  endpointCalls,
  homeOf,
  type Owner,
  operatorOf,
  ownerFor,
  requestOf,
} from "./support/endpoint-calls.ts";
import { API_PATH, routesOfTree } from "./support/served-routes.ts";

/** Starting the app (PGlite, migrations, seed) can be slow on a busy two-core machine. */
const STARTUP_TIMEOUT_MS = 180_000;

let t: TestApp;
let home: Owner;
let operator: Owner;
let document: OpenAPIV3.Document;
const app = (): FastifyInstance => t.app;
const db = () => t.runtime.database.db;
const { calls } = endpointCalls({ app, db, operator: () => operator });

/** The probes outside the API's paths, which the description documents too. */
const HEALTH_CALLS: EndpointCall[] = ["/healthz", "/readyz"].map((url) => ({
  method: "GET",
  url,
  access: { kind: "public" },
  scope: "own",
  build: async () => ({}),
}));

beforeAll(async () => {
  t = await startTestApp();
  home = await homeOf(db());
  operator = await operatorOf(db());
  document = (await app().inject({ url: "/docs/json" })).json<OpenAPIV3.Document>();
}, STARTUP_TIMEOUT_MS);
afterAll(() => t?.close());

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
/** The description's path of a route's URL: `{name}` for `:name`. */
const documentedPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

function documentedOperations(): Map<string, OpenAPIV3.OperationObject> {
  const operations = new Map<string, OpenAPIV3.OperationObject>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (operation) operations.set(keyOf(method, path), operation);
    }
  }
  return operations;
}

// OpenAPI 3.0's `nullable` is Ajv's own keyword; `example` and the like are not keywords (strict: false).
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

/** A validator of one response schema, whose `#/components/…` references resolve in the description. */
function validatorOf(key: string, schema: object): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  return validate;
}

const isReference = (value: object): value is OpenAPIV3.ReferenceObject => "$ref" in value;

/** A response, or the shared one it references (`#/components/responses/<name>`). */
function responseOf(
  response: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject | undefined,
): OpenAPIV3.ResponseObject | undefined {
  if (!response || !isReference(response)) return response;
  const shared = document.components?.responses?.[response.$ref.replace("#/components/responses/", "")];
  return shared && !isReference(shared) ? shared : undefined;
}

/** Checks an answer against what the description says the operation answers. */
function expectDescribed(call: EndpointCall, what: string, response: LightMyRequestResponse) {
  const key = keyOf(call.method, documentedPath(call.url));
  const operation = documentedOperations().get(key);
  if (!operation) throw new Error(`${key} is not documented`);
  const status = String(response.statusCode);
  const documented = responseOf(operation.responses[status]);
  expect(
    documented,
    `${key} ${what}: HTTP ${status} is not documented (${response.body.slice(0, 200)})`,
  ).toBeDefined();
  if (!documented) return;
  const mediaType = String(response.headers["content-type"] ?? "").split(";")[0] ?? "";
  if (!documented.content) {
    expect(response.body, `${key} ${what}: HTTP ${status} has no body`).toBe("");
    return;
  }
  const media = documented.content[mediaType];
  expect(media, `${key} ${what}: ${mediaType} is not documented for HTTP ${status}`).toBeDefined();
  if (mediaType !== "application/json" || !media?.schema) return;
  const validate = validatorOf(`${key} ${status}`, media.schema);
  const valid = validate(response.json());
  expect(valid, `${key} ${what}: ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`).toBe(
    true,
  );
}

/** The same request with a query parameter the server refuses in any input (NUL). */
const withRefusedInput = (request: InjectOptions): InjectOptions => {
  const url = String(request.url);
  return { ...request, url: `${url}${url.includes("?") ? "&" : "?"}probe=%00` };
};

/** The same request without its session token, API key or signature. */
function withoutCredentials(request: InjectOptions): InjectOptions {
  const { token: _token, authorization: _authorization, ...headers } = request.headers ?? {};
  const url = new URL(String(request.url), "http://localhost");
  url.searchParams.delete("sign");
  const { sign: _sign, ...query } = typeof request.query === "object" ? request.query : {};
  return { ...request, url: `${url.pathname}${url.search}`, query, headers };
}

const BODY_METHODS = new Set(["POST", "PUT", "DELETE"]);

/** Calls the operation: refused three ways first (they change nothing), then valid. */
async function exercise(call: EndpointCall) {
  const owner = ownerFor(call, { home, operator });
  const request = await requestOf(
    call,
    owner,
    { user: { companyId: owner.companyId, userId: owner.adminId } },
    db(),
  );

  const refusedInput = await app().inject(withRefusedInput(request));
  expectDescribed(call, "with a NUL in the query", refusedInput);
  expect(refusedInput.json<{ code: number }>().code).not.toBe(Code.Ok);

  if (call.access.kind !== "public") {
    const anonymous = await app().inject(withoutCredentials(request));
    expectDescribed(call, "without credentials", anonymous);
    expect(anonymous.json<{ code: number }>().code).not.toBe(Code.Ok);
  }

  if (BODY_METHODS.has(call.method)) {
    const xml = await app().inject({
      ...request,
      headers: { ...request.headers, "content-type": "application/xml" },
      payload: "<call/>",
    });
    expectDescribed(call, "with an XML body", xml);
    expect(xml.statusCode).toBe(415);
  }

  const valid = await app().inject(request);
  expectDescribed(call, "valid", valid);
  expect(valid.statusCode, valid.body.slice(0, 300)).toBe(200);
  if (String(valid.headers["content-type"]).startsWith("application/json")) {
    expect(valid.json<{ code: number; msg: string }>().code, valid.body.slice(0, 300)).toBe(Code.Ok);
  }
}

describe("the API description", () => {
  it("documents every route the app serves, and serves every documented operation", () => {
    const served = routesOfTree(app().printRoutes({ commonPrefix: false }))
      .filter((route) => API_PATH.test(route.split(" ")[1] ?? ""))
      .map((route) => route.replace(/:(\w+)/g, "{$1}"));
    const documented = [...documentedOperations().keys()];
    const health = HEALTH_CALLS.map((call) => keyOf(call.method, call.url));
    expect(
      served.filter((route) => !documented.includes(route)),
      "served, not documented",
    ).toEqual([]);
    expect(
      documented.filter((route) => !served.includes(route) && !health.includes(route)),
      "documented, not served",
    ).toEqual([]);
  });

  it("names, summarises and tags every operation, with its success and refusals", () => {
    const ids = new Set<string>();
    for (const [key, operation] of documentedOperations()) {
      expect(operation.operationId, key).toBeTruthy();
      expect(operation.summary, key).toBeTruthy();
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      ids.add(operation.operationId ?? "");
      expect(Object.keys(operation.responses), key).toEqual(
        expect.arrayContaining(["200", "400", "500", "503"]),
      );
    }
    expect(ids.size).toBe(documentedOperations().size);
  });

  it("marks the public and signed operations as taking no session", () => {
    for (const call of [...calls, ...HEALTH_CALLS]) {
      const operation = documentedOperations().get(keyOf(call.method, documentedPath(call.url)));
      const session = call.access.kind === "session" || call.access.kind === "action";
      expect(operation?.security === undefined, `${call.method} ${call.url}`).toBe(session);
    }
  });

  it("has a valid call for every documented operation", () => {
    const called = new Set(
      [...calls, ...HEALTH_CALLS].map((call) => keyOf(call.method, documentedPath(call.url))),
    );
    expect([...documentedOperations().keys()].filter((key) => !called.has(key))).toEqual([]);
  });

  for (const call of [...calls, ...HEALTH_CALLS]) {
    it(`${call.method} ${call.url} answers as documented`, () => exercise(call), 60_000);
  }
});
