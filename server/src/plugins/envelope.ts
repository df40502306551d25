/**
 * The answer envelope and the error handler: business refusals are HTTP 200 with their code,
 * validation errors are 604 naming the field, transport faults keep their HTTP status, a database out of
 * reach or a process draining answers 608 (HTTP 503, Retry-After), and a server fault answers 602 without
 * leaking anything. A refusal of the transport (body, content type, URL, a request Node cannot read) keeps
 * its 4xx status and names the part of the request at fault in `data.field`.
 * Refusals that may be an attack are logged as security events (security-log.ts).
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { Code, DEFAULT_LANG, isMessageKey, type LangValue, type MessageKey } from "@pc/contract";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError, HttpRefusal, RetryLater } from "../lib/app-error.ts";
import { isDatabaseUnavailable } from "../lib/db-errors.ts";
import { requestLang } from "../lib/lang.ts";
import { logSecurityRefusal } from "./security-log.ts";

declare module "fastify" {
  interface FastifyRequest {
    lang: "zh" | "en";
  }
  interface FastifyInstance {
    /**
     * Counts an answer sent before any route or hook could see it (a URL refused before routing, a request
     * Node could not read); set by the metrics plugin when it is served.
     */
    countEarlyAnswer?: (method: string, statusCode: number, seconds?: number) => void;
  }
}

/** What an operator does about a connection that lost its prepared statements. */
export const POOLER_HINT =
  "behind a pooler in transaction mode (PgBouncer pool_mode=transaction), set DATABASE_POOLER=transaction";

/** The method label of an answer to a request whose request line could not be read. */
const UNPARSED_METHOD = "unparsed";

/** Seconds a client waits before calling again while the database is out of reach or the process stops. */
const UNAVAILABLE_RETRY_SECONDS = 2;

/** A refusal of the request's transport (body, content type, URL) and the part of the request it names. */
interface TransportRefusal {
  key: MessageKey;
  field: string;
}

const TRANSPORT_ERRORS: Record<string, TransportRefusal> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { key: "bodyTooLarge", field: "body" },
  FST_ERR_CTP_INVALID_JSON_BODY: { key: "malformedBody", field: "body" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { key: "malformedBody", field: "body" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { key: "mediaTypeUnsupported", field: "content-type" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { key: "malformedBody", field: "content-length" },
};

const answerOf = (error: AppError, lang: LangValue) => ({
  code: error.code,
  msg: error.localized(lang),
  data: error.data ?? (error.field ? { field: error.field } : null),
});

function sendError(reply: FastifyReply, error: AppError, lang: LangValue, httpStatus = 200) {
  if (error instanceof RetryLater) {
    reply.header("retry-after", String(error.retryAfterSeconds));
    httpStatus = error.httpStatus;
  }
  if (error instanceof HttpRefusal) {
    reply.headers(error.headers);
    httpStatus = error.httpStatus;
  }
  return (
    reply
      .status(httpStatus)
      // Set explicitly: with its own serializer Fastify adds no type, and a client of a file call (CSV
      // export) tells the JSON refusal from the file by it.
      .type("application/json; charset=utf-8")
      .serializer(JSON.stringify)
      .send(answerOf(error, lang))
  );
}

function validationField(error: { validation: { instancePath: string; params: Record<string, unknown> }[] }) {
  const first = error.validation[0];
  const fromPath = first?.instancePath.replace(/^\//, "").replaceAll("/", ".");
  const missing = first?.params.missingProperty;
  return fromPath || (typeof missing === "string" ? missing : "") || "body";
}

async function envelopePlugin(app: FastifyInstance) {
  app.decorateRequest("lang", "zh");
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (request) => {
    request.lang = requestLang(request.headers);
    // A call arriving on a kept-alive connection while the process drains (Fastify's own 503 body is off,
    // app.ts): the envelope tells the client to call again, and Fastify closes that connection.
    if (closing) throw new RetryLater(Code.Unavailable, UNAVAILABLE_RETRY_SECONDS);
  });
  // A call that finishes during the drain closes its connection: a kept-alive one would hold the drain
  // until its keep-alive timeout, past the grace period.
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang ?? requestLang(request.headers);
    if (error instanceof AppError) {
      logSecurityRefusal(request, error);
      return sendError(reply, error, lang);
    }
    if (isDatabaseUnavailable(error)) {
      // Expected while the database restarts: one line, no stack; the client calls again.
      request.log.warn({ reason: error.message }, "database unavailable");
      return sendError(reply, new RetryLater(Code.Unavailable, UNAVAILABLE_RETRY_SECONDS), lang);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const field = validationField(error);
      const detail = error.validation[0]?.message ?? "";
      // A contract schema names its own message (e.g. "urlInvalid"): answer it in the caller's language.
      if (isMessageKey(detail))
        return sendError(reply, new AppError(Code.ParamError, detail, {}, field), lang);
      return sendError(reply, new AppError(Code.ParamError, "invalidField", { field, detail }, field), lang);
    }
    if (error.statusCode && error.statusCode < 500) {
      // Fastify's own refusals of a request (its body, its content type); any other one is about the body too
      // (a JSON body with `__proto__`).
      const { key, field } = TRANSPORT_ERRORS[error.code] ?? { key: "malformedBody", field: "body" };
      return sendError(reply, new AppError(Code.ParamError, key, {}, field), lang, error.statusCode);
    }
    const fault = app.database.faults.record(error);
    if (fault) {
      request.log.error(
        { err: error, hint: POOLER_HINT },
        `request failed: ${fault.reason}; readiness fails until this stops`,
      );
    } else {
      request.log.error({ err: error }, "request failed");
    }
    return sendError(reply, new AppError(Code.SystemError), lang, 500);
  });
}

