/**
 * The signed external API (docs/api.md#signed-external-api; docs/api.md#the-signing-rule): no token, but
 * every call carries `timestamp` and `sign` in its query, checked before the parameters are validated; a sign
 * is accepted once. The `signed` plugin checks them (and parses JSON bodies from their raw bytes, which are
 * signed).
 */
import {
  AFFILIATE_STATS_PATH,
  affiliateStatsAnswer,
  affiliateStatsBody,
  companyRow,
  envelopeOf,
  externalCompanyListQuery,
  externalProfitCenterListQuery,
  noticeAnswer,
  ok,
  pageOf,
  profitCenterNotice,
  profitCenterRow,
  SIGNATURE_WINDOW_SECONDS,
  signedCallQuery,
} from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { inFlightLimit, inFlightRefusal } from "../../plugins/admission.ts";
import { withDeps } from "../../plugins/deps.ts";
import { externalRules, oneSecret, SignedCalls, signed } from "../../plugins/signed.ts";
import { applyNotice, profitCenterList } from "../profit-centers/service.ts";
import { ingestAffiliateStats } from "../reports/ingest/service.ts";
import { companyList } from "../tenancy/service.ts";
import { signClaimer } from "./service.ts";

const tags = ["external (signed)"];
const signedRoute = { public: true } as const;
const SIGNING =
  "Signed: `timestamp` and `sign` in the query, sign = hex(HMAC-SHA256(EXTERNAL_API_SECRET, string)). " +
  "Rule 2, the default for new partners (send `sign_version=2`): string = the method, the path, the " +
  "query's `name=value` pairs (sign and timestamp left out, names and values percent-encoded as RFC 3986, " +
  "ordered by name, joined with `&`), the timestamp and the body's SHA-256 hex (empty without a body), " +
  "each followed by a line feed. Rule 1 (no `sign_version`, or `1`), kept for compatibility: string = the " +
  "other parameters' values ordered by name, then the timestamp; a JSON body counts as the parameter " +
  `\`body\` = SHA-256 hex of its raw bytes. Refused outside ±${SIGNATURE_WINDOW_SECONDS} s and when the sign was seen before.`;

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, timeZone } = app;
  // The signature first, before the parameters are validated: a caller without the secret learns nothing
  // about them. Then, once they are valid, the sign is spent (refused if it was spent before).
  await app.register(
    signed,
    new SignedCalls({
      rules: externalRules,
      secret: oneSecret(config.EXTERNAL_API_SECRET),
      claim: signClaimer(db),
      verifyAt: "preValidation",
    }),
  );

  app.get(
    "/external_api/company/list",
    {
      config: signedRoute,
      schema: {
        tags,
        security: [],
        description: `Companies, filtered by is_publisher and cooperation_types, paged. ${SIGNING}`,
        querystring: externalCompanyListQuery,
        response: { 200: envelopeOf(pageOf(companyRow)) },
      },
    },
    async (request) => ok(await companyList(db, request.query, timeZone)),
  );

  app.get(
    "/external_api/profit_center",
    {
      config: signedRoute,
      schema: {
        tags,
        security: [],
        description: `Profit centres, optionally by status (1 open, 2 closed), paged. ${SIGNING}`,
        querystring: externalProfitCenterListQuery,
        response: { 200: envelopeOf(pageOf(profitCenterRow)) },
      },
    },
    async (request) => ok(await profitCenterList(db, request.query, timeZone)),
  );

  app.post(
    "/external_api/profit_center/notice",
    {
      config: signedRoute,
      schema: {
        tags,
        security: [],
        description:
          "Creates, updates or closes a profit centre, or moves a company to another one, in one " +
          "transaction, answering what changed; the same notice_id again changes nothing and answers " +
          `the stored result (repeated: true). ${SIGNING}`,
        querystring: z.object(signedCallQuery),
        body: profitCenterNotice,
        response: { 200: envelopeOf(noticeAnswer) },
      },
    },
    async (request) => ok(await applyNotice(db, request.body, timeZone)),
  );

  app.post(
    AFFILIATE_STATS_PATH,
    {
      config: signedRoute,
      onRequest: inFlightLimit(config.INGEST_MAX_IN_FLIGHT),
      // Up to 10,000 rows of about 200 bytes each.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags,
        security: [],
        description:
          "An affiliate network's daily totals for a company: each row replaces the stored values " +
          "of its key (dt, sub_channel, offer_id, pkg_name, country), so sending it again changes nothing. " +
          "All rows or none; a calculated day whose data changed is marked stale. " +
          SIGNING,
        querystring: z.object(signedCallQuery),
        body: affiliateStatsBody,
        response: { 200: envelopeOf(affiliateStatsAnswer), 429: inFlightRefusal },
      },
    },
    async (request) => ok(await ingestAffiliateStats(db, request.body, timeZone)),
  );
};

export const externalRoutes = withDeps("external", routes);
