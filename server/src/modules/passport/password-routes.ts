/** Password change, emailed codes, password reset and registration (DESIGN §5 Password calls). */
import {
  emailCodeAnswer,
  emailCodeBody,
  envelopeOf,
  MESSAGES,
  ok,
  passwordChangeBody,
  registerAnswer,
  registerBody,
  resetPasswordBody,
} from "@pc/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { createMailer } from "../../lib/mailer.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { changePassword, register, resetPassword, sendEmailCode } from "./password.ts";

export interface PasswordRoutesDeps {
  db: Db;
  config: Config;
}

const tags = ["passport"];
const publicRoute = { public: true } as const;

export const passwordRoutes: FastifyPluginAsyncZod<PasswordRoutesDeps> = async (app, { db, config }) => {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  const deps = { db, mailer, log: app.log };

  app.put(
    "/v1/passport/user/password",
    {
      schema: {
        tags,
        description:
          "Changes the caller's password (both MD5): the old one is checked (606), the caller's other sessions end.",
        body: passwordChangeBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await changePassword(db, sessionOf(request), request.body, request.ip);
      return ok(null, MESSAGES.passwordChanged[request.lang]);
    },
  );

  app.post(
    "/v1/passport/captcha/send_email",
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          "Emails a 6-digit code (10 minutes, single use, at most 5 an hour per address) for a reset or a registration; captcha required. The answer is the same whether or not the address has an account.",
        body: emailCodeBody,
        response: { 200: envelopeOf(emailCodeAnswer) },
      },
    },
    async (request) => {
      const { answer, message } = await sendEmailCode(deps, request.body, request.lang, request.ip);
      return ok(answer, message);
    },
  );

  app.post(
    "/v1/passport/user/reset_password",
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          "Sets a new password (MD5) with an emailed code and signs out every session of the user.",
        body: resetPasswordBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(db, request.body, request.ip);
      return ok(null);
    },
  );

  app.post(
    "/v1/passport/user/register",
    {
      config: publicRoute,
      schema: {
        tags,
        description:
          "Registers a publisher company with the registrant as its super admin, with an emailed code.",
        body: registerBody,
        response: { 200: envelopeOf(registerAnswer) },
      },
    },
    async (request) => ok(await register(db, request.body, request.ip)),
  );
};