export const envelope = fp(envelopePlugin, { name: "envelope" });

/** A refusal with an HTTP status of its own (outside the business calls, which answer HTTP 200). */
export const sendRefusal = (
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError,
  httpStatus: number,
) => sendError(reply, error, request.lang, httpStatus);

/** The answer to a path no route serves. */
export const sendNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  sendRefusal(request, reply, new AppError(Code.ParamError, "notFound"), 404);

/** Fastify's refusals of a URL before routing, by error code: the status and message, naming the URL. */
const URL_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_BAD_URL: { status: 400, key: "malformedUrl" },
  // Longer than the router's maxParamLength (app.ts), far past any parameter a route's schema takes.
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: "urlParamTooLong" },
};

/**
 * Fastify's `frameworkErrors`: errors raised before routing, such as a URL that cannot be decoded (`/%`). No
 * hook runs for them, so the answer is counted here.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const lang = requestLang(request.headers);
  const refusal = URL_ERRORS[error.code];
  if (refusal) {
    sendError(reply, new AppError(Code.ParamError, refusal.key, {}, "url"), lang, refusal.status);
  } else {
    request.log.error({ err: error }, "request failed");
    sendError(reply, new AppError(Code.SystemError), lang, 500);
  }
  request.server.countEarlyAnswer?.(request.method, reply.statusCode, reply.elapsedTime / 1000);
  return reply;
}

/** A request Node's parser refused, by its error code: what it answers, before closing the connection. */
const CLIENT_ERRORS: Record<string, { status: number; key: MessageKey; field: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, key: "requestTimeout", field: "request" },
  HPE_HEADER_OVERFLOW: { status: 431, key: "headersTooLarge", field: "headers" },
};

/**
 * Fastify's `clientErrorHandler` (called with the Fastify instance as `this`): a request Node could not read
 * (malformed, headers too large, not arrived in time) is answered on the socket itself, in the default
 * language since no header was read, and counted here since no request exists for a hook to see.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, key, field } = CLIENT_ERRORS[error.code ?? ""] ?? {
    status: 400,
    key: "malformedRequest",
    field: "request",
  };
  if (socket.writable) {
    const body = JSON.stringify(answerOf(new AppError(Code.ParamError, key, {}, field), DEFAULT_LANG));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    this.countEarlyAnswer?.(UNPARSED_METHOD, status);
  }
  socket.destroy(error);
}
