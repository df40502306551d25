/** Session, captcha, user and branding calls (docs/rules/sign-in.md#login-payload). */
import { COMPANY_ROUTES, PASSPORT_ROUTES, TWO_FACTOR_ROUTES } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const passportApi = {
  publicKey: () => call(PASSPORT_ROUTES.publicKey),
  genCaptcha: (options?: RequestOptions) => call(PASSPORT_ROUTES.genCaptcha, {}, options),
  refreshCaptcha: (captchaId: string, options?: RequestOptions) =>
    call(PASSPORT_ROUTES.refreshCaptcha, { body: { captcha_id: captchaId } }, options),
  /** `data` is the base64 RSA-OAEP ciphertext of the signed login form. */
  login: (data: string, options?: RequestOptions) => call(PASSPORT_ROUTES.login, { body: { data } }, options),
  /** The second step of a sign-in answered 609: its ticket and a code of the authenticator app, or a recovery code. */
  twoFactorLogin: (ticket: string, code: string, options?: RequestOptions) =>
    call(TWO_FACTOR_ROUTES.login, { body: { ticket, code } }, options),
  logout: (options?: RequestOptions) => call(PASSPORT_ROUTES.logout, {}, options),
  /** Exchanges the one-time sign-in ticket of a link (`?t=`) for a session; answers as login does. */
  ticketLogin: (ticket: string, options?: RequestOptions) =>
    call(PASSPORT_ROUTES.ticketLogin, { body: { ticket } }, options),
};

export const userApi = {
  userInfo: () => call(PASSPORT_ROUTES.userInfo),
  menu: () => call(PASSPORT_ROUTES.menu),
  /** The current user's permissions; the first item is used. */
  permissions: () => call(PASSPORT_ROUTES.permissions),
};

export const commonApi = {
  host: (host: string, options?: RequestOptions) => call(COMPANY_ROUTES.host, { query: { host } }, options),
};
