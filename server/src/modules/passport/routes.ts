/** Passport calls (spec §7 Session and captcha; DESIGN §5). */
import {
  allowedActions,
  captchaAnswer,
  envelopeOf,
  loginAnswer,
  loginBody,
  menuAnswer,
  menuRoutes,
  ok,
  permissionsAnswer,
  publicKeyAnswer,
  refreshCaptchaBody,
  SIGN_IN_TICKET_PARAM,
  SIGN_IN_TICKET_SECONDS,
  signInTicketAnswer,
  ticketLoginBody,
  twoFactorLoginAnswer,
  twoFactorLoginBody,
  userInfo,
} from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { loadUserInfo } from "../accounts/service.ts";
import { sealingKey } from "../two-factor/totp.ts";
import { discardCaptcha, generateCaptcha } from "./captcha.ts";
import type { LoginKey } from "./login-key.ts";
import { exchangeSecondStep } from "./second-step.ts";
import { login } from "./service.ts";
import { exchangeSignInTicket, issueSignInTicket } from "./tickets.ts";
import { revokeToken } from "./tokens.ts";

export interface PassportDeps {
  db: Db;
  config: Config;
  loginKey: LoginKey;
}

const tags = ["passport"];
const publicRoute = { public: true } as const;

export const passportRoutes: FastifyPluginAsyncZod<PassportDeps> = async (app, { db, config, loginKey }) => {
  const captchaOptions = { fixedAnswer: config.CAPTCHA_FIXED_ANSWER };
  const twoFactorKey = sealingKey(config.TWO_FACTOR_KEY);

  app.get(
    "/v1/passport/public_key",
    { config: publicRoute, schema: { tags, response: { 200: envelopeOf(publicKeyAnswer) } } },
    async () => ok({ public_key: loginKey.publicKeyPem }),
  );

  app.post(
    "/v1/passport/captcha/gen_math",
    { config: publicRoute, schema: { tags, response: { 200: envelopeOf(captchaAnswer) } } },
    async () => ok(await generateCaptcha(db, captchaOptions)),
  );

  app.post(
    "/v1/passport/captcha/refresh_math",
    {
      config: publicRoute,
      schema: { tags, body: refreshCaptchaBody.optional(), response: { 200: envelopeOf(captchaAnswer) } },
    },
    async (request) => {
      if (request.body?.captcha_id) await discardCaptcha(db, request.body.captcha_id);
      return ok(await generateCaptcha(db, captchaOptions));
    },
  );

  app.post(
    "/v1/passport/user/login",
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          "Signs in with the encrypted login form. A user with two-step verification on, or in a company that " +
          "requires it, gets no session yet: the answer is code 609 with `data` {ticket, expires_in, setup} " +
          "(setup: {secret, uri} when the authenticator app must be set up first), for /v1/passport/user/two_factor_login.",
        body: loginBody,
        response: { 200: envelopeOf(loginAnswer) },
      },
    },
    async (request) =>
      ok(
        await login(
          { db, loginKey, callerSecret: config.CALLER_SECRET, timeZone: config.REPORT_TZ, twoFactorKey },
          request.body.data,
          request.ip,
        ),
      ),
  );

  app.post(
    "/v1/passport/user/two_factor_login",
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          "The second step of a sign-in answered 609: its ticket and a code of the authenticator app (6 digits, " +
          "±30 s, each once) or a recovery code (each once) answer the session, as login does; after a setup, " +
          "with the 10 new recovery_codes. A wrong code answers 610 (field code) and counts towards the sign-in " +
          "lockout; an unknown, used or expired ticket 604 (field ticket).",
        body: twoFactorLoginBody,
        response: { 200: envelopeOf(twoFactorLoginAnswer) },
      },
    },
    async (request) =>
      ok(
        await exchangeSecondStep(
          { db, key: twoFactorKey, timeZone: config.REPORT_TZ },
          request.body,
          request.ip,
        ),
      ),
  );

  app.post(
    "/v1/passport/sign_in_ticket",
    {
      schema: {
        tags,
        description:
          `A one-time sign-in ticket for a link into the console, \`/home?${SIGN_IN_TICKET_PARAM}=<ticket>\` ` +
          `(any page): the console exchanges it within ${SIGN_IN_TICKET_SECONDS} s for a new session of ` +
          "the caller's user and removes it from the address bar. Never put a session token in a link.",
        response: { 200: envelopeOf(signInTicketAnswer) },
      },
    },
    async (request) => ok(await issueSignInTicket(db, sessionOf(request).tokenHash)),
  );

  app.post(
    "/v1/passport/user/ticket_login",
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          "Exchanges a sign-in ticket (from /v1/passport/sign_in_ticket) for a session, answering as login " +
          "does. A ticket is taken once: unknown, used or expired tickets are refused with 604 (field ticket).",
        body: ticketLoginBody,
        response: { 200: envelopeOf(loginAnswer) },
      },
    },
    async (request) => ok(await exchangeSignInTicket(db, request.body.ticket, config.REPORT_TZ)),
  );

  app.post(
    "/v1/passport/user/logout",
    { schema: { tags, response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      await revokeToken(db, sessionOf(request).tokenHash);
      return ok(null);
    },
  );

  app.get(
    "/api/v1/user/user_info",
    { schema: { tags, response: { 200: envelopeOf(userInfo) } } },
    async (request) => ok(await loadUserInfo(db, sessionOf(request), config.REPORT_TZ)),
  );

  app.get(
    "/api/v1/user/menu",
    { schema: { tags, response: { 200: envelopeOf(menuAnswer) } } },
    async (request) => ok({ routes: menuRoutes(sessionOf(request).principal) }),
  );

  app.get(
    "/v1/user",
    {
      schema: {
        tags,
        description: "The current user's permissions: a list whose first item is used.",
        response: { 200: envelopeOf(permissionsAnswer) },
      },
    },
    async (request) => {
      const { userId, principal } = sessionOf(request);
      return ok([
        {
          user_id: userId,
          role_ids: [...principal.roleIds],
          report_scope: principal.reportScope,
          routes: menuRoutes(principal),
          actions: allowedActions(principal),
        },
      ]);
    },
  );
};
