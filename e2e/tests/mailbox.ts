/**
 * The mails the console sent during the run, as caught by the SMTP server of global-setup.ts: each is a JSON
 * file `{to, raw}`; this decodes the subject and the text (quoted-printable or base64) enough to read a code.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { MAIL_DIR_ENV } from "../ports.ts";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
}

/** Bytes written as %XX into a UTF-8 string. */
function percentToUtf8(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "%" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(char));
  }
  return Buffer.from(bytes).toString("utf8");
}

const decodeQp = (text: string): string =>
  percentToUtf8(
    text
      .replace(/=\r?\n/g, "")
      .replace(/%/g, "%25")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`),
  );

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
const decodeHeader = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQp(data.replace(/_/g, " ")),
    );

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const body = raw.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQp(body)
        : body;
  return { to, subject: decodeHeader(header("Subject")), text };
}

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

/** The 6-digit code of a mail. */
export function codeOf(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}
