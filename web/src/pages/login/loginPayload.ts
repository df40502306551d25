/**
 * The login payload (docs/rules/sign-in.md#login-payload): the form with the MD5 of the password, plat_type,
 * caller and a timestamp, signed with the caller secret, then RSA-OAEP/SHA-256 encrypted with the server's
 * key.
 */
import { LOGIN_CALLER, nowSeconds, PLAT_TYPE, signingString } from "@pc/contract";
import SparkMD5 from "spark-md5";
import { loginHmacHex, rsaOaepEncryptBase64 } from "./loginCrypto.ts";

const CALLER_SECRET_META = "pc-caller-secret";
const CALLER_SECRET_PLACEHOLDER = "__CALLER_SECRET__";
export const DEV_CALLER_SECRET = "dev-caller-secret";

/** The secret the server wrote into index.html, or the dev value under `vite dev`. */
export function callerSecret(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${CALLER_SECRET_META}"]`)?.content;
  return content && content !== CALLER_SECRET_PLACEHOLDER ? content : DEV_CALLER_SECRET;
}

export interface LoginInput {
  email: string;
  password: string;
  captcha_id: string;
  captcha_answer: string;
  /** The pass of the captchas answered before, when the server asked for more than one (`captchaMore`). */
  captcha_pass?: string | undefined;
}

/** The signed login form as the server decrypts it. */
export async function signedLoginForm(input: LoginInput, secret: string, timestamp = nowSeconds()) {
  const form = {
    email: input.email.trim().toLowerCase(),
    password: SparkMD5.hash(input.password),
    captcha_id: input.captcha_id,
    captcha_answer: input.captcha_answer.trim(),
    plat_type: PLAT_TYPE,
    caller: LOGIN_CALLER,
    timestamp,
    ...(input.captcha_pass ? { captcha_pass: input.captcha_pass } : {}),
  };
  return { ...form, sign: await loginHmacHex(secret, signingString(form, timestamp)) };
}

/** `data` of POST /v1/passport/user/login. */
export async function encryptLoginForm(
  input: LoginInput,
  publicKeyPem: string,
  secret: string,
): Promise<string> {
  const form = await signedLoginForm(input, secret);
  return rsaOaepEncryptBase64(publicKeyPem, new TextEncoder().encode(JSON.stringify(form)));
}
