/** Password change, emailed codes, password reset and registration (docs/rules/sign-in.md#password-calls). */
import { MESSAGES, ok, PASSWORD_ENDPOINTS } from "@pc/contract";
import type { FastifyPluginAsync } from "fastify";
import { serveEndpoint } from "../../lib/serve-endpoint.ts";
import { sessionOf } from "../../plugins/auth.ts";
import { withDeps } from "../../plugins/deps.ts";
import { codeMailDepsOf, sendCodeMailNow } from "./code-mail.ts";
import { changePassword, register, resetPassword, sendEmailCode } from "./password.ts";

const tags = ["passport"];

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const codeMail = codeMailDepsOf(app);
  // First tries still running when the app closes finish before the database does.
  const sending = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.all(sending);
  });
  const sendInBackground = (mailId: number) => {
    const tried = sendCodeMailNow(codeMail, mailId)
      .catch((error: unknown) => app.log.error({ err: error }, "code mail try failed"))
      .finally(() => sending.delete(tried));
    sending.add(tried);
  };
  const deps = { db, codeMail, sendInBackground };

  serveEndpoint(app, PASSWORD_ENDPOINTS.change, tags, async (request) => {
    await changePassword(db, sessionOf(request), request.body, request.ip);
    return ok(null, MESSAGES.passwordChanged[request.lang]);
  });
  serveEndpoint(app, PASSWORD_ENDPOINTS.sendEmailCode, tags, async (request) => {
    const { answer, message } = await sendEmailCode(deps, request.body, request.lang, request.ip);
    return ok(answer, message);
  });
  serveEndpoint(app, PASSWORD_ENDPOINTS.reset, tags, async (request) => {
    await resetPassword(db, request.body, request.ip);
    return ok(null);
  });
  serveEndpoint(app, PASSWORD_ENDPOINTS.register, tags, async (request) =>
    ok(await register(db, request.body, request.ip)),
  );
};

export const passwordRoutes = withDeps("password", routes);
