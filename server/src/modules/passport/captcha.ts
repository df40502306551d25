/** Math captchas: the answer stays on the server, each id is answered once, right or wrong. */
import { randomUUID } from "node:crypto";
import { CAPTCHA_LIFETIME_SECONDS, type CaptchaAnswer } from "@pc/contract";
import { sql } from "kysely";
import svgCaptcha from "svg-captcha";
import type { Db } from "../../db/database.ts";

export interface CaptchaOptions {
  /** Test-only: every captcha's answer is this value. */
  fixedAnswer?: string | undefined;
}

export async function generateCaptcha(db: Db, options: CaptchaOptions): Promise<CaptchaAnswer> {
  const image = svgCaptcha.createMathExpr({
    mathMin: 1,
    mathMax: 9,
    mathOperator: "+-",
    noise: 2,
    color: true,
  });
  const id = randomUUID();
  await db.deleteFrom("captcha").where("expires_at", "<", sql<Date>`now()`).execute();
  await db
    .insertInto("captcha")
    .values({
      id,
      answer: options.fixedAnswer ?? image.text,
      expires_at: sql<Date>`now() + make_interval(secs => ${CAPTCHA_LIFETIME_SECONDS})`,
    })
    .execute();
  return { captcha_id: id, b64s: `data:image/svg+xml;base64,${Buffer.from(image.data).toString("base64")}` };
}

/** Drops a captcha the client replaces. */
export async function discardCaptcha(db: Db, id: string): Promise<void> {
  await db.deleteFrom("captcha").where("id", "=", id).execute();
}

/** Consumes the captcha and tells whether the answer was right; a second try with the same id is always wrong. */
export async function consumeCaptcha(db: Db, id: string, answer: string): Promise<boolean> {
  const row = await db
    .deleteFrom("captcha")
    .where("id", "=", id)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning("answer")
    .executeTakeFirst();
  return row !== undefined && row.answer === answer.trim();
}
