/** Signs in to the app under test exactly as the browser does (the form: support/login-form.ts). */
import type { LoginAnswer } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import { DEV_CALLER_SECRET } from "../../src/config.ts";
import { type Answer, call } from "./app.ts";
import { encryptForLogin, type LoginFormInput, signedLoginForm } from "./login-form.ts";

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

/** The signed login form, before encryption; `secret` lets a test sign wrongly. */
export async function loginForm(app: FastifyInstance, input: LoginFormInput, secret = DEV_CALLER_SECRET) {
  return signedLoginForm({ ...input, captcha_id: input.captcha_id ?? (await newCaptchaId(app)) }, secret);
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
