/**
 * Outgoing mail: through nodemailer when SMTP_URL is set (required in production). Without it
 * (development) a mail is not sent and the log names only its recipient and subject: a mail carries a code,
 * which is never logged or stored in clear (docs/configuration.md).
 */
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** True when mail leaves through SMTP (slow, may fail); false when it is dropped (no SMTP_URL). */
  readonly viaSmtp: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      viaSmtp: true,
      async send(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.attachments ? { attachments: mail.attachments } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        log.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }
  return {
    viaSmtp: false,
    async send(mail) {
      log.warn({ to: mail.to, subject: mail.subject }, "mail not sent: no SMTP_URL");
    },
    close: () => {},
  };
}
