/**
 * The mails the console sent during the run, as caught by the SMTP server of global-setup.ts: each is a JSON
 * file `{to, raw}`, decoded by the API tests' own parser.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseMail, type ReceivedMail } from "../../server/test/support/smtp.ts";
import { MAIL_DIR_ENV } from "../ports.ts";

export { codeOf } from "../../server/test/support/smtp.ts";

function mailDir(): string {
  const dir = process.env[MAIL_DIR_ENV];
  if (!dir) throw new Error(`${MAIL_DIR_ENV} is not set: run the specs through playwright.config.ts`);
  return dir;
}

/** Every mail received so far for `address`, oldest first. */
export function mailsTo(address: string): ReceivedMail[] {
  const dir = mailDir();
  const wanted = address.toLowerCase();
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), "utf8")) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(wanted))
    .map((mail) => parseMail(mail.raw, mail.to));
}

/** Waits for the `nth` mail (from 1) to `address` and answers it. */
export async function waitForMail(address: string, nth = 1, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = mailsTo(address)[nth - 1];
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
