/**
 * `npm start`'s mailbox when SMTP_URL is unset outside production: the server never logs or keeps an emailed
 * code (docs/rules/sign-in.md#password-calls), so registration and password reset on a developer's machine
 * read their mails here. A real SMTP server on the loopback; its first line is `SMTP_URL=…` for
 * scripts/start.mjs, then each mail is printed.
 */
import type { AddressInfo } from "node:net";
import { listenForMail, parseMail } from "../server/test/support/smtp.ts";

const server = await listenForMail(0, (to, raw) => {
  const mail = parseMail(raw, to);
  console.log(`\n── mail to ${mail.to.join(", ")}: ${mail.subject}\n${mail.text}\n──`);
});
console.log(`SMTP_URL=smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
