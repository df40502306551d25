/** Two-step verification: the signed-in user's own, and the company's rule (issue 14 item 4). */
import type { RecoveryCodesAnswer, TwoFactorPolicy, TwoFactorSetup, TwoFactorStatus } from "@pc/contract";
import { get, post, type RequestOptions, request } from "./client.ts";

const OWN = "/v1/passport/two_factor";

export const twoFactorApi = {
  status: () => get<TwoFactorStatus>(OWN),
  /** A new pending secret for the authenticator app (QR code URI and text). */
  setup: (options?: RequestOptions) => post<TwoFactorSetup>(`${OWN}/setup`, {}, options),
  /** Turns it on with the app's first code; answers the recovery codes, shown once. */
  enable: (code: string, options?: RequestOptions) =>
    post<RecoveryCodesAnswer>(`${OWN}/enable`, { code }, options),
  disable: (code: string, options?: RequestOptions) => post<null>(`${OWN}/disable`, { code }, options),
  renewRecoveryCodes: (code: string, options?: RequestOptions) =>
    post<RecoveryCodesAnswer>(`${OWN}/recovery_codes`, { code }, options),
  policy: () => get<TwoFactorPolicy>("/v1/company/two_factor"),
  setPolicy: (required: boolean, options?: RequestOptions) =>
    request<null>("/v1/company/two_factor", { ...options, method: "PUT", body: { required } }),
  /** A super admin turns a member's off (a lost phone and lost recovery codes), ending their sessions. */
  resetMember: (userId: number) => post<null>("/v1/company/two_factor/reset", { user_id: userId }),
};
