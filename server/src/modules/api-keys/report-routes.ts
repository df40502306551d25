/**
 * The publisher reporting API (docs/api.md#reporting-api): `GET /api/v1/reports/{sdk|affiliate}` with a
 * read-only key (`Authorization: Bearer pck_…`) instead of the console's session. The same query parameters,
 * rules and rows as the console's report calls (reports/query/service.ts), for the key's company and its
 * published days; JSON, or CSV streamed by the console's export. Rate-limited per key (HTTP 429 with
 * Retry-After).
 */
import {
  API_KEY_RATE_LIMIT,
  type ApiKeyScopeValue,
  affiliateReportApiAnswer,
  affiliateReportApiQuery,
  envelopeOf,
  ok,
  REPORT_API_PATHS,
  sdkReportApiAnswer,
  sdkReportApiQuery,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answeredAs, refusedWith } from "../../lib/api-responses.ts";
import { withDeps } from "../../plugins/deps.ts";
import { csvAnswer } from "../reports/query/export.ts";
import {
  offlineReport,
  offlineSummary,
  onlineReport,
  onlineSummary,
  type Viewer,
} from "../reports/query/service.ts";
import { admitKey, type KeyCaller } from "./service.ts";

declare module "fastify" {
  interface FastifyRequest {
    apiKey: KeyCaller | null;
  }
}

const tags = ["reporting API"];
const security = [{ reportApiKey: [] }];

/** The answers of a report call: JSON or CSV as `format` asks, and the key's refusals. */
const answersOf = (answer: z.ZodType) => ({
  200: answeredAs("format=json: the envelope; format=csv: the CSV file", {
    "application/json": envelopeOf(answer),
    "text/csv": z.string(),
  }),
  401: refusedWith("The API key is missing, unknown, expired or revoked (code 20010; WWW-Authenticate)"),
  403: refusedWith("The API key may not read this report (code 402)"),
  429: refusedWith("Past the key's rate limit (code 607)"),
});

const describe = (scope: ApiKeyScopeValue, what: string, example: string) =>
  `${what}\n\n` +
  "Authenticate with a read-only API key of your company (Account menu → API keys, super admins): " +
  "`Authorization: Bearer pck_…`. The key needs the scope `" +
  scope +
  "`. The parameters and rules are the console's report query: dates yyyyMMdd (REPORT_TZ), both required, " +
  "at most 90 days back, ending yesterday at the latest; lists (`dimensions`, `metrics`) comma-separated or " +
  "repeated; published days only. `format=json` (default) answers the envelope `{code, msg, data: {list, " +
  "total, totalRow, days}}`, a page (`pageIndex`, `pageSize` ≤ 1000) like the console's table; `format=csv` " +
  "streams every row (UTF-8 with BOM, headers in the `lang` header's language), refused above " +
  "EXPORT_MAX_ROWS.\n\n" +
  `At most ${API_KEY_RATE_LIMIT.max} requests per key per ${API_KEY_RATE_LIMIT.windowSeconds} s: past it ` +
  "HTTP 429, code 607 and a Retry-After header. A missing, unknown, expired or revoked key answers HTTP 401, " +
  "code 20010; a key without this scope HTTP 403, code 402.\n\n" +
  `Example:\n\n\`\`\`\n${example}\n\`\`\``;

const SDK_EXAMPLE =
  'curl -H "Authorization: Bearer pck_12_…" -H "lang: en" \\\n' +
  '  "https://console.example.com/api/v1/reports/sdk?startDate=20240501&endDate=20240507&dimensions=1,2&format=csv"\n\n' +
  "\uFEFFDate,App Name,Requests,…\n2024-05-07,Puzzle Quest,120400,…";
const AFFILIATE_EXAMPLE =
  'curl -H "Authorization: Bearer pck_12_…" \\\n' +
  '  "https://console.example.com/api/v1/reports/affiliate?startDate=20240501&endDate=20240507&dimensions=1,5&pageSize=100"\n\n' +
  '{"code":200,"msg":"Success","data":{"list":[{"dt":"2024-05-07","country":"US","clickNum":…}],"total":42,' +
  '"totalRow":{…},"days":[{"dt":"2024-05-01","status":"published",…}]}}';

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, timeZone } = app;
  const queryOptions = { embedded: database.kind === "pglite" };
  app.decorateRequest("apiKey", null);

  /** The key's company, as the console's viewer of a publisher: its own reports, published days only. */
  const viewerOf = (request: FastifyRequest): Viewer => {
    if (!request.apiKey) throw new Error("a report API route without its key check");
    return { companyId: request.apiKey.companyId, seesAll: false };
  };
  /** The key is checked before the query (a bad key is refused before any parameter error). */
  const admit = (scope: ApiKeyScopeValue) => async (request: FastifyRequest) => {
    request.apiKey = await admitKey(db, request.headers.authorization, scope);
  };
  const answerCsv = csvAnswer(app, viewerOf);

  app.get(
    REPORT_API_PATHS.sdk,
    {
      config: { public: true },
      onRequest: admit("sdk"),
      schema: {
        tags,
        security,
        summary: "SDK report (reporting API)",
        description: describe("sdk", "The SDK report of the key's company.", SDK_EXAMPLE),
        querystring: sdkReportApiQuery,
        response: answersOf(sdkReportApiAnswer),
      },
    },
    async (request, reply) => {
      const { format, ...rest } = request.query;
      const query = { ...rest, companyId: null };
      if (format === "csv") return answerCsv(request, reply, "online", query);
      const viewer = viewerOf(request);
      const page = await onlineReport(db, viewer, query, timeZone, queryOptions);
      const summary = await onlineSummary(db, viewer, query, timeZone, queryOptions);
      return ok({ ...page, totalRow: summary.total, days: summary.days });
    },
  );

  app.get(
    REPORT_API_PATHS.affiliate,
    {
      config: { public: true },
      onRequest: admit("affiliate"),
      schema: {
        tags,
        security,
        summary: "Affiliate report (reporting API)",
        description: describe("affiliate", "The affiliate report of the key's company.", AFFILIATE_EXAMPLE),
        querystring: affiliateReportApiQuery,
        response: answersOf(affiliateReportApiAnswer),
      },
    },
    async (request, reply) => {
      const { format, ...rest } = request.query;
      const query = { ...rest, companyId: null };
      if (format === "csv") return answerCsv(request, reply, "offline", query);
      const viewer = viewerOf(request);
      const page = await offlineReport(db, viewer, query, timeZone, queryOptions);
      const summary = await offlineSummary(db, viewer, query, timeZone, queryOptions);
      return ok({ ...page, totalRow: summary.total, days: summary.days });
    },
  );
};

export const reportApiRoutes = withDeps("report-api", routes);
