/**
 * A real SMTP server on the loopback for the tests, and the decoding of what it receives (subject and text,
 * quoted-printable or base64) enough to read a code. The API tests keep mails in memory (startSmtp); the
 * end-to-end run writes them to files for the specs (e2e/global-setup.ts, e2e/tests/mailbox.ts).
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  /** The attachment's bytes as UTF-8 text. */
  content: string;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The parts sent as attachments of a multipart mail. */
  attachments: ReceivedAttachment[];
  /** A header of the mail (e.g. List-Unsubscribe), unfolded; "" when absent. */
  header(name: string): string;
}

export interface TestSmtp {
  url: string;
  inbox: ReceivedMail[];
  /** Waits for a mail to this address (the n-th, counting from 1) and answers it. */
  mailTo(address: string, nth?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Decodes bytes written as %XX into a UTF-8 string. */
const percentToUtf8 = (text: string): string => {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? "";
    if (char === "%" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(char));
  }
  return Buffer.from(bytes).toString("utf8");
};

const decodeQp = (text: string): string =>
  percentToUtf8(
    text
      .replace(/=\r?\n/g, "")
      .replace(/%/g, "%25")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`),
  );

/** RFC 2047 encoded words of a header (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
const decodeHeader = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQp(data.replace(/_/g, " ")),
    );

interface Part {
  header(name: string): string;
  /** The decoded body. */
  body: Buffer;
  raw: string;
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, " ");
  const content = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const body =
    encoding === "base64"
      ? Buffer.from(content.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(decodeQp(content.trim()), "utf8")
        : Buffer.from(content.trim(), "utf8");
  return { header, body, raw: content };
}

/** The leaf parts of a (possibly multipart) message, in order. */
function leaves(part: Part): Part[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(part.header("Content-Type"))?.[1];
  if (!/^multipart\//i.test(part.header("Content-Type")) || !boundary) return [part];
  const pieces = part.raw.split(`--${boundary}`).slice(1);
  return pieces
    .filter((piece) => !piece.startsWith("--"))
    .flatMap((piece) => leaves(parsePart(piece.replace(/^\r?\n/, ""))));
}

export function parseMail(raw: string, to: string[]): ReceivedMail {
  const message = parsePart(raw);
  const parts = leaves(message);
  const isAttachment = (part: Part) => /^attachment/i.test(part.header("Content-Disposition"));
  const textPart = parts.find((part) => !isAttachment(part)) ?? message;
  return {
    to,
    subject: decodeHeader(message.header("Subject")),
    text: textPart.body.toString("utf8"),
    attachments: parts.filter(isAttachment).map((part) => ({
      filename: decodeHeader(/filename="?([^";]+)"?/i.exec(part.header("Content-Disposition"))?.[1] ?? ""),
      contentType: part.header("Content-Type"),
      content: part.body.toString("utf8"),
    })),
    header: (name) => message.header(name),
  };
}

/** Listens on the loopback (port 0: any) and hands each message's recipients (lower case) and raw text on. */
export async function listenForMail(
  port: number,
  onMail: (to: string[], raw: string) => void,
): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    // plain SMTP on the loopback: no STARTTLS to upgrade to, no AUTH to offer
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        onMail(
          session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          Buffer.concat(chunks).toString("utf8"),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return server;
}

export async function startSmtp(): Promise<TestSmtp> {
  const inbox: ReceivedMail[] = [];
  const server = await listenForMail(0, (to, raw) => inbox.push(parseMail(raw, to)));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    async mailTo(address, nth = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mails = inbox.filter((mail) => mail.to.includes(address.toLowerCase()));
        const mail = mails[nth - 1];
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${address} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a mail. */
export function codeOf(mail: { text: string }): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

/** A catcher a test stops (the mail server down) and starts again on the same port; its inbox stays. */
export interface StoppableCatcher {
  inbox: ReceivedMail[];
  /** The SMTP_URL of the catcher, once it has started. */
  url(): string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function stoppableCatcher(): StoppableCatcher {
  const inbox: ReceivedMail[] = [];
  let port = 0;
  let smtp: SMTPServer | null = null;
  return {
    inbox,
    url: () => `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    async start() {
      smtp = await listenForMail(port, (to, raw) => inbox.push(parseMail(raw, to)));
      port = (smtp.server.address() as AddressInfo).port;
    },
    async stop() {
      const server = smtp;
      smtp = null;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
