/**
 * Report calls (docs/rules/reports.md#metrics; docs/rules/reports.md#export): the SDK (online) and affiliate
 * (offline) tables, summaries and CSV exports, the management calls of operator admins, and the report
 * date window. Thin handlers: the rules live in query/service.ts and management/service.ts, the export in
 * query/export.ts.
 */
import {
  can,
  offlineReportQuery,
  ok,
  onlineReportQuery,
  REPORT_ENDPOINTS,
  REPORT_KINDS,
  REPORT_MANAGE_ENDPOINTS,
  ReportAction,
  reportDateWindow,
  reportStepEndpoint,
} from "@pc/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answeredAs } from "../../lib/api-responses.ts";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { reportToday } from "./days.ts";
import { batchList, manageReport } from "./management/service.ts";
import { reportSettings } from "./pipeline/service.ts";
import { csvAnswer } from "./query/export.ts";
import { onlineOverview } from "./query/overview.ts";
import {
  offlineReport,
  offlineSummary,
  onlineReport,
  onlineSummary,
  startCompany,
  type Viewer,
} from "./query/service.ts";

const tags = ["reports"];
const online = { action: "report.online.read" } as const;
const offline = { action: "report.offline.read" } as const;

const viewerOf = (request: FastifyRequest): Viewer => {
  const session = sessionOf(request);
  return { companyId: session.companyId, seesAll: can(session.principal, "report.manage") };
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, database, config, timeZone } = app;
  const settings = reportSettings(config);
  const queryOptions = { embedded: database.kind === "pglite" };

  serveEndpoint(app, REPORT_ENDPOINTS.dateWindow, tags, async () => {
    const today = reportToday(timeZone);
    return ok({ timeZone, today, ...reportDateWindow(today) });
  });
  for (const list of [REPORT_ENDPOINTS.onlineList, REPORT_ENDPOINTS.onlineListProxy]) {
    serveEndpoint(app, list, tags, async (request) =>
      ok(await onlineReport(db, viewerOf(request), request.body, timeZone, queryOptions)),
    );
  }
  serveEndpoint(app, REPORT_ENDPOINTS.onlineSummary, tags, async (request) =>
    ok(await onlineSummary(db, viewerOf(request), request.body, timeZone, queryOptions)),
  );
  serveEndpoint(app, REPORT_ENDPOINTS.onlineOverview, tags, async (request) =>
    ok(await onlineOverview(db, sessionOf(request).companyId, timeZone, queryOptions)),
  );
  serveEndpoint(app, REPORT_ENDPOINTS.offlineList, tags, async (request) =>
    ok(await offlineReport(db, viewerOf(request), request.body, timeZone, queryOptions)),
  );
  serveEndpoint(app, REPORT_ENDPOINTS.offlineSummary, tags, async (request) =>
    ok(await offlineSummary(db, viewerOf(request), request.body, timeZone, queryOptions)),
  );

  const EXPORT =
    "CSV of every row of the same query (UTF-8 with BOM, headers in the request's language, cells starting " +
    "with = + - @ prefixed with '), named <companyId>_<timestamp>.csv. Above EXPORT_MAX_ROWS it answers " +
    "JSON code 604 (Please add more query conditions and retry).";

  const csv = answeredAs("The CSV file", { "text/csv": z.string() });

  /** The CSV of a report query as the session sees it, in the request's language. */
  const answerCsv = csvAnswer(app, viewerOf);

  app.post(
    "/v1/online/ssp/download",
    {
      config: online,
      schema: { tags, description: EXPORT, body: onlineReportQuery, response: { 200: csv } },
    },
    async (request, reply) => answerCsv(request, reply, "online", request.body),
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
        response: { 200: csv },
      },
    },
    async (request, reply) => answerCsv(request, reply, "offline", request.body),
  );

  for (const kind of REPORT_KINDS) {
    for (const action of Object.values(ReportAction)) {
      serveEndpoint(app, reportStepEndpoint(kind, action), tags, async (request) => {
        const session = sessionOf(request);
        return ok(
          await manageReport(
            db,
            {
              action,
              kind,
              date: request.query.date,
              companyId: request.query.company_id,
              actor: { companyId: session.companyId, userId: session.userId },
            },
            settings,
          ),
        );
      });
    }
  }
  serveEndpoint(app, REPORT_MANAGE_ENDPOINTS.batchList, tags, async (request) =>
    ok(await batchList(db, request.query, timeZone)),
  );
  serveEndpoint(app, REPORT_MANAGE_ENDPOINTS.startCompany, tags, async (request) =>
    ok({ company_id: await startCompany(db, request.query.kind, timeZone) }),
  );
};

export const reportRoutes = withDeps("reports", routes);
