/**
 * Refusals that may be an attack — no permission (402), not allowed or locked out (601), wrong credentials
 * (605, 606), a wrong or replayed two-step verification code (610), an emailed code's tries used up — are
 * logged at warn as security events (docs/internals.md#security-log): the user and company (from the session,
 * or what a sign-in named), the route and the client address. Never a password, code or token.
 */
import { Code, type MessageKey } from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { AppError } from "../lib/app-error.ts";
import { redactUrl } from "../lib/request-log.ts";

const SECURITY_CODES: ReadonlySet<number> = new Set([
  Code.NoPermission,
  Code.Forbidden,
  Code.BadCredentials,
  Code.WrongPassword,
  Code.ApiKeyInvalid,
  Code.TwoFactorCodeWrong,
]);
const SECURITY_MESSAGES: ReadonlySet<MessageKey> = new Set(["emailCodeAttemptsExceeded"]);

const isSecurityRefusal = (error: AppError): boolean =>
  SECURITY_CODES.has(error.code) ||
  (error.messageKey !== undefined && SECURITY_MESSAGES.has(error.messageKey));

export function logSecurityRefusal(request: FastifyRequest, error: AppError): void {
  if (!isSecurityRefusal(error)) return;
  const { session } = request;
  request.log.warn(
    {
      event: "security_refusal",
      code: error.code,
      reason: error.messageKey ?? null,
      user_id: session?.userId ?? error.subject?.userId ?? null,
      company_id: session?.companyId ?? error.subject?.companyId ?? null,
      account: error.subject?.account ?? null,
      route: `${request.method} ${request.routeOptions.url ?? redactUrl(request.url)}`,
      address: request.ip,
    },
    "security refusal",
  );
}
