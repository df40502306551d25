/**
 * `POST /sdk/v1/events` (docs/rules/reports.md#pipeline; docs/api.md#the-signing-rule): the mobile SDK's
 * counters, signed with the app's secret by the one rule with the raw body's SHA-256 hex as the parameter
 * `body`; the signature is checked (by the `signed` plugin, with the SDK's rules) before the body is
 * validated, so a caller without the secret learns nothing.
 */
import {
  envelopeOf,
  isPlainSdkEventsBody,
  ok,
  SDK_EVENTS_PATH,
  sdkEventsAnswer,
  sdkEventsBody,
  sdkEventsQuery,
} from "@pc/contract";
import { type FastifyPluginAsyncZod, validatorCompiler } from "fastify-type-provider-zod";
import { AppError } from "../../../lib/app-error.ts";
import { inFlightLimit, inFlightRefusal } from "../../../plugins/admission.ts";
import { withDeps } from "../../../plugins/deps.ts";
import { signed } from "../../../plugins/signed.ts";
import { rememberedApps, sdkSignedCalls } from "../../sdk/service.ts";
import { ingestSdkEvents, sdkBatchAppender } from "./service.ts";

/** A batch of 10,000 events is about 1.5 MB of JSON. */
const SDK_EVENTS_BODY_LIMIT = 4 * 1024 * 1024;

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const apps = rememberedApps(db);
  const append = sdkBatchAppender(db);

  app.addHook("onRequest", inFlightLimit(config.INGEST_MAX_IN_FLIGHT));
  // The signature before the body is validated, with the app's secret from the apps this process knows.
  const calls = sdkSignedCalls(apps.find, "preValidation");
  await app.register(signed, calls);

  app.post(
    SDK_EVENTS_PATH,
    {
      // browser security headers mean nothing to an SDK: a phone's every batch goes without them
      config: { public: true, browserHeaders: false },
      bodyLimit: SDK_EVENTS_BODY_LIMIT,
      // A plain batch skips zod's per-event checks (see isPlainSdkEventsBody); any other is refused by zod.
      validatorCompiler: (route) => {
        if (route.httpPart !== "body") return validatorCompiler({ ...route, schema: sdkEventsQuery });
        const zodCheck = validatorCompiler({ ...route, schema: sdkEventsBody });
        return (body) => (isPlainSdkEventsBody(body) ? { value: body } : zodCheck(body));
      },
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
        response: {
          200: envelopeOf(sdkEventsAnswer),
          429: inFlightRefusal,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const verified = calls.of(request);
      try {
        return ok(await ingestSdkEvents(db, append, verified.signer, request.body));
      } catch (error) {
        // The one way a remembered app goes stale: it was deleted (its placements first). Refuse as for a
        // key never known.
        if (error instanceof AppError && error.messageKey === "reportPlacementUnknown") {
          apps.forget(verified.call.key);
          await calls.verifyAgain(request);
        }
        throw error;
      }
    },
  );
};

export const sdkIngestRoutes = withDeps("sdk-ingest", routes);
