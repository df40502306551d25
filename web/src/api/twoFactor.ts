/**
 * Two-step verification: the signed-in user's own, and the company's rule
 * (docs/rules/sign-in.md#two-step-verification).
 */
import { TWO_FACTOR_ROUTES } from "@pc/contract";
import { call, type RequestOptions } from "./client.ts";

export const twoFactorApi = {
  status: () => call(TWO_FACTOR_ROUTES.status),
  /** A new pending secret for the authenticator app (QR code URI and text). */
  setup: (options?: RequestOptions) => call(TWO_FACTOR_ROUTES.setup, {}, options),
  /** Turns it on with the app's first code; answers the recovery codes, shown once. */
  enable: (code: string, options?: RequestOptions) =>
    call(TWO_FACTOR_ROUTES.enable, { body: { code } }, options),
  disable: (code: string, options?: RequestOptions) =>
    call(TWO_FACTOR_ROUTES.disable, { body: { code } }, options),
  renewRecoveryCodes: (code: string, options?: RequestOptions) =>
    call(TWO_FACTOR_ROUTES.renewRecoveryCodes, { body: { code } }, options),
  policy: () => call(TWO_FACTOR_ROUTES.policy),
  setPolicy: (required: boolean, options?: RequestOptions) =>
    call(TWO_FACTOR_ROUTES.setPolicy, { body: { required } }, options),
  /** A super admin turns a member's off (a lost phone and lost recovery codes), ending their sessions. */
  resetMember: (userId: number) => call(TWO_FACTOR_ROUTES.resetMember, { body: { user_id: userId } }),
};
