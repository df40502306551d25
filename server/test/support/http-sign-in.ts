/** Signs in over HTTP, as the browser does, to a server running as its own process. */
import type { LoginAnswer } from "@pc/contract";
import { CAPTCHA_ANSWER, encryptForLogin, signedLoginForm } from "./login-form.ts";

async function envelope<T>(response: Response): Promise<{ code: number; msg: string; data: T }> {
  return (await response.json()) as { code: number; msg: string; data: T };
}

/** The body of a sign-in call at `baseUrl`, ready to send (the captcha fixed by CAPTCHA_FIXED_ANSWER). */
export async function loginBodyOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const captcha = await envelope<{ captcha_id: string }>(
    await fetch(`${baseUrl}/v1/passport/captcha/gen_math`, { method: "POST" }),
  );
  const key = await envelope<{ public_key: string }>(await fetch(`${baseUrl}/v1/passport/public_key`));
  const form = await signedLoginForm({
    email,
    password,
    captcha_id: captcha.data.captcha_id,
    captcha_answer: CAPTCHA_ANSWER,
  });
  return JSON.stringify({ data: encryptForLogin(key.data.public_key, form) });
}

/** The session token of a successful sign-in at `baseUrl`. */
export async function tokenOverHttp(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await envelope<LoginAnswer>(
    await fetch(`${baseUrl}/v1/passport/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: await loginBodyOverHttp(baseUrl, email, password),
    }),
  );
  if (answer.code !== 200) throw new Error(`sign-in of ${email} failed: ${answer.code} ${answer.msg}`);
  return answer.data.token;
}
