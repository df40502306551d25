/**
 * Two-step verification with an authenticator app (TOTP, RFC 6238;
 * docs/rules/sign-in.md#two-step-verification): turned on from the account page, asked for after the password
 * at sign-in, and required for a whole company by its super admin. A code is the app's current 6 digits or
 * one of the 10 single-use recovery codes shown when it was turned on.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { idValue } from "./inputs.ts";
import { userInfo } from "./passport.ts";

/** The authenticator's code: 6 digits, a new one every 30 s (the apps' defaults; SHA-1). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before or after the server's clock are accepted too (a clock a little off, a slow typist). */
export const TOTP_WINDOW_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: 12 characters of this alphabet (no 0/o, 1/l), shown as xxxx-xxxx-xxxx; 60 random bits. */
export const RECOVERY_CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const RECOVERY_CODE_LENGTH = 12;
/** The second step of a sign-in must come within this many seconds of the password. */
export const TWO_FACTOR_TICKET_SECONDS = 300;
/** Setting up the app at sign-in (a company that requires it) may take longer: installing an app, scanning. */
export const TWO_FACTOR_ENROL_TICKET_SECONDS = 600;
/** Wrong codes one sign-in's second step may take; then the password is asked for again. */
export const TWO_FACTOR_TICKET_MAX_ATTEMPTS = 5;

const TOTP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[a-km-np-z2-9]{12}$/;

export type TwoFactorCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string };

/**
 * What a person typed as a code: the app's 6 digits (spaces allowed: "123 456"), or a recovery code in any case,
 * with or without its dashes; null when it is neither.
 */
export function parseTwoFactorCode(text: string): TwoFactorCode | null {
  const digits = text.replace(/\s+/g, "");
  if (TOTP_CODE.test(digits)) return { kind: "totp", code: digits };
  const recovery = text.toLowerCase().replace(/[\s-]+/g, "");
  return RECOVERY_CODE.test(recovery) ? { kind: "recovery", code: recovery } : null;
}

/** A recovery code as shown: xxxx-xxxx-xxxx. */
export const formatRecoveryCode = (code: string): string => code.match(/.{1,4}/g)?.join("-") ?? code;

/** A code as a request carries it: the app's or a recovery code (which one the server reads from its form). */
export const twoFactorCodeInput = z
  .string({ error: "twoFactorCodeRequired" })
  .trim()
  .min(1, { message: "twoFactorCodeRequired", abort: true })
  .max(32, { message: "twoFactorCodeInvalid", abort: true })
  .refine((text) => parseTwoFactorCode(text) !== null, "twoFactorCodeInvalid");

