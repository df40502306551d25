/**
 * `POST /sdk/v1/events` (DESIGN §5 Pipeline, Signed POST bodies): the mobile SDK's counters, signed with the
 * app's secret by the one rule with the raw body's SHA-256 hex as the parameter `body`; the signature is
 * checked (by the SDK module) before the body is validated, so a caller without the secret learns nothing.
 */
import {
  Code,
  envelopeOf,
  ok,
  SDK_EVENTS_PATH,
  type SignableParams,
  sdkEventsAnswer,
  sdkEventsBody,
  sdkEventsQuery,
  signedParams,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import { inFlightLimit } from "../../plugins/admission.ts";
import { sentParams } from "../sdk/routes.ts";
import { verifySdkCall } from "../sdk/service.ts";
import { ingestSdkEvents, type SdkApp } from "./service.ts";

export interface IngestDeps {
  db: Db;
  /** Batches in flight per process before more are answered 429 (INGEST_MAX_IN_FLIGHT). */
  maxInFlight: number;
}

/** A batch of 10,000 events is about 1.5 MB of JSON. */
export const SDK_EVENTS_BODY_LIMIT = 4 * 1024 * 1024;

const bodyError = (code: "FST_ERR_CTP_EMPTY_JSON_BODY" | "FST_ERR_CTP_INVALID_JSON_BODY") =>
  Object.assign(new Error("The request body is not valid JSON"), { code, statusCode: 400 });

const queryText = (params: SignableParams, name: string): string => {
  const value = params[name];
  if (typeof value !== "string" || value === "")
    throw new AppError(Code.ParamError, "paramMissing", { field: name }, name);
  return value;
};

export const sdkIngestRoutes: FastifyPluginAsyncZod<IngestDeps> = async (app, { db, maxInFlight }) => {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  const apps = new WeakMap<FastifyRequest, SdkApp>();

  app.addHook("onRequest", inFlightLimit(maxInFlight));
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const raw = Buffer.isBuffer(body) ? body : Buffer.from(body);
    rawBodies.set(request, raw);
    if (raw.length === 0) return done(bodyError("FST_ERR_CTP_EMPTY_JSON_BODY"));
    try {
      done(null, JSON.parse(raw.toString("utf8")));
    } catch {
      done(bodyError("FST_ERR_CTP_INVALID_JSON_BODY"));
    }
  });

  app.addHook("preValidation", async (request) => {
    const query = sentParams(request.url);
    const params = await signedParams(query, rawBodies.get(request) ?? null);
    const found = await verifySdkCall(db, {
      appKey: queryText(query, "app_key"),
      timestamp: queryText(query, "timestamp"),
      sign: queryText(query, "sign"),
      params,
    });
    apps.set(request, { company_id: found.company_id, id: found.id });
  });

  app.post(
    SDK_EVENTS_PATH,
    {
      config: { public: true },
      bodyLimit: SDK_EVENTS_BODY_LIMIT,
      schema: {
        tags: ["sdk"],
        security: [],
        description:
          "Adds the SDK's counters per placement, country and UTC hour. Signed with the app's secret: sign = " +
          "hex(HMAC-SHA256(secret, values of the query parameters by name, with body = SHA-256 hex of the raw " +
          "body, + timestamp)), refused outside ±300 s. A batch_id already taken for the app answers 200 and " +
          "counts nothing (accepted: false). A placement of another app, an unknown country, a negative count " +
          "or an hour in the future refuses the whole batch (code 604 naming the event's field).",
        querystring: sdkEventsQuery,
        body: sdkEventsBody,
        response: { 200: envelopeOf(sdkEventsAnswer) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const found = apps.get(request);
      if (!found) throw new Error("SDK call without a verified signature");
      return ok(await ingestSdkEvents(db, found, request.body));
    },
  );
};
