/**
 * Mailing the emailed codes reliably. A code request queues its mail in the transaction that makes the code,
 * and the mail is tried at once in the background; a failed try (the mail server down) is retried with
 * backoff by the worker processes (`code-mail-worker.ts`; the queue's SQL is in `repo.ts`) until it is sent, or given up a minute before the
 * code expires, when a late code would be of no use; a mail whose code was replaced or spent meanwhile is
 * dropped. Every try is counted in /metrics (`mail_sends_total`) and a failure is logged.
 *
 * Only a hash of a code is stored for checking it; to retry, the mail keeps the code sealed (AES-256-GCM,
 * bound to its row) under a key derived from the server's login key, which every process has and the
 * database does not: reading the database alone reveals no code. The sealed code is cleared as soon as the
 * mail is sent or given up, so it lives at most as long as the code.
 */
import { randomUUID } from "node:crypto";
import { EMAIL_CODE_LIFETIME_SECONDS, formatMessage, type LangValue, MESSAGES } from "@pc/contract";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Db } from "../../db/database.ts";
import { countMailSend } from "../../lib/mail-metrics.ts";
import { createMailer, type Mail, type Mailer } from "../../lib/mailer.ts";
import { openText, sealText } from "../../lib/seal.ts";
import type { LoginKey } from "./login-key.ts";
import {
  type CodeMailClaim,
  type CodeMailKind,
  claimCodeMail,
  endUselessMails,
  failCodeMail,
  finishCodeMail,
  insertCodeMail,
  waitingCodeMails,
} from "./repo.ts";

export interface CodeMailDeps {
  db: Db;
  mailer: Mailer;
  /** Seals the queued codes: `codeMailKey(loginKey)`. */
  key: Buffer;
  log: FastifyBaseLogger;
}

export const codeMailKey = (loginKey: LoginKey): Buffer => loginKey.deriveKey("code-mail");

/** The code mails' needs from the app's decorators, with a mailer of their own that closes with the app. */
export function codeMailDepsOf(app: FastifyInstance): CodeMailDeps {
  const mailer = createMailer({ smtpUrl: app.config.SMTP_URL, from: app.config.MAIL_FROM, log: app.log });
  app.addHook("onClose", async () => mailer.close());
  return { db: app.db, mailer, key: codeMailKey(app.loginKey), log: app.log };
}

/** A mail is given up this long before its code expires: the reader needs the time to type the code in. */
export const GIVE_UP_BEFORE_EXPIRY_SECONDS = 60;
/** A try that dies with its process leaves the mail to another after this long. */
const CODE_MAIL_LEASE_SECONDS = 120;

/** The seconds before the next try after `attempts` failed ones: 15, 30, 60, then every 2 minutes. */
const retryDelaySeconds = (attempts: number): number => Math.min(15 * 2 ** Math.max(0, attempts - 1), 120);

const boundTo = (mail: { kind: string; emailCodeId: number; to: string }) =>
  `${mail.kind}\n${mail.emailCodeId}\n${mail.to}`;

/** Queues the mail of a code just made (in the transaction that made it); answers the mail's id. */
export function queueCodeMail(
  tx: Db,
  key: Buffer,
  mail: { kind: CodeMailKind; emailCodeId: number; to: string; lang: LangValue; code: string },
): Promise<number> {
  const sealedCode = mail.kind === "registered_notice" ? null : sealText(key, mail.code, boundTo(mail));
  return insertCodeMail(
    tx,
    { kind: mail.kind, emailCodeId: mail.emailCodeId, to: mail.to, lang: mail.lang, sealedCode },
    GIVE_UP_BEFORE_EXPIRY_SECONDS,
  );
}

/** A registration asked for an address that has an account: its owner is told instead of sent a code. */
const registeredNotice = (to: string, lang: LangValue): Mail => ({
  to,
  subject: MESSAGES.mailRegisteredSubject[lang],
  text: MESSAGES.mailRegisteredText[lang],
});

function codeMail(
  kind: Exclude<CodeMailKind, "registered_notice">,
  to: string,
  lang: LangValue,
  code: string,
) {
  const subject = kind === "reset_code" ? MESSAGES.mailResetSubject : MESSAGES.mailRegisterSubject;
  return {
    to,
    subject: subject[lang],
    text: formatMessage(MESSAGES.mailCodeText[lang], { code, minutes: EMAIL_CODE_LIFETIME_SECONDS / 60 }),
  };
}

/** A failure another try cannot mend (the code cannot be opened: the login key changed). */
class Permanent extends Error {}

function mailOf(key: Buffer, claim: CodeMailClaim): Mail {
  const lang = claim.lang as LangValue;
  if (claim.kind === "registered_notice") return registeredNotice(claim.to_address, lang);
  if (!claim.sealed_code) throw new Permanent("the mail's code is gone");
  let code: string;
  try {
    code = openText(
      key,
      claim.sealed_code,
      boundTo({ kind: claim.kind, emailCodeId: claim.email_code_id, to: claim.to_address }),
    );
  } catch {
    throw new Permanent("the mail's code cannot be opened (was the login key changed?)");
  }
  return codeMail(claim.kind, claim.to_address, lang, code);
}

/** Sends a claimed mail and records the outcome: sent, retried later, or given up. */
async function work(deps: CodeMailDeps, claim: CodeMailClaim, now: Date): Promise<void> {
  const about = { kind: claim.kind, to: claim.to_address, attempts: claim.attempts };
  try {
    await deps.mailer.send(mailOf(deps.key, claim));
    await finishCodeMail(deps.db, claim);
    countMailSend(claim.kind, "sent");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const retryAt = new Date(now.getTime() + retryDelaySeconds(claim.attempts) * 1000);
    const givenUp = error instanceof Permanent || retryAt >= claim.give_up_at;
    await failCodeMail(deps.db, claim, reason, givenUp ? null : retryAt);
    countMailSend(claim.kind, givenUp ? "gave_up" : "failed");
    if (givenUp) deps.log.error({ ...about, err: error }, "code mail given up");
    else deps.log.warn({ ...about, err: error, retryAt }, "code mail failed; retried later");
  }
}

/**
 * The worker's run: ends the mails of no more use, then sends those due at `now` until none is (or `max`
 * were tried). Answers how many were tried.
 */
export async function runCodeMails(deps: CodeMailDeps, now = new Date(), max = 100): Promise<number> {
  for (const ended of await endUselessMails(deps.db, now)) {
    if (ended.status !== "failed") continue;
    countMailSend(ended.kind, "gave_up");
    deps.log.error({ kind: ended.kind, attempts: ended.attempts }, "code mail given up: its code expires");
  }
  let tried = 0;
  while (tried < max) {
    const claim = await claimCodeMail(deps.db, randomUUID(), now, CODE_MAIL_LEASE_SECONDS);
    if (!claim) break;
    await work(deps, claim, now);
    tried += 1;
  }
  return tried;
}

/** The first try of a mail just queued. */
export async function sendCodeMailNow(deps: CodeMailDeps, id: number, now = new Date()): Promise<void> {
  const claim = await claimCodeMail(deps.db, randomUUID(), now, CODE_MAIL_LEASE_SECONDS, id);
  if (claim) await work(deps, claim, now);
}

/** The mails waiting to leave, by kind (a gauge of /metrics). */
export const waitingMailsByKind = (db: Db) => waitingCodeMails(db);
