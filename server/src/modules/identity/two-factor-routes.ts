/**
 * Two-step verification (docs/rules/sign-in.md#two-step-verification): the signed-in user's own (account
 * page), and the company's rule (Account Management: administrators read it, the super admin sets it). The
 * second step of a sign-in is served with the other sign-in calls (routes.ts).
 */
import { ok, TWO_FACTOR_ENDPOINTS } from "@pc/contract";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { sealingKey } from "./totp.ts";
import {
  beginSetup,
  disableTwoFactor,
  enableTwoFactor,
  twoFactorPolicy as readPolicy,
  twoFactorStatus as readStatus,
  renewRecoveryCodes,
  resetMemberTwoFactor,
  setTwoFactorPolicy,
  type TwoFactorActor,
} from "./two-factor.ts";

const tags = ["two-factor"];

const actorOf = (request: FastifyRequest): TwoFactorActor => {
  const { companyId, userId } = sessionOf(request);
  return { companyId, userId, clientAddress: request.ip };
};

const routes: FastifyPluginAsync = async (app) => {
  const { db, config, timeZone } = app;
  const deps = { db, key: sealingKey(config.TWO_FACTOR_KEY) };

  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.status, tags, async (request) =>
    ok(await readStatus(db, sessionOf(request), timeZone)),
  );
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.setup, tags, async (request) =>
    ok(await beginSetup(deps, sessionOf(request))),
  );
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.enable, tags, async (request) =>
    ok({ recovery_codes: await enableTwoFactor(deps, actorOf(request), request.body.code) }),
  );
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.disable, tags, async (request) => {
    await disableTwoFactor(deps, actorOf(request), request.body.code);
    return ok(null);
  });
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.renewRecoveryCodes, tags, async (request) =>
    ok({ recovery_codes: await renewRecoveryCodes(deps, actorOf(request), request.body.code) }),
  );
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.policy, tags, async (request) =>
    ok(await readPolicy(db, sessionOf(request).companyId)),
  );
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.setPolicy, tags, async (request) => {
    await setTwoFactorPolicy(db, sessionOf(request), request.body.required);
    return ok(null);
  });
  serveEndpoint(app, TWO_FACTOR_ENDPOINTS.resetMember, tags, async (request) => {
    await resetMemberTwoFactor(db, sessionOf(request), request.body.user_id);
    return ok(null);
  });
};

export const twoFactorRoutes = withDeps("two-factor", routes);
