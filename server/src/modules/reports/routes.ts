/**
 * Report calls (spec §7 Reports; DESIGN §5 Reports, Export, Operators): the SDK (online) and affiliate
 * (offline) tables, summaries and CSV exports, the management calls of operator admins, and the report
 * date window. Thin handlers: the rules live in query/service.ts and management/service.ts, the export in
 * query/export.ts.
 */
import {
  can,
  envelopeOf,
  ONLINE_OVERVIEW_PATH,
  offlineReportPage,
  offlineReportQuery,
  offlineReportSummary,
  ok,
  onlineOverviewAnswer,
  onlineReportPage,
  onlineReportQuery,
  onlineReportSummary,
  REPORT_KINDS,
  ReportAction,
  type ReportActionValue,
  type ReportKindValue,
  reportBatchListAnswer,
  reportBatchListQuery,
  reportDateWindow,
  reportDateWindowAnswer,
  reportManageAnswer,
  reportManageQuery,
  reportStartCompanyAnswer,
  reportStartCompanyQuery,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Config } from "../../config.ts";
import type { DatabaseHandle } from "../../db/database.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { reportToday } from "./days.ts";
import { batchList, manageReport } from "./management/service.ts";
import { exportReport, sendCsv } from "./query/export.ts";
import { onlineOverview } from "./query/overview.ts";
import {
  offlineReport,
  offlineSummary,
  onlineReport,
  onlineSummary,
  startCompany,
  type Viewer,
} from "./query/service.ts";

export interface ReportsDeps {
  database: DatabaseHandle;
  config: Config;
}

const tags = ["reports"];
const online = { action: "report.online.read" } as const;
const offline = { action: "report.offline.read" } as const;
const manage = { action: "report.manage" } as const;

const viewerOf = (request: FastifyRequest): Viewer => {
  const session = sessionOf(request);
  return { companyId: session.companyId, seesAll: can(session.principal, "report.manage") };
};

const QUERY_RULES =
  "Dates yyyyMMdd, both required, start ≤ end, at most 90 days back, ending yesterday at the latest " +
  "(REPORT_TZ). Publishers see published days only; operator admins see every status and may name any " +
  "companyId (anyone else naming another company gets code 402).";

