/** Staff accounts and the password calls (spec §7 Accounts; DESIGN §5 Password calls). */
import {
  type AccountStatusValue,
  type EmailCodeAnswer,
  type EmailCodeBody,
  type PasswordChangeBody,
  PLAT_TYPE,
  type RegisterAnswer,
  type RegisterBody,
  type ResetPasswordBody,
  type UserCreateBody,
  type UserListAnswer,
  type UserUpdateBody,
} from "@pc/contract";
import { get, type RequestOptions, request } from "./client.ts";

/** The list filters as sent: an empty name is null (not sent). */
export interface UserListParams {
  name: string | null;
  page_no: number;
  page_size: number;
}

/** The user-centre path of freeze/thaw and delete, kept from the spec's original back end. */
const INNER_USER = "/v1/user_center_proxy/v1/passport/inner/user";

export const accountsApi = {
  list: (params: UserListParams, options?: RequestOptions) =>
    get<UserListAnswer>("/v1/user/list", { ...params, plat_type: PLAT_TYPE }, options),
  create: (body: UserCreateBody, options?: RequestOptions) =>
    request<{ user_id: number }>("/v1/user", { ...options, method: "POST", body }),
  update: (body: UserUpdateBody, options?: RequestOptions) =>
    request<null>("/v1/user", { ...options, method: "PUT", body }),
  /** Freeze (4) or thaw (1). */
  setStatus: (userId: number, accountId: number, status: AccountStatusValue, options?: RequestOptions) =>
    request<null>(INNER_USER, {
      ...options,
      method: "PUT",
      body: { plat_type: PLAT_TYPE, user_id: userId, account_id: accountId, user_info: { status } },
    }),
  remove: (ids: readonly number[], accountId: number, options?: RequestOptions) =>
    request<{ deleted: number[] }>(INNER_USER, {
      ...options,
      method: "DELETE",
      query: { plat_type: PLAT_TYPE, ids, account_id: accountId },
    }),
};

export const passwordApi = {
  /** Both passwords as MD5 digests; the caller's other sessions end, this one stays. */
  change: (body: PasswordChangeBody, options?: RequestOptions) =>
    request<null>("/v1/passport/user/password", { ...options, method: "PUT", body }),
  /** Emails a 6-digit code for a reset or a registration (spends the captcha). */
  sendEmailCode: (body: EmailCodeBody, options?: RequestOptions) =>
    request<EmailCodeAnswer>("/v1/passport/captcha/send_email", { ...options, method: "POST", body }),
  reset: (body: ResetPasswordBody, options?: RequestOptions) =>
    request<null>("/v1/passport/user/reset_password", { ...options, method: "POST", body }),
  register: (body: RegisterBody, options?: RequestOptions) =>
    request<RegisterAnswer>("/v1/passport/user/register", { ...options, method: "POST", body }),
};
