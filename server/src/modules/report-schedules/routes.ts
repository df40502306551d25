/**
 * Scheduled report calls (issue 14 item 3): list, create, update, delete and "send now" of the session's
 * company's schedules, the users who may receive them, and the public unsubscribe link of the mails. Thin
 * handlers: the rules live in service.ts, the sending in delivery.ts.
 */
import {
  envelopeOf,
  ok,
  REPORT_SCHEDULE_PATHS,
  reportScheduleCreateBody,
  reportScheduleIdBody,
  reportScheduleIdQuery,
  reportScheduleListAnswer,
  reportScheduleListQuery,
  reportScheduleRow,
  reportScheduleUpdateBody,
  scheduleRecipientsAnswer,
  UNSUBSCRIBE_TOKEN_PATTERN,
  unsubscribeQuery,
} from "@pc/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requestLang } from "../../lib/lang.ts";
import { sessionOf } from "../../plugins/auth.ts";
import type { DeliveryDeps } from "./delivery.ts";
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
const schedule = { action: "report.schedule" } as const;

const actorOf = (request: FastifyRequest): Actor => {
  const session = sessionOf(request);
  return { companyId: session.companyId, userId: session.userId, principal: session.principal };
};

const RULES =
  "A user sees and changes their own schedules; administrators and super admins every one of the company. " +
  "Recipients: 1 to 10 emails of active users of the company (another address: code 604 naming " +
  "recipients.N). Daily: the newly published day; weekly: the 7 days ending the day before the weekday.";

export const reportScheduleRoutes: FastifyPluginAsyncZod<DeliveryDeps> = async (app, deps) => {
  const { db } = deps.database;
  const { timeZone } = deps;

  app.get(
    REPORT_SCHEDULE_PATHS.list,
    {
      config: schedule,
      schema: {
        tags,
        description: `The caller's scheduled reports, newest first, with their last delivery. ${RULES}`,
        querystring: reportScheduleListQuery,
        response: { 200: envelopeOf(reportScheduleListAnswer) },
      },
    },
    async (request) => ok(await listSchedules(db, actorOf(request), request.query, timeZone)),
  );

  app.get(
    REPORT_SCHEDULE_PATHS.recipients,
    {
      config: schedule,
      schema: {
        tags,
        description: "The company's active users: who may receive a scheduled report.",
        response: { 200: envelopeOf(scheduleRecipientsAnswer) },
      },
    },
    async (request) => ok(await scheduleRecipients(db, sessionOf(request).companyId)),
  );

  app.post(
    REPORT_SCHEDULE_PATHS.schedule,
    {
      config: schedule,
      schema: {
        tags,
        description: `Saves a report query as a scheduled mail. ${RULES}`,
        body: reportScheduleCreateBody,
        response: { 200: envelopeOf(reportScheduleRow) },
      },
    },
    async (request) => ok(await createSchedule(db, actorOf(request), request.body, timeZone)),
  );

  app.put(
    REPORT_SCHEDULE_PATHS.schedule,
    {
      config: schedule,
      schema: {
        tags,
        description: `Replaces a schedule (enabled: false pauses it). ${RULES}`,
        body: reportScheduleUpdateBody,
        response: { 200: envelopeOf(reportScheduleRow) },
      },
    },
    async (request) => ok(await updateSchedule(db, actorOf(request), request.body, timeZone)),
  );

  app.delete(
    REPORT_SCHEDULE_PATHS.schedule,
    {
      config: schedule,
      schema: {
        tags,
        querystring: reportScheduleIdQuery,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteSchedule(db, actorOf(request), request.query.id);
      return ok(null);
    },
  );

  app.post(
    REPORT_SCHEDULE_PATHS.sendNow,
    {
      config: schedule,
      schema: {
        tags,
        description:
          "Mails the last published period now (a test); answers the schedule with the outcome. A failed " +
          "mail is retried like a scheduled one.",
        body: reportScheduleIdBody,
        response: { 200: envelopeOf(reportScheduleRow) },
      },
    },
    async (request) => ok(await sendNow(deps, actorOf(request), request.body.id)),
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
    const valid = Number.isInteger(companyId) && companyId > 0 && UNSUBSCRIBE_TOKEN_PATTERN.test(token);
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
      },
      handler: (request, reply) => answer(request, reply, method === "POST"),
    });
  }
};
