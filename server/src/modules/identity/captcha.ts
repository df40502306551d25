/**
 * Math captchas: the answer stays on the server, each id is answered once, right or wrong.
 *
 * The captchas one sign-in try costs from a client address with many failed sign-ins (lockout.ts): one below
 * the address's threshold, then more as its failures grow. Nothing is locked: a try answers its captcha; while
 * its address asks for more, a right answer earns a pass, which the client's next try from that address
 * brings with its own captcha, until the try has answered enough of them. A pass is the client's own, so
 * nobody else at the address can spend what that client answered.
 */
import { randomUUID } from "node:crypto";
import { CAPTCHA_LIFETIME_SECONDS, type CaptchaAnswer } from "@pc/contract";
import svgCaptcha from "svg-captcha";
import type { Db } from "../../db/database.ts";
import { ADDRESS_FAILURE_THRESHOLD, addressFailures } from "./lockout.ts";
import { deleteCaptcha, insertCaptcha, insertPass, takeCaptcha, takePass } from "./repo.ts";

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
  await insertCaptcha(db, id, options.fixedAnswer ?? image.text, CAPTCHA_LIFETIME_SECONDS);
  return { captcha_id: id, b64s: `data:image/svg+xml;base64,${Buffer.from(image.data).toString("base64")}` };
}

/** Drops a captcha the client replaces. */
export const discardCaptcha = (db: Db, id: string): Promise<void> => deleteCaptcha(db, id);

/** Consumes the captcha and tells whether the answer was right; a second try with the same id is always wrong. */
export async function consumeCaptcha(db: Db, id: string, answer: string): Promise<boolean> {
  const expected = await takeCaptcha(db, id);
  return expected !== undefined && expected === answer.trim();
}

const MAX_CAPTCHAS_PER_TRY = 4;
/** Time to answer the next captcha with a pass: the user reads the message and a new image first. */
const PASS_LIFETIME_SECONDS = 300;

/** Captchas a try costs from an address with this many failures across accounts. */
function captchasPerTry(failures: number): number {
  if (failures < ADDRESS_FAILURE_THRESHOLD) return 1;
  const past = Math.floor((failures - ADDRESS_FAILURE_THRESHOLD) / ADDRESS_FAILURE_THRESHOLD);
  return Math.min(MAX_CAPTCHAS_PER_TRY, 2 + past);
}

export interface CaptchaDebt {
  /** The pass the next try brings. */
  pass: string;
  /** Captchas still to answer, the next try's own included. */
  owed: number;
}

/**
 * After the try's own captcha was answered right: null when the try has answered as many as its address asks
 * for, else the pass for the next try and what it still owes. The pass is spent (once) whatever the answer.
 */
export async function captchaDebt(
  db: Db,
  address: string,
  passId: string | undefined,
): Promise<CaptchaDebt | null> {
  const answered = 1 + ((passId ? await takePass(db, address, passId) : undefined) ?? 0);
  const owed = captchasPerTry(await addressFailures(db, address)) - answered;
  if (owed <= 0) return null;
  const pass = randomUUID();
  await insertPass(db, { id: pass, address, captchas: answered }, PASS_LIFETIME_SECONDS);
  return { pass, owed };
}