/** Setting up the app: the secret as the QR code's `otpauth://` URI and as text to type in by hand. */
export const twoFactorSetup = z.object({
  secret: z.string().describe("base32, for manual entry"),
  uri: z.string().describe("otpauth://totp/… for the QR code"),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/**
 * The `data` of a sign-in answered 609: the password was right and the second step is due. `setup` is there when
 * the user's company requires two-step verification and the user has not set it up: the user scans it and answers
 * a code of the new app, which turns it on.
 */
export const twoFactorChallenge = z.object({
  ticket: z.string().describe("for /v1/passport/user/two_factor_login, once, within expires_in seconds"),
  expires_in: z.number().int(),
  setup: twoFactorSetup.nullable(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const twoFactorLoginBody = z.object({
  ticket: z.string().min(1).max(128),
  code: twoFactorCodeInput,
});
export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBody>;

/** The sign-in answer; after a setup at sign-in, with the new recovery codes (shown once). */
export const twoFactorLoginAnswer = z.object({
  token: z.string(),
  user_info: userInfo,
  recovery_codes: z.array(z.string()).optional(),
});
export type TwoFactorLoginAnswer = z.infer<typeof twoFactorLoginAnswer>;

/** `GET /v1/passport/two_factor`: the caller's own state. */
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** When it was turned on, `yyyy-MM-DD HH:mm:ss`. */
  enabled_time: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  /** The caller's company requires it (then it cannot be turned off). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

export const twoFactorCodeBody = z.object({ code: twoFactorCodeInput });
export type TwoFactorCodeBody = z.input<typeof twoFactorCodeBody>;

export const recoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof recoveryCodesAnswer>;

/** `GET /v1/company/two_factor`: the company's rule, and how many of its active users have turned it on. */
export const twoFactorPolicy = z.object({
  required: z.boolean(),
  members: z.number().int(),
  enrolled: z.number().int(),
});
export type TwoFactorPolicy = z.infer<typeof twoFactorPolicy>;

export const twoFactorPolicyBody = z.object({ required: z.boolean({ error: "twoFactorRequiredFlag" }) });
export type TwoFactorPolicyBody = z.input<typeof twoFactorPolicyBody>;

/**
 * `POST /v1/company/two_factor/reset`: the super admin turns a member's two-step verification off (a lost phone
 * and lost recovery codes), ending their sessions; they set it up again at the next sign-in if it is required.
 */
export const twoFactorResetBody = z.object({ user_id: idValue });
export type TwoFactorResetBody = z.input<typeof twoFactorResetBody>;

const OWN = "/v1/passport/two_factor";
const POLICY = "/v1/company/two_factor";

/**
 * Two-step verification: the second step of a sign-in (public), the signed-in user's own (account page), and
 * the company's rule (Account Management: administrators read it, the super admin sets it).
 */
export const TWO_FACTOR_ENDPOINTS = {
  login: endpoint({
    method: "POST",
    path: "/v1/passport/user/two_factor_login",
    body: twoFactorLoginBody,
    answer: twoFactorLoginAnswer,
    access: "public",
    description:
      "The second step of a sign-in answered 609: its ticket and a code of the authenticator app (6 digits, " +
      "±30 s, each once) or a recovery code (each once) answer the session, as login does; after a setup, " +
      "with the 10 new recovery_codes. A wrong code answers 610 (field code) and counts towards the sign-in " +
      "lockout; an unknown, used or expired ticket 604 (field ticket).",
  }),
  status: endpoint({
    method: "GET",
    path: OWN,
    answer: twoFactorStatus,
    access: "session",
    description: "The caller's two-step verification: on or off, since when, recovery codes left, required.",
  }),
  setup: endpoint({
    method: "POST",
    path: `${OWN}/setup`,
    answer: twoFactorSetup,
    access: "session",
    description:
      "A new secret for the caller's authenticator app, pending until a code confirms it (enable): as the " +
      "otpauth:// URI of the QR code and as text. Refused while two-step verification is on.",
  }),
  enable: endpoint({
    method: "POST",
    path: `${OWN}/enable`,
    body: twoFactorCodeBody,
    answer: recoveryCodesAnswer,
    access: "session",
    description:
      "Turns two-step verification on with a code of the app just set up; answers the 10 recovery codes, " +
      "shown once. A wrong code answers 610 and counts towards the sign-in lockout.",
  }),
  disable: endpoint({
    method: "POST",
    path: `${OWN}/disable`,
    body: twoFactorCodeBody,
    answer: z.null(),
    access: "session",
    description:
      "Turns two-step verification off with a current code (the app's or a recovery code); refused (601) " +
      "while the company requires it.",
  }),
  renewRecoveryCodes: endpoint({
    method: "POST",
    path: `${OWN}/recovery_codes`,
    body: twoFactorCodeBody,
    answer: recoveryCodesAnswer,
    access: "session",
    description:
      "Replaces the recovery codes with 10 new ones (shown once), with a current code (the app's or a recovery code).",
  }),
  policy: endpoint({
    method: "GET",
    path: POLICY,
    answer: twoFactorPolicy,
    access: "account.manage",
    description:
      "The company's rule (everyone signs in with two-step verification) and how many of its active users have it on.",
  }),
  setPolicy: endpoint({
    method: "PUT",
    path: POLICY,
    body: twoFactorPolicyBody,
    answer: z.null(),
    access: "account.policy",
    description:
      "The super admin requires two-step verification of everyone in the company (needs the super admin's " +
      "own on; the sessions of users without it end, and they set it up at their next sign-in), or stops requiring it.",
  }),
  resetMember: endpoint({
    method: "POST",
    path: `${POLICY}/reset`,
    body: twoFactorResetBody,
    answer: z.null(),
    access: "account.policy",
    description:
      "Turns a member's two-step verification off (a lost phone and lost recovery codes) and ends their " +
      "sessions; they set it up again at the next sign-in if the company requires it. Not the caller's own.",
  }),
};
