/**
 * The sign-in form exactly as the browser makes it: MD5 password, signed form, RSA-OAEP/SHA-256 ciphertext.
 * Without the app, for the e2e suite's sign-in over HTTP too (support/http-sign-in.ts).
 */
import { constants, createHash, publicEncrypt } from "node:crypto";
import { LOGIN_CALLER, nowSeconds, PLAT_TYPE, sign } from "@pc/contract";
import { DEV_CALLER_SECRET } from "../../src/config.ts";

/** The captcha answer of every test server (CAPTCHA_FIXED_ANSWER). */
export const CAPTCHA_ANSWER = "42";

export const md5 = (text: string) => createHash("md5").update(text).digest("hex");

export interface LoginFormInput {
  email: string;
  password: string;
  captcha_id?: string;
  captcha_answer?: string;
  /** The pass of captchas answered before, when the address asked for more than one. */
  captcha_pass?: string;
  timestamp?: number;
  plat_type?: number | string;
  caller?: string;
}

export function encryptForLogin(pem: string, payload: unknown): string {
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(JSON.stringify(payload)),
  ).toString("base64");
}

/** The signed login form for a captcha already generated (also over HTTP, support/http-sign-in.ts). */
export async function signedLoginForm(
  input: LoginFormInput & { captcha_id: string },
  secret = DEV_CALLER_SECRET,
) {
  const form = {
    email: input.email,
    password: md5(input.password),
    captcha_id: input.captcha_id,
    captcha_answer: input.captcha_answer ?? CAPTCHA_ANSWER,
    plat_type: input.plat_type ?? PLAT_TYPE,
    caller: input.caller ?? LOGIN_CALLER,
    timestamp: input.timestamp ?? nowSeconds(),
    ...(input.captcha_pass ? { captcha_pass: input.captcha_pass } : {}),
  };
  return { ...form, sign: await sign(secret, form, form.timestamp) };
}
