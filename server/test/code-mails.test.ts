/**
 * The emailed codes while the mail server is down: the request is answered as usual, the mail waits in the
 * queue (its code sealed, never in clear), is retried with backoff and arrives with a code that works once
 * the server is back; a mail that cannot leave before its code would expire is given up; a replaced code's
 * mail is dropped. Every try shows in /metrics and a failure in the log. The worker's run (runCodeMails) is
 * called as the worker does, with a clock moved forward.
 */
import { Writable } from "node:stream";
import { Code, MESSAGES } from "@pc/contract";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../src/lib/mailer.ts";
import {
  type CodeMailDeps,
  codeMailKey,
  GIVE_UP_BEFORE_EXPIRY_SECONDS,
  runCodeMails,
} from "../src/modules/identity/code-mail.ts";
import { demoCompany, freshEmail, makeUser, type TestUser } from "./support/accounts.ts";
import { call, DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { CAPTCHA_ANSWER, md5 } from "./support/login-form.ts";
import { newCaptchaId, signIn } from "./support/sign-in.ts";
import { codeOf, type ReceivedMail, stoppableCatcher } from "./support/smtp.ts";

let t: TestApp;
let deps: CodeMailDeps;
const catcher = stoppableCatcher();
const { inbox } = catcher;
const logged: { level: number; msg: string; kind?: string; to?: string }[] = [];
const db = () => t.runtime.database.db;

beforeAll(async () => {
  await catcher.start();
  const smtpUrl = catcher.url();
  t = await startTestApp({ SMTP_URL: smtpUrl });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const { log } = Fastify({ logger: { level: "info", stream } });
  deps = {
    db: t.runtime.database.db,
    mailer: createMailer({ smtpUrl, from: t.runtime.config.MAIL_FROM, log }),
    key: codeMailKey(t.runtime.loginKey),
    log,
  };
}, 180_000);
afterAll(async () => {
  deps?.mailer.close();
  await t?.close();
  await catcher.stop();
});

let clients = 0;
const freshClient = () => `10.88.${Math.floor(++clients / 256)}.${clients % 256}`;

async function askCode(email: string, purpose: "reset" | "register") {
  return call<{ expires_in: number }>(t.app, {
    method: "POST",
    url: "/v1/passport/captcha/send_email",
    headers: { lang: "en" },
    payload: { email, purpose, captcha_id: await newCaptchaId(t.app), captcha_answer: CAPTCHA_ANSWER },
    remoteAddress: freshClient(),
  });
}

const mailsTo = (address: string) => inbox.filter((mail) => mail.to.includes(address.toLowerCase()));

const queued = (email: string) =>
  db()
    .selectFrom("mail_queue")
    .select(["kind", "status", "attempts", "sealed_code", "last_error", "next_attempt_at"])
    .where("to_address", "=", email)
    .orderBy("id")
    .execute();

/** Waits until the first, background try of the address's latest mail has ended. */
async function firstTryEnded(email: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const rows = await queued(email);
    const last = rows.at(-1);
    if (last && last.status !== "sending" && last.attempts > 0) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the first try of the mail to ${email} did not end`);
}

/** A sample of /metrics (0 when absent). */
async function metric(name: string, labels: Record<string, string>): Promise<number> {
  const text = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  for (const line of text.split("\n")) {
    const match = /^(\w+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = (match[2] ?? "").split(",").sort();
    if (wanted.every((pair) => has.includes(pair))) return Number(match[3]);
  }
  return 0;
}

const staff = async (): Promise<TestUser> => makeUser(db(), await demoCompany(db()));
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe("a code mail while the mail server is down", () => {
  it("answers the reset, retries, and the mail arrives with a code that works once the server is back", async () => {
    const user = await staff();
    const failedBefore = await metric("mail_sends_total", { kind: "reset_code", outcome: "failed" });
    const sentBefore = await metric("mail_sends_total", { kind: "reset_code", outcome: "sent" });
    await catcher.stop();
    let answer: Awaited<ReturnType<typeof askCode>>;
    try {
      answer = await askCode(user.email, "reset");
      expect(answer).toMatchObject({ code: Code.Ok, data: { expires_in: 600 } });
      expect(answer.msg).toBe(
        "If an account uses this address, a code has been sent to it; it is valid for 10 minutes",
      );
      const waiting = await firstTryEnded(user.email);
      expect(waiting).toMatchObject({ kind: "reset_code", status: "pending", attempts: 1 });
      expect(waiting.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect(waiting.sealed_code).toMatch(/^aes1:/);
      // Operators see it: the failed try is counted and the mail waits in the queue.
      expect(await metric("mail_sends_total", { kind: "reset_code", outcome: "failed" })).toBe(
        failedBefore + 1,
      );
      expect(await metric("mail_queue_waiting", { kind: "reset_code" })).toBeGreaterThanOrEqual(1);

      // The next try is 15 s later; the server is still down: it fails again, logged with its next try.
      expect(await runCodeMails(deps, later(5))).toBe(0);
      expect(await runCodeMails(deps, later(20))).toBe(1);
      expect((await queued(user.email))[0]).toMatchObject({ status: "pending", attempts: 2 });
      expect(
        logged.some((line) => line.msg === "code mail failed; retried later" && line.to === user.email),
      ).toBe(true);
    } finally {
      await catcher.start();
    }
    // The server is back: two workers at once send it once.
    await Promise.all([runCodeMails(deps, later(60)), runCodeMails(deps, later(60))]);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(MESSAGES.mailResetSubject.en);
    const row = (await queued(user.email))[0];
    expect(row).toMatchObject({ status: "sent", attempts: 3, sealed_code: null, last_error: null });
    expect(await metric("mail_sends_total", { kind: "reset_code", outcome: "sent" })).toBe(sentBefore + 1);
    expect(await metric("mail_queue_waiting", { kind: "reset_code" })).toBe(0);

    const code = codeOf(mails[0] as ReceivedMail);
    const reset = await call(t.app, {
      method: "POST",
      url: "/v1/passport/user/reset_password",
      payload: { email: user.email, code, password: md5("Retried123") },
      remoteAddress: freshClient(),
    });
    expect(reset.code, reset.msg).toBe(Code.Ok);
    expect((await signIn(t.app, user.email, DEMO_PASSWORD)).code).toBe(Code.BadCredentials);
    expect((await signIn(t.app, user.email, "Retried123")).code).toBe(Code.Ok);
    await runCodeMails(deps, later(120));
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("retries the registration code and the notice of an address in use alike", async () => {
    const user = await staff();
    const newcomer = freshEmail("retried-newcomer");
    await catcher.stop();
    try {
      expect((await askCode(newcomer, "register")).code).toBe(Code.Ok);
      expect((await askCode(user.email, "register")).code).toBe(Code.Ok);
      expect(await firstTryEnded(newcomer)).toMatchObject({ kind: "register_code", status: "pending" });
      expect(await firstTryEnded(user.email)).toMatchObject({ kind: "registered_notice", status: "pending" });
    } finally {
      await catcher.start();
    }
    await runCodeMails(deps, later(20));
    const [codeMail] = mailsTo(newcomer);
    expect(codeMail?.subject).toBe(MESSAGES.mailRegisterSubject.en);
    const registered = await call(t.app, {
      method: "POST",
      url: "/v1/passport/user/register",
      payload: {
        company_name: "Retried Co",
        user_name: "Late",
        email: newcomer,
        password: md5("Founder123"),
        code: codeOf(codeMail as ReceivedMail),
      },
      remoteAddress: freshClient(),
    });
    expect(registered.code, registered.msg).toBe(Code.Ok);
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([MESSAGES.mailRegisteredSubject.en]);
  });

  it("gives a mail up once its code could no longer be used, and counts and logs it", async () => {
    const user = await staff();
    const gaveUpBefore = await metric("mail_sends_total", { kind: "reset_code", outcome: "gave_up" });
    await catcher.stop();
    try {
      expect((await askCode(user.email, "reset")).code).toBe(Code.Ok);
      await firstTryEnded(user.email);
      // Tries keep failing (15 s, 30 s, 1 and 2 minutes apart); past 10 minutes less a minute, the code
      // would reach its reader too late: the mail is given up.
      for (const seconds of [20, 60, 120, 240, 360]) await runCodeMails(deps, later(seconds));
      expect((await queued(user.email))[0]?.status).toBe("pending");
      await runCodeMails(deps, later(600 - GIVE_UP_BEFORE_EXPIRY_SECONDS + 1));
    } finally {
      await catcher.start();
    }
    const row = (await queued(user.email))[0];
    expect(row).toMatchObject({ status: "failed", sealed_code: null });
    expect(await metric("mail_sends_total", { kind: "reset_code", outcome: "gave_up" })).toBe(
      gaveUpBefore + 1,
    );
    expect(logged.some((line) => line.msg.startsWith("code mail given up") && line.level >= 50)).toBe(true);
    await runCodeMails(deps, later(700));
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it("drops the mail of a code replaced by a newer one: only the newest arrives", async () => {
    const user = await staff();
    await catcher.stop();
    try {
      expect((await askCode(user.email, "reset")).code).toBe(Code.Ok);
      await firstTryEnded(user.email);
      expect((await askCode(user.email, "reset")).code).toBe(Code.Ok);
      await firstTryEnded(user.email);
    } finally {
      await catcher.start();
    }
    await runCodeMails(deps, later(20));
    expect((await queued(user.email)).map((row) => row.status)).toEqual(["dropped", "sent"]);
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const reset = await call(t.app, {
      method: "POST",
      url: "/v1/passport/user/reset_password",
      payload: { email: user.email, code: codeOf(mails[0] as ReceivedMail), password: md5("Newest123") },
      remoteAddress: freshClient(),
    });
    expect(reset.code, reset.msg).toBe(Code.Ok);
  });
});
