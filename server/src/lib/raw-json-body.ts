/**
 * JSON bodies parsed from bytes that are kept for a signature over them (the SDK's batches, the external API):
 * a body of any other type could not be signed, so this is the only parser of the plugin it is installed in.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";

const bodyError = (code: "FST_ERR_CTP_EMPTY_JSON_BODY" | "FST_ERR_CTP_INVALID_JSON_BODY") =>
  Object.assign(new Error("The request body is not valid JSON"), { code, statusCode: 400 });

/** Installs the parser in this plugin's scope; the answer reads a request's raw body (null without one). */
export function keepRawJsonBody(app: FastifyInstance): (request: FastifyRequest) => Buffer | null {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
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
  return (request) => rawBodies.get(request) ?? null;
}
