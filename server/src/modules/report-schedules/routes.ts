/**
 * Scheduled report calls (docs/rules/reports.md#scheduled-reports): list, create, update, delete and "send
 * now" of the session's company's schedules, the users who may receive them, and the public unsubscribe link
 * of the mails. Thin handlers: the rules live in service.ts, the sending in delivery.ts.
 */
import {
  ID_MAX,
  ok,
  REPORT_SCHEDULE_ENDPOINTS,
  REPORT_SCHEDULE_PATHS,
  UNSUBSCRIBE_TOKEN_PATTERN,
  unsubscribeQuery,
} from "@pc/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { answeredAs } from "../../lib/api-responses.ts";
import { requestLang } from "../../lib/lang.ts";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { deliveryDepsOf } from "./delivery.ts";
import {
  type Actor,
  createSchedule,
  deleteSchedule,
  listSchedules,
  scheduleRecipients,
  sendNow,
  unsubscribe,
  updateSchedule,
} from "./service.ts";
import { unsubscribeHtml } from "./unsubscribe-page.ts";

const tags = ["report schedules"];

const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId, principal: session.principal };
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const { db, timeZone } = app;
  const deps = deliveryDepsOf(app);

  serveEndpoint(app, REPORT_SCHEDULE_ENDPOINTS.list, tags, async (request) =>
    ok(await listSchedules(db, actorOf(request), request.query, timeZone)),
  );
  serveEndpoint(app, REPORT_SCHEDULE_ENDPOINTS.recipients, tags, async (request) =>
    ok(await scheduleRecipients(db, sessionOf(request).companyId)),
  );
  serveEndpoint(app, REPORT_SCHEDULE_ENDPOINTS.create, tags, async (request) =>
    ok(await createSchedule(db, actorOf(request), request.body, timeZone)),
  );
  serveEndpoint(app, REPORT_SCHEDULE_ENDPOINTS.update, tags, async (request) =>
    ok(await updateSchedule(db, actorOf(request), request.body, timeZone)),
  );
  serveEndpoint(app, REPORT_SCHEDULE_ENDPOINTS.remove, tags, async (request) => {
    await deleteSchedule(db, actorOf(request), request.query.id);
    return ok(null);
  });
  serveEndpoint(app, REPORT_SCHEDULE_ENDPOINTS.sendNow, tags, async (request) =>
    ok(await sendNow(deps, actorOf(request), request.body.id)),
  );

  // The unsubscribe link: no session. GET shows a confirmation (so that a mail scanner opening links removes
  // nothing); POST (its button, or a mail client's one-click List-Unsubscribe-Post) removes the address.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, _body, done) => done(null, {}),
  );
  const answer = async (request: FastifyRequest, reply: FastifyReply, confirm: boolean) => {
    const query = request.query as z.infer<typeof unsubscribeQuery>;
    const companyId = Number(query.c);
    const token = query.t ?? "";
    const valid =
      Number.isInteger(companyId) &&
      companyId > 0 &&
      companyId <= ID_MAX &&
      UNSUBSCRIBE_TOKEN_PATTERN.test(token);
    const page = await unsubscribe(
      db,
      { companyId: valid ? companyId : 0, token: valid ? token : "" },
      confirm,
      requestLang(request.headers),
    );
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(unsubscribeHtml(page, request.url));
  };
  for (const method of ["GET", "POST"] as const) {
    app.route({
      method,
      url: REPORT_SCHEDULE_PATHS.unsubscribe,
      config: { public: true },
      schema: {
        tags,
        description:
          method === "GET"
            ? "Public: the unsubscribe link's page, asking to confirm (HTML, in the mail's language)."
            : "Public: removes the link's address from the schedule and answers a confirmation page (HTML).",
        querystring: unsubscribeQuery,
        response: { 200: answeredAs("The page, in the mail's language", { "text/html": z.string() }) },
      },
      handler: (request, reply) => answer(request, reply, method === "POST"),
    });
  }
};

export const reportScheduleRoutes = withDeps("report-schedules", routes);
