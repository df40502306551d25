/**
 * Two-step verification (issue 14 item 4): the signed-in user's own (account page), and the company's rule
 * (Account Management: administrators read it, the super admin sets it).
 */
import {
  envelopeOf,
  ok,
  recoveryCodesAnswer,
  twoFactorCodeBody,
  twoFactorPolicy,
  twoFactorPolicyBody,
  twoFactorResetBody,
  twoFactorSetup,
  twoFactorStatus,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
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
} from "./service.ts";
import { sealingKey } from "./totp.ts";

export interface TwoFactorRoutesDeps {
  db: Db;
  config: Config;
}

const tags = ["two-factor"];
const OWN = "/v1/passport/two_factor";
const POLICY = "/v1/company/two_factor";

const actorOf = (request: FastifyRequest): TwoFactorActor => {
  const { companyId, userId } = sessionOf(request);
  return { companyId, userId, clientAddress: request.ip };
};

export const twoFactorRoutes: FastifyPluginAsyncZod<TwoFactorRoutesDeps> = async (app, { db, config }) => {
  const deps = { db, key: sealingKey(config.TWO_FACTOR_KEY) };

  app.get(
    OWN,
    {
      schema: {
        tags,
        description:
          "The caller's two-step verification: on or off, since when, recovery codes left, required.",
        response: { 200: envelopeOf(twoFactorStatus) },
      },
    },
    async (request) => ok(await readStatus(db, sessionOf(request), config.REPORT_TZ)),
  );

  app.post(
    `${OWN}/setup`,
    {
      schema: {
        tags,
        description:
          "A new secret for the caller's authenticator app, pending until a code confirms it (enable): as the " +
          "otpauth:// URI of the QR code and as text. Refused while two-step verification is on.",
        response: { 200: envelopeOf(twoFactorSetup) },
      },
    },
    async (request) => ok(await beginSetup(deps, sessionOf(request))),
  );

  app.post(
    `${OWN}/enable`,
    {
      schema: {
        tags,
        description:
          "Turns two-step verification on with a code of the app just set up; answers the 10 recovery codes, " +
          "shown once. A wrong code answers 610 and counts towards the sign-in lockout.",
        body: twoFactorCodeBody,
        response: { 200: envelopeOf(recoveryCodesAnswer) },
      },
    },
    async (request) =>
      ok({ recovery_codes: await enableTwoFactor(deps, actorOf(request), request.body.code) }),
  );

  app.post(
    `${OWN}/disable`,
    {
      schema: {
        tags,
        description:
          "Turns two-step verification off with a current code (the app's or a recovery code); refused (601) " +
          "while the company requires it.",
        body: twoFactorCodeBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await disableTwoFactor(deps, actorOf(request), request.body.code);
      return ok(null);
    },
  );

  app.post(
    `${OWN}/recovery_codes`,
    {
      schema: {
        tags,
        description:
          "Replaces the recovery codes with 10 new ones (shown once), with a current code (the app's or a recovery code).",
        body: twoFactorCodeBody,
        response: { 200: envelopeOf(recoveryCodesAnswer) },
      },
    },
    async (request) =>
      ok({ recovery_codes: await renewRecoveryCodes(deps, actorOf(request), request.body.code) }),
  );

  app.get(
    POLICY,
    {
      config: { action: "account.manage" },
      schema: {
        tags,
        description:
          "The company's rule (everyone signs in with two-step verification) and how many of its active users have it on.",
        response: { 200: envelopeOf(twoFactorPolicy) },
      },
    },
    async (request) => ok(await readPolicy(db, sessionOf(request).companyId)),
  );

  app.put(
    POLICY,
    {
      config: { action: "account.policy" },
      schema: {
        tags,
        description:
          "The super admin requires two-step verification of everyone in the company (needs the super admin's " +
          "own on; the sessions of users without it end, and they set it up at their next sign-in), or stops requiring it.",
        body: twoFactorPolicyBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await setTwoFactorPolicy(db, sessionOf(request), request.body.required);
      return ok(null);
    },
  );

  app.post(
    `${POLICY}/reset`,
    {
      config: { action: "account.policy" },
      schema: {
        tags,
        description:
          "Turns a member's two-step verification off (a lost phone and lost recovery codes) and ends their " +
          "sessions; they set it up again at the next sign-in if the company requires it. Not the caller's own.",
        body: twoFactorResetBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await resetMemberTwoFactor(db, sessionOf(request), request.body.user_id);
      return ok(null);
    },
  );
};
