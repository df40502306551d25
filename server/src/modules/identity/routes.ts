/**
 * Passport calls (docs/rules/sign-in.md#login-payload): the login key, captchas, sign-in and its second step,
 * sign-in tickets, sign-out, and who is signed in.
 */
import { allowedActions, menuRoutes, ok, PASSPORT_ENDPOINTS, TWO_FACTOR_ENDPOINTS } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { loadUserInfo } from "../accounts/service.ts";
import { discardCaptcha, generateCaptcha } from "./captcha.ts";
import { endSession, exchangeSignInTicket, issueSignInTicket, tokenKeyOf } from "./sessions.ts";
import { exchangeSecondStep, login } from "./sign-in.ts";
import { sealingKey } from "./totp.ts";

const tags = ["passport"];

const routes: FastifyPluginAsync = async (app) => {
  const { db, config, timeZone, loginKey } = app;
  const captchaOptions = { fixedAnswer: config.CAPTCHA_FIXED_ANSWER };
  const twoFactorKey = sealingKey(config.TWO_FACTOR_KEY);

  serveEndpoint(app, PASSPORT_ENDPOINTS.publicKey, tags, async () =>
    ok({ public_key: loginKey.publicKeyPem }),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.genCaptcha, tags, async () =>
    ok(await generateCaptcha(db, captchaOptions)),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.refreshCaptcha, tags, async (request) => {
    if (request.body?.captcha_id) await discardCaptcha(db, request.body.captcha_id);
    return ok(await generateCaptcha(db, captchaOptions));
  });
  serveEndpoint(app, PASSPORT_ENDPOINTS.login, tags, async (request) =>
    ok(
      await login(
        { db, loginKey, callerSecret: config.CALLER_SECRET, timeZone, twoFactorKey },
        request.body.data,
        request.ip,
      ),
    ),
  );
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.login, tags, async (request) =>
    ok(await exchangeSecondStep({ db, key: twoFactorKey, timeZone }, request.body, request.ip)),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.signInTicket, tags, async (request) =>
    ok(await issueSignInTicket(db, tokenKeyOf(sessionOf(request)))),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.ticketLogin, tags, async (request) =>
    ok(await exchangeSignInTicket(db, request.body.ticket, timeZone)),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.logout, tags, async (request) => {
    await endSession(db, sessionOf(request));
    return ok(null);
  });
  serveEndpoint(app, PASSPORT_ENDPOINTS.userInfo, tags, async (request) =>
    ok(await loadUserInfo(db, sessionOf(request), timeZone)),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.menu, tags, async (request) =>
    ok({ routes: menuRoutes(sessionOf(request).principal) }),
  );
  serveEndpoint(app, PASSPORT_ENDPOINTS.permissions, tags, async (request) => {
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
  });
};

export const passportRoutes = withDeps("passport", routes);
