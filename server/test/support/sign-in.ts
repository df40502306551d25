/** Signs in exactly as the browser does: MD5 password, signed form, RSA-OAEP/SHA-256 ciphertext. */
import { constants, createHash, publicEncrypt } from "node:crypto";
import { LOGIN_CALLER, type LoginAnswer, nowSeconds, PLAT_TYPE, sign } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { DEV_CALLER_SECRET } from "../../src/config.ts";
import { type Answer, CAPTCHA_ANSWER, call } from "./app.ts";

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

export async function newCaptchaId(app: FastifyInstance): Promise<string> {
  const answer = await call<{ captcha_id: string }>(app, {
    method: "POST",
    url: "/v1/passport/captcha/gen_math",
  });
  return answer.data.captcha_id;
}

export async function publicKey(app: FastifyInstance): Promise<string> {
  return (await call<{ public_key: string }>(app, { method: "GET", url: "/v1/passport/public_key" })).data
    .public_key;
}

export function encryptForLogin(pem: string, payload: unknown): string {
  return publicEncrypt(
    { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(JSON.stringify(payload)),
  ).toString("base64");
}

/** The signed login form, before encryption; `secret` lets a test sign wrongly. */
export async function loginForm(app: FastifyInstance, input: LoginFormInput, secret = DEV_CALLER_SECRET) {
  return signedLoginForm({ ...input, captcha_id: input.captcha_id ?? (await newCaptchaId(app)) }, secret);
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

export async function postLogin(app: FastifyInstance, payload: unknown, remoteAddress = "127.0.0.1") {
  return call<LoginAnswer>(app, {
    method: "POST",
    url: "/v1/passport/user/login",
    payload: { data: encryptForLogin(await publicKey(app), payload) },
    remoteAddress,
  });
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<Answer<LoginAnswer>> {
  return postLogin(app, await loginForm(app, { email, password }));
}

/** Signs in and answers the token, failing loudly if sign-in did not succeed. */
export async function tokenFor(app: FastifyInstance, email: string, password: string): Promise<string> {
  const answer = await signIn(app, email, password);
  if (answer.code !== 200) throw new Error(`sign-in of ${email} failed: ${answer.code} ${answer.msg}`);
  return answer.data.token;
}
