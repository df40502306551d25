/**
 * Outgoing mail (DESIGN §2): through nodemailer when SMTP_URL is set, otherwise into the `outbox` table and
 * the log, so a developer without a mail server still sees every code.
 */
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/database.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** True when mail leaves through SMTP (slow, may fail); false when it goes to the outbox. */
  readonly viaSmtp: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  db: Db;
  log: FastifyBaseLogger;
}

export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      viaSmtp: true,
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        log.info({ to: mail.to, subject: mail.subject }, "mail sent");
      },
      close: () => transport.close(),
    };
  }
  return {
    viaSmtp: false,
    async send(mail) {
      await db
        .insertInto("outbox")
        .values({ to_address: mail.to, subject: mail.subject, text: mail.text })
        .execute();
      log.info(
        { to: mail.to, subject: mail.subject, text: mail.text },
        "mail written to the outbox (no SMTP_URL)",
      );
    },
    close: () => {},
  };
}
