/** Staff accounts and the password calls (docs/rules/sign-in.md#password-calls). */
import {
  ACCOUNT_ROUTES,
  type AccountStatusValue,
  type EmailCodeBody,
  PASSWORD_ROUTES,
  type PasswordChangeBody,
  PLAT_TYPE,
  type RegisterBody,
  type ResetPasswordBody,
  type UserCreateBody,
  type UserUpdateBody,
} from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

/** The list filters as sent: an empty name is null (not sent). */
export interface UserListParams {
  name: string | null;
  page_no: number;
  page_size: number;
}

export const accountsApi = {
  list: (params: UserListParams, options?: RequestOptions) =>
    call(ACCOUNT_ROUTES.list, { query: { ...params, plat_type: PLAT_TYPE } }, options),
  create: (body: UserCreateBody, options?: RequestOptions) => call(ACCOUNT_ROUTES.create, { body }, options),
  update: (body: UserUpdateBody, options?: RequestOptions) => call(ACCOUNT_ROUTES.update, { body }, options),
  /** Freeze (4) or thaw (1). */
  setStatus: (userId: number, accountId: number, status: AccountStatusValue, options?: RequestOptions) =>
    call(
      ACCOUNT_ROUTES.setStatus,
      { body: { plat_type: PLAT_TYPE, user_id: userId, account_id: accountId, user_info: { status } } },
      options,
    ),
  remove: (ids: number[], accountId: number, options?: RequestOptions) =>
    call(ACCOUNT_ROUTES.remove, { query: { plat_type: PLAT_TYPE, ids, account_id: accountId } }, options),
};

export const passwordApi = {
  /** Both passwords as MD5 digests; the caller's other sessions end, this one stays. */
  change: (body: PasswordChangeBody, options?: RequestOptions) =>
    call(PASSWORD_ROUTES.change, { body }, options),
  /** Emails a 6-digit code for a reset or a registration (spends the captcha). */
  sendEmailCode: (body: EmailCodeBody, options?: RequestOptions) =>
    call(PASSWORD_ROUTES.sendEmailCode, { body }, options),
  reset: (body: ResetPasswordBody, options?: RequestOptions) =>
    call(PASSWORD_ROUTES.reset, { body }, options),
  register: (body: RegisterBody, options?: RequestOptions) =>
    call(PASSWORD_ROUTES.register, { body }, options),
};
