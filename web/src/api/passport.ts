/** Session, captcha, user and branding calls (spec §7; DESIGN §5). */
import {
  type CaptchaAnswer,
  COMPANY_ENDPOINTS,
  type LoginAnswer,
  type MenuAnswer,
  type TwoFactorLoginAnswer,
  type UserInfo,
} from "@pc/contract";
import { call, get, post, type RequestOptions } from "./client.ts";

export interface PermissionItem {
  user_id: number;
  role_ids: number[];
  report_scope: string;
  routes: MenuAnswer["routes"];
  actions: string[];
}

export const passportApi = {
  publicKey: () => get<{ public_key: string }>("/v1/passport/public_key"),
  genCaptcha: (options?: RequestOptions) => post<CaptchaAnswer>("/v1/passport/captcha/gen_math", {}, options),
  refreshCaptcha: (captchaId: string, options?: RequestOptions) =>
    post<CaptchaAnswer>("/v1/passport/captcha/refresh_math", { captcha_id: captchaId }, options),
  /** `data` is the base64 RSA-OAEP ciphertext of the signed login form. */
  login: (data: string, options?: RequestOptions) =>
    post<LoginAnswer>("/v1/passport/user/login", { data }, options),
  /** The second step of a sign-in answered 609: its ticket and a code of the authenticator app, or a recovery code. */
  twoFactorLogin: (ticket: string, code: string, options?: RequestOptions) =>
    post<TwoFactorLoginAnswer>("/v1/passport/user/two_factor_login", { ticket, code }, options),
  logout: (options?: RequestOptions) => post<null>("/v1/passport/user/logout", {}, options),
  /** Exchanges the one-time sign-in ticket of a link (`?t=`) for a session; answers as login does. */
  ticketLogin: (ticket: string, options?: RequestOptions) =>
    post<LoginAnswer>("/v1/passport/user/ticket_login", { ticket }, options),
};

export const userApi = {
  userInfo: () => get<UserInfo>("/api/v1/user/user_info"),
  menu: () => get<MenuAnswer>("/api/v1/user/menu"),
  /** The current user's permissions; the first item is used. */
  permissions: () => get<PermissionItem[]>("/v1/user"),
};

export const commonApi = {
  host: (host: string, options?: RequestOptions) =>
    call(COMPANY_ENDPOINTS.host, { query: { host } }, options),
};