export const reportRoutes: FastifyPluginAsyncZod<ReportsDeps> = async (app, { database, config }) => {
  const { db } = database;
  const timeZone = config.REPORT_TZ;
  const settings = { timeZone, autoPublish: config.AUTO_PUBLISH, leaseSeconds: config.REPORT_LEASE_SECONDS };
  const queryOptions = { embedded: database.kind === "pglite" };

  app.get(
    "/v1/report/date_window",
    {
      config: online,
      schema: {
        tags,
        description:
          "The report day boundaries of the server (REPORT_TZ): today, earliest start, latest end.",
        response: { 200: envelopeOf(reportDateWindowAnswer) },
      },
    },
    async () => {
      const today = reportToday(timeZone);
      return ok({ timeZone, today, ...reportDateWindow(today) });
    },
  );

  for (const path of ["/v1/online/ssp", "/v1/report_proxy/v1/online/ssp"]) {
    app.post(
      path,
      {
        config: online,
        schema: {
          tags,
          description: `A page of the SDK report grouped by the chosen dimensions, and the number of groups. ${QUERY_RULES}`,
          body: onlineReportQuery,
          response: { 200: envelopeOf(onlineReportPage) },
        },
      },
      async (request) => ok(await onlineReport(db, viewerOf(request), request.body, timeZone, queryOptions)),
    );
  }

  app.post(
    "/v1/online/summary",
    {
      config: online,
      schema: {
        tags,
        description: `The total row of the same SDK query and the status of each day. ${QUERY_RULES}`,
        body: onlineReportQuery,
        response: { 200: envelopeOf(onlineReportSummary) },
      },
    },
    async (request) => ok(await onlineSummary(db, viewerOf(request), request.body, timeZone, queryOptions)),
  );

  app.get(
    ONLINE_OVERVIEW_PATH,
    {
      config: online,
      schema: {
        tags,
        description:
          "The home page's overview of the session's own company's SDK report: the latest published day up " +
          "to yesterday (REPORT_TZ) within the 90-day window, the day totals (revenue, eCPM, fill rate, " +
          "impressions) of the 7 days ending there (null for a day not published) and that day's 5 top apps " +
          "by revenue; every number as the SDK report answers it. Published days only, operator admins " +
          "included; without the SDK report's permission, code 402.",
        response: { 200: envelopeOf(onlineOverviewAnswer) },
      },
    },
    async (request) => ok(await onlineOverview(db, sessionOf(request).companyId, timeZone, queryOptions)),
  );

  app.post(
    "/v1/offline/ssp",
    {
      config: offline,
      schema: {
        tags,
        description: `A page of the affiliate report and the number of groups. ${QUERY_RULES}`,
        body: offlineReportQuery,
        response: { 200: envelopeOf(offlineReportPage) },
      },
    },
    async (request) => ok(await offlineReport(db, viewerOf(request), request.body, timeZone, queryOptions)),
  );

  app.post(
    "/v1/offline/summary",
    {
      config: offline,
      schema: {
        tags,
        description: `The total row of the same affiliate query and the status of each day. ${QUERY_RULES}`,
        body: offlineReportQuery,
        response: { 200: envelopeOf(offlineReportSummary) },
      },
    },
    async (request) => ok(await offlineSummary(db, viewerOf(request), request.body, timeZone, queryOptions)),
  );

  const EXPORT =
    "CSV of every row of the same query (UTF-8 with BOM, headers in the request's language, cells starting " +
    "with = + - @ prefixed with '), named <companyId>_<timestamp>.csv. Above EXPORT_MAX_ROWS it answers " +
    "JSON code 604 (Please add more query conditions and retry).";

  app.post(
    "/v1/online/ssp/download",
    { config: online, schema: { tags, description: EXPORT, body: onlineReportQuery } },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportReport(database, {
          kind: "online",
          viewer: viewerOf(request),
          query: request.body,
          lang: request.lang,
          timeZone,
          maxRows: config.EXPORT_MAX_ROWS,
        }),
      ),
  );

  app.post(
    "/v1/offline/ssp/download",
    {
      config: offline,
      schema: {
        tags,
        description: EXPORT.replace(
          "<companyId>_<timestamp>",
          "<companyId>_Affiliate_Reports_Detail_List_<timestamp>",
        ),
        body: offlineReportQuery,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await exportReport(database, {
          kind: "offline",
          viewer: viewerOf(request),
          query: request.body,
          lang: request.lang,
          timeZone,
          maxRows: config.EXPORT_MAX_ROWS,
        }),
      ),
  );

  const MANAGE: Record<ReportActionValue, string> = {
    calculate:
      "Calculates the day's report (one company, or every publisher without company_id) and answers the " +
      "day's batches. A day already calculated is recalculated: SDK and affiliate reports both, left " +
      "unpublished until published again. A first calculation publishes at once when AUTO_PUBLISH is on.",
    publish: "Makes a calculated day visible to publishers at once (code 604 when it is not calculated).",
    delete: "Removes the day's report (raw data stays; the day is pending again and can be recalculated).",
  };
  for (const kind of REPORT_KINDS) {
    for (const action of Object.values(ReportAction)) {
      app.get(
        `/v1/${kind}/${action}`,
        {
          config: manage,
          schema: {
            tags,
            description: `${MANAGE[action]} None of these can be undone. Operator admins only.`,
            querystring: reportManageQuery,
            response: { 200: envelopeOf(reportManageAnswer) },
          },
        },
        async (request) => {
          const session = sessionOf(request);
          return ok(
            await manageReport(
              db,
              {
                action,
                kind: kind as ReportKindValue,
                date: request.query.date,
                companyId: request.query.company_id,
                actor: { companyId: session.companyId, userId: session.userId },
              },
              settings,
            ),
          );
        },
      );
    }
  }

  app.get(
    "/v1/report/batch/list",
    {
      config: manage,
      schema: {
        tags,
        description:
          "Report batches (days × kind × company) with their status, newest day first; a day without a " +
          "batch is pending. Operator admins only.",
        querystring: reportBatchListQuery,
        response: { 200: envelopeOf(reportBatchListAnswer) },
      },
    },
    async (request) => ok(await batchList(db, request.query, timeZone)),
  );

  app.get(
    "/v1/report/start_company",
    {
      config: manage,
      schema: {
        tags,
        description:
          "The company an operator's report screen opens on: the first publisher company (by id) with a " +
          "published report of the kind holding rows in the date window (90 days ending yesterday); " +
          "company_id null when none has one. Operator admins only.",
        querystring: reportStartCompanyQuery,
        response: { 200: envelopeOf(reportStartCompanyAnswer) },
      },
    },
    async (request) => ok({ company_id: await startCompany(db, request.query.kind, timeZone) }),
  );
};
