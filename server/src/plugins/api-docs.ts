/**
 * The API description at /docs (OpenAPI 3.0), generated from the routes: the contract's endpoints and the plain
 * routes' own schemas (fastify-type-provider-zod turns their zod schemas into JSON Schema). Each operation gets
 * an operationId from its method and path, a summary (its own, else its description's first sentence), its
 * security (none on public and signed routes), and every HTTP status it may answer, each refusal as the shared
 * `Refusal` component. `npm test` lints it with Redocly's recommended rules (redocly.yaml) and the API suite
 * calls every operation against it (server/test/openapi-conformance.test.ts).
 */

import fastifySwagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { refusalEnvelope } from "@pc/contract";
import type { FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import type { OpenAPIV3 } from "openapi-types";
import { z } from "zod";
import { API_DESCRIPTION } from "./api-docs-description.ts";

type JsonSchema = Record<string, unknown>;
interface Response {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, object>;
}

const JSON_TYPE = "application/json";
const REFUSAL = "Refusal";
const refusalRef = { $ref: `#/components/schemas/${REFUSAL}` };

const refusal = (description: string): Response => ({
  description,
  content: { [JSON_TYPE]: { schema: refusalRef } },
});

const SUCCESS =
  "The envelope: code 200 with the answer in `data`, or a refusal of the call (HTTP 200 with its code, " +
  "`Refusal`), such as 604 naming the input at fault in `data.field`.";

/**
 * The refusals any route may answer (plugins/envelope.ts), each documented once under components.responses and
 * referenced by the operations it applies to: every one, one that reads a body, one with path parameters.
 */
interface SharedRefusal {
  status: string;
  name: string;
  description: string;
  appliesTo(method: string, path: string): boolean;
}
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const everyOperation = () => true;
const readsBody = (method: string) => BODY_METHODS.has(method.toUpperCase());
const SHARED_REFUSALS: SharedRefusal[] = [
  {
    status: "400",
    name: "MalformedRequest",
    description:
      "The URL cannot be decoded, the request cannot be read, or its JSON body is malformed: code 604, " +
      "`data.field` url, request or body.",
    appliesTo: everyOperation,
  },
  {
    status: "408",
    name: "RequestTimeout",
    description:
      "The request did not arrive within the server's request timeout: code 604, `data.field` request.",
    appliesTo: everyOperation,
  },
  {
    status: "413",
    name: "BodyTooLarge",
    description:
      "The body is larger than the route takes (100 KB unless said otherwise): code 604, `data.field` body.",
    appliesTo: readsBody,
  },
  {
    status: "414",
    name: "PathParameterTooLong",
    description: "A path parameter is far too long: code 604, `data.field` url.",
    appliesTo: (_method, path) => path.includes("{"),
  },
  {
    status: "415",
    name: "UnsupportedMediaType",
    description:
      "The body's Content-Type is not one the route reads (JSON): code 604, `data.field` content-type.",
    appliesTo: readsBody,
  },
  {
    status: "431",
    name: "HeadersTooLarge",
    description: "The request's headers are too large: code 604, `data.field` headers.",
    appliesTo: everyOperation,
  },
  {
    status: "500",
    name: "ServerFault",
    description: "A fault of the server, logged and not described: code 602.",
    appliesTo: everyOperation,
  },
  {
    status: "503",
    name: "Unavailable",
    description:
      "The database is out of reach or the server is stopping: code 608; call again after Retry-After.",
    appliesTo: everyOperation,
  },
];

/** A refusal with Retry-After (429, 503) names the seconds to wait. */
const RETRY_AFTER_STATUSES = new Set(["429", "503"]);
const RETRY_AFTER = "Retry-After";
const RETRY_AFTER_TEXT = "Seconds to wait before calling again";
/** The header as an OpenAPI header object (components), and as a route's schema declares it (@fastify/swagger). */
const retryAfter = { [RETRY_AFTER]: { description: RETRY_AFTER_TEXT, schema: { type: "integer" as const } } };
const retryAfterOfRoute = { [RETRY_AFTER]: { description: RETRY_AFTER_TEXT, type: "integer" } };

const sharedResponses = Object.fromEntries(
  SHARED_REFUSALS.map(({ status, name, description }) => [
    name,
    { ...refusal(description), ...(RETRY_AFTER_STATUSES.has(status) ? { headers: retryAfter } : {}) },
  ]),
);

const isRecord = (value: unknown): value is JsonSchema => typeof value === "object" && value !== null;

/** A response as the zod transform left it: a JSON Schema, or a response with its media types. */
function asResponse(declared: unknown): Response {
  if (isRecord(declared) && isRecord(declared.content)) {
    const content: Record<string, { schema: JsonSchema }> = {};
    for (const [mediaType, entry] of Object.entries(declared.content)) {
      if (isRecord(entry) && isRecord(entry.schema)) content[mediaType] = { schema: entry.schema };
    }
    return { description: typeof declared.description === "string" ? declared.description : "", content };
  }
  return { description: "", content: isRecord(declared) ? { [JSON_TYPE]: { schema: declared } } : {} };
}

/** The success answer, whose JSON may also be a refusal at HTTP 200. */
function successOf(declared: unknown, where: string): Response {
  if (declared === undefined) throw new Error(`${where} declares no 200 answer (lib/api-responses.ts)`);
  const { description, content = {} } = asResponse(declared);
  const json = content[JSON_TYPE];
  return {
    description: description || SUCCESS,
    content: {
      ...content,
      [JSON_TYPE]: { schema: json ? { anyOf: [json.schema, refusalRef] } : refusalRef },
    },
  };
}

/** The route's own answers: its success and what it declares (a refusal's JSON is the shared component). */
function responsesOf(route: { method: string; url: string }, declared: JsonSchema): Record<string, object> {
  const responses: Record<string, Response> = {
    200: successOf(declared[200], `${route.method} ${route.url}`),
  };
  for (const [status, answer] of Object.entries(declared)) {
    if (status === "200") continue;
    const response = asResponse(answer);
    responses[status] = response.content?.[JSON_TYPE] ? refusal(response.description) : response;
    if (RETRY_AFTER_STATUSES.has(status))
      responses[status] = { ...responses[status], headers: retryAfterOfRoute };
  }
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [status, withoutEmptyBody(response)]),
  );
}

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Each operation references the shared refusals that apply to it and that it does not declare itself. */
const withSharedRefusals: SwaggerTransformObject = (document) => {
  if (!("openapiObject" in document)) throw new Error("the API description is OpenAPI 3");
  const { openapiObject } = document;
  for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation) continue;
      for (const { status, name, appliesTo } of SHARED_REFUSALS) {
        if (appliesTo(method, path) && !operation.responses?.[status])
          operation.responses = {
            ...operation.responses,
            [status]: { $ref: `#/components/responses/${name}` },
          };
      }
    }
  }
  return openapiObject;
};

