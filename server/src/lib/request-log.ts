/**
 * What the log records of a request: Fastify's own fields, with the credentials a URL may carry replaced
 * (docs/api.md#links-into-the-console-sign-in-tickets). Headers are left out as Fastify does; `token` and
 * `cookie` are redacted besides.
 */
import { SIGN_IN_TICKET_PARAM } from "@pc/contract";
import type { FastifyRequest } from "fastify";

/** Query parameters that carry a credential: the sign-in ticket of a link into the console. */
const SECRET_PARAMS = new Set([SIGN_IN_TICKET_PARAM]);
const REDACTED = "[Redacted]";

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " "));
  } catch {
    return raw;
  }
}

/** The URL with the value of every secret query parameter replaced, the rest as sent. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const pairs = url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      return SECRET_PARAMS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
    });
  return `${url.slice(0, at)}?${pairs.join("&")}`;
}

/** Fastify's request serializer, the URL redacted. */
function requestLogFields(request: FastifyRequest) {
  const version = request.headers["accept-version"];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: typeof version === "string" ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const loggerOptions = (level: string) => ({
  level,
  redact: ["req.headers.token", "req.headers.cookie"],
  serializers: { req: requestLogFields },
});
