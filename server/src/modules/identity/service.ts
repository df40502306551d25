/**
 * The identity module: who a request is. Plugins and other modules call it through this file only; app.ts
 * registers its routes and its worker. Inside, each file has one job:
 *
 * - `sign-in.ts`: sign-in as the data goes, from the encrypted form to a session, and its second step;
 * - `sessions.ts`: session tokens, sign-in tickets, and the format of every secret (`<company id>.<43 chars>`);
 * - `captcha.ts`, `lockout.ts`: what a try costs, and the failed sign-ins that lock an account;
 * - `two-factor.ts`, `totp.ts`: two-step verification (authenticator app, recovery codes, the company's rule);
 * - `password.ts`, `email-code.ts`, `code-mail.ts`: password change and reset, registration, emailed codes;
 * - `login-key.ts`: the RSA key of the login form;
 * - `repo.ts`: every SQL statement of the module;
 * - `routes.ts`, `password-routes.ts`, `two-factor-routes.ts`, `code-mail-worker.ts`: what app.ts registers.
 */
export { waitingMailsByKind } from "./code-mail.ts";
export { type LoginKey, loadLoginKey } from "./login-key.ts";
export { endUserSessions, type Session, sessionOfToken } from "./sessions.ts";