/** An answer without a body (304) is marked `type: "null"`, which @fastify/swagger documents with no content. */
const withoutEmptyBody = (response: Response) =>
  response.content && Object.keys(response.content).length === 0
    ? { description: response.description, type: "null" }
    : response;

/** `getV1AppList` for GET /v1/app/list: unique as the method and path are. */
const operationIdOf = (method: string, url: string) =>
  method.toLowerCase() +
  url
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join("");

/** The description's first sentence. */
const firstSentence = (text: string) => (text.split(/(?<=\.)\s/)[0] ?? text).trim();

/**
 * zod writes a nullable enum as `nullable: true` beside an enum without null, which OpenAPI 3.0.3 reads as
 * refusing null (a nullable enum lists null among its values): null is added.
 */
const jsonSchemaTransform = createJsonSchemaTransform({
  zodToJsonConfig: {
    override: ({ jsonSchema }) => {
      if (jsonSchema.nullable === true && Array.isArray(jsonSchema.enum) && !jsonSchema.enum.includes(null))
        jsonSchema.enum.push(null);
    },
  },
});

/** One operation of the description, from its route. */
const describeOperation: SwaggerTransform = (input) => {
  const { schema, url } = jsonSchemaTransform(input);
  if (schema.hide) return { schema, url };
  const { method, config } = input.route;
  if (typeof method !== "string") throw new Error(`${url}: one method per documented route`);
  const summary = schema.summary ?? (schema.description ? firstSentence(schema.description) : undefined);
  if (!summary) throw new Error(`${method} ${url} has neither a summary nor a description`);
  const described: FastifySchema = {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, url),
    summary,
    response: responsesOf({ method, url }, isRecord(schema.response) ? schema.response : {}),
  };
  // Public and signed routes take no session token.
  if (config?.public && !schema.security) described.security = [];
  return { schema: described, url };
};

async function apiDocsPlugin(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "Publisher Console API",
        version: "1.0.0",
        description: API_DESCRIPTION,
        license: { name: "Proprietary" },
      },
      // The server that serves this description serves the API.
      servers: [{ url: "/" }],
      components: {
        // zod writes it for the OpenAPI 3.0 target; its JSON Schema type is only wider than OpenAPI's.
        schemas: {
          [REFUSAL]: z.toJSONSchema(refusalEnvelope, { target: "openapi-3.0" }) as OpenAPIV3.SchemaObject,
        },
        responses: sharedResponses,
        securitySchemes: {
          token: { type: "apiKey", in: "header", name: "token", description: "A console session's token" },
          reportApiKey: { type: "http", scheme: "bearer", description: "A reporting API key (pck_…)" },
        },
      },
      security: [{ token: [] }],
    },
    transform: describeOperation,
    transformObject: withSharedRefusals,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/docs", staticCSP: true });
}

export const apiDocs = fp(apiDocsPlugin, { name: "api-docs" });
