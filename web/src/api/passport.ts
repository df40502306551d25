/** Session, captcha, user and branding calls (spec §7; DESIGN §5). */
import { COMPANY_ENDPOINTS, PASSPORT_ENDPOINTS, TWO_FACTOR_ENDPOINTS } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const passportApi = {
  publicKey: () => call(PASSPORT_ENDPOINTS.publicKey),
  genCaptcha: (options?: RequestOptions) => call(PASSPORT_ENDPOINTS.genCaptcha, {}, options),
  refreshCaptcha: (captchaId: string, options?: RequestOptions) =>
    call(PASSPORT_ENDPOINTS.refreshCaptcha, { body: { captcha_id: captchaId } }, options),
  /** `data` is the base64 RSA-OAEP ciphertext of the signed login form. */
  login: (data: string, options?: RequestOptions) =>
    call(PASSPORT_ENDPOINTS.login, { body: { data } }, options),
  /** The second step of a sign-in answered 609: its ticket and a code of the authenticator app, or a recovery code. */
  twoFactorLogin: (ticket: string, code: string, options?: RequestOptions) =>
    call(TWO_FACTOR_ENDPOINTS.login, { body: { ticket, code } }, options),
  logout: (options?: RequestOptions) => call(PASSPORT_ENDPOINTS.logout, {}, options),
  /** Exchanges the one-time sign-in ticket of a link (`?t=`) for a session; answers as login does. */
  ticketLogin: (ticket: string, options?: RequestOptions) =>
    call(PASSPORT_ENDPOINTS.ticketLogin, { body: { ticket } }, options),
};

export const userApi = {
  userInfo: () => call(PASSPORT_ENDPOINTS.userInfo),
  menu: () => call(PASSPORT_ENDPOINTS.menu),
  /** The current user's permissions; the first item is used. */
  permissions: () => call(PASSPORT_ENDPOINTS.permissions),
};

export const commonApi = {
  host: (host: string, options?: RequestOptions) =>
    call(COMPANY_ENDPOINTS.host, { query: { host } }, options),
};
