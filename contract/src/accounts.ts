/**
 * Staff accounts, password change, password reset and registration (docs/rules/entities.md#users,
 * docs/rules/validation.md#account-form, docs/rules/roles.md, docs/rules/sign-in.md#password-calls
 * calls). Request schemas check what the server receives (passwords as MD5 hex digests); the `…Form`
 * schemas check what a person types (plain passwords), for the web. Issue messages are keys of MESSAGES.
 */
import { z } from "zod";
import {
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  MD5_HEX,
  PASSWORD_PATTERN,
} from "./credentials.ts";
import { endpoint } from "./endpoint.ts";
import { AccountStatus, ASSIGNABLE_ROLE, MANAGEMENT_ROLES, PLAT_TYPE, Role } from "./enums.ts";
import { pageOf, pageQuery } from "./envelope.ts";
import { ID_MAX, idParam, idValue, textFilter } from "./inputs.ts";

export const ACCOUNT_NAME_MAX = 30;
/**
 * The account form's password: at least 8 and under 100 characters (docs/rules/validation.md#account-form;
 * docs/rules/constants.md).
 */
export const ACCOUNT_PASSWORD_MIN = 8;
export const ACCOUNT_PASSWORD_MAX = 99;
export const COMPANY_NAME_MAX = 100;
/** How many ids one delete call may carry. */
export const DELETE_IDS_MAX = 100;

/** Emailed codes (docs/rules/sign-in.md#password-calls). */
export const EmailCodePurpose = { Reset: "reset", Register: "register" } as const;
export type EmailCodePurposeValue = (typeof EmailCodePurpose)[keyof typeof EmailCodePurpose];
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_PATTERN = /^\d{6}$/;
export const EMAIL_CODE_LIFETIME_SECONDS = 600;
/** Codes sent to one address (both purposes together) in any hour; more are refused. */
export const EMAIL_CODE_MAX_PER_HOUR = 5;
/** Wrong tries on one code; then the code is spent and a new one must be asked for. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;

/**
 * Whether a user holding these roles is an administrator or super admin
 * (docs/rules/roles.md#who-may-change-whom).
 */
export const isManagementAccount = (roleIds: readonly number[]): boolean =>
  roleIds.some((id) => MANAGEMENT_ROLES.includes(id as 1 | 2));

/**
 * A user's level in their company: super admin above administrator above everyone else
 * (docs/rules/roles.md#who-may-change-whom).
 */
const Level = { Staff: 0, Administrator: 1, SuperAdmin: 2 } as const;
const levelOf = (roleIds: readonly number[]): number =>
  roleIds.includes(Role.SuperAdmin)
    ? Level.SuperAdmin
    : roleIds.includes(Role.Administrator)
      ? Level.Administrator
      : Level.Staff;

/**
 * What the account list may offer on a row, and so what the server allows
 * (docs/rules/roles.md#who-may-change-whom): freeze/thaw and delete are hidden for role 1/2 rows and for
 * one's own row, edit is always shown, the permission is locked for role 1/2 users, and the email and
 * password are locked on a row at or above the caller's own level (their own included) unless the caller is
 * the super admin: a user changes their own password under Password Change.
 */
export function accountRowActions(
  row: { user_id: number; role_ids: readonly number[] },
  session: { user_id: number; role_id: readonly number[] },
): { edit: true; freeze: boolean; remove: boolean; roleLocked: boolean; credentialsLocked: boolean } {
  const manager = isManagementAccount(row.role_ids);
  const self = row.user_id === session.user_id;
  const callerLevel = levelOf(session.role_id);
  return {
    edit: true,
    freeze: !manager && !self,
    remove: !manager && !self,
    roleLocked: manager,
    credentialsLocked: callerLevel !== Level.SuperAdmin && callerLevel <= levelOf(row.role_ids),
  };
}

const platType = z.coerce
  .number({ error: "platTypeInvalid" })
  .refine((value) => value === PLAT_TYPE, "platTypeInvalid")
  .transform(() => PLAT_TYPE);

const accountStatus = z.union([z.literal(AccountStatus.Normal), z.literal(AccountStatus.Frozen)], {
  error: "accountStatusInvalid",
});

export const accountUserName = z
  .string({ error: "userNameRequired" })
  .trim()
  .min(1, { message: "userNameRequired", abort: true })
  .max(ACCOUNT_NAME_MAX, "userNameTooLong");

export const accountEmail = z
  .string({ error: "emailRequired" })
  .trim()
  .toLowerCase()
  .min(1, { message: "emailRequired", abort: true })
  .max(EMAIL_MAX, { message: "emailTooLong", abort: true })
  .regex(EMAIL_PATTERN, "emailInvalid");

/** A password as the server receives it: the MD5 hex digest of what the person typed. */
export const passwordDigest = z
  .string({ error: "passwordRequired" })
  .trim()
  .toLowerCase()
  .min(1, { message: "passwordRequired", abort: true })
  .regex(MD5_HEX, "passwordDigestInvalid");

/** An optional new password on edit: absent, null or empty means "unchanged". */
const optionalPasswordDigest = z.preprocess(
  (value) => (value === null || value === "" ? undefined : value),
  passwordDigest.optional(),
);

/**
 * The role ids of a new account: only operations staff can be assigned
 * (docs/rules/roles.md#who-may-change-whom).
 */
export const assignableRoleIds = z
  .array(z.number({ error: "roleNotAssignable" }).int("roleNotAssignable"), { error: "roleRequired" })
  .min(1, "roleRequired")
  .refine((ids) => ids.every((id) => id === ASSIGNABLE_ROLE), "roleNotAssignable")
  .transform(() => [ASSIGNABLE_ROLE]);

/** The role ids of an edited account: [3], or a role 1/2 user's unchanged roles (the server checks which). */
export const editedRoleIds = z
  .array(z.number({ error: "roleNotAssignable" }).int("roleNotAssignable"), { error: "roleRequired" })
  .min(1, "roleRequired")
  .max(Object.keys(Role).length, "roleNotAssignable")
  .refine((ids) => ids.every((id) => (Object.values(Role) as number[]).includes(id)), "roleNotAssignable")
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

// ── The accounts API ──────────────────────────────────────────────────────────────────────────────────

/** `GET /v1/user/list?page_no&page_size&plat_type=3&name`: the company's users, newest first. */
export const userListQuery = z.object({
  ...pageQuery,
  plat_type: platType,
  name: textFilter(ACCOUNT_NAME_MAX),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const userRow = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  email: z.string(),
  status: accountStatus,
  role_ids: z.array(z.number().int()),
  report_scope: z.string(),
  create_time: z.string(),
  modify_time: z.string(),
  modify_user_id: z.number().int().nullable(),
  /** The reviser's user_name (spec: "reviser, resolved from modify_user_id"); null when unknown. */
  modify_user_name: z.string().nullable(),
});
export type UserRow = z.infer<typeof userRow>;
export const userListAnswer = pageOf(userRow);
export type UserListAnswer = z.infer<typeof userListAnswer>;

/** `POST /v1/user` (docs/rules/entities.md#users). */
export const userCreateBody = z.object({
  user_name: accountUserName,
  email: accountEmail,
  password: passwordDigest,
  role_ids: assignableRoleIds,
  account_id: idValue,
  status: accountStatus.default(AccountStatus.Normal),
});
export type UserCreateBody = z.input<typeof userCreateBody>;
export const userCreateAnswer = z.object({ user_id: z.number().int() });

/** `PUT /v1/user` (docs/rules/entities.md#users): a given password replaces the user's and signs them out. */
export const userUpdateBody = z.object({
  user_info: z.object({
    user_name: accountUserName,
    email: accountEmail,
    password: optionalPasswordDigest,
  }),
  user_id: idValue,
  role_ids: editedRoleIds,
  account_id: idValue,
});
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/**
 * `PUT /v1/user_center_proxy/v1/passport/inner/user`: freeze (4) or thaw (1) a user
 * (docs/rules/entities.md#account-status).
 */
export const userStatusBody = z.object({
  plat_type: platType,
  user_id: idValue,
  account_id: idValue,
  user_info: z.object({ status: accountStatus }),
});
export type UserStatusBody = z.input<typeof userStatusBody>;

/** Ids in a query string, repeated (`ids=1&ids=2`) and/or comma-separated (`ids=1,2`). */
export const idListParam = z
  .union([z.string(), z.array(z.string())], { error: "idsRequired" })
  .transform((value) =>
    [value]
      .flat()
      .flatMap((item) => item.split(","))
      .map((item) => item.trim())
      .filter(Boolean)
      .map((item) => (/^\d{1,10}$/.test(item) ? Number(item) : 0)),
  )
  .pipe(
    z
      .array(z.number())
      .min(1, "idsRequired")
      .max(DELETE_IDS_MAX, "idsTooMany")
      .refine((ids) => ids.every((id) => Number.isInteger(id) && id >= 1 && id <= ID_MAX), "integerRequired")
      .transform((ids) => [...new Set(ids)]),
  );

/** `DELETE /v1/user_center_proxy/v1/passport/inner/user?plat_type&ids&account_id`: all or nothing. */
export const userDeleteQuery = z.object({
  plat_type: platType,
  ids: idListParam,
  account_id: idParam,
});
export type UserDeleteQuery = z.input<typeof userDeleteQuery>;
export const userDeleteAnswer = z.object({ deleted: z.array(z.number().int()) });

/** The user-centre path of freeze/thaw and delete, kept from the original back end's API. */
const INNER_USER = "/v1/user_center_proxy/v1/passport/inner/user";

/** The accounts API: every call needs `account.manage` (roles 1 and 2) and stays in the session's company. */
export const ACCOUNT_ENDPOINTS = {
  list: endpoint({
    method: "GET",
    path: "/v1/user/list",
    query: userListQuery,
    answer: userListAnswer,
    access: "account.manage",
    description: "The company's users, newest first, with role ids and the reviser's name.",
  }),
  create: endpoint({
    method: "POST",
    path: "/v1/user",
    body: userCreateBody,
    answer: userCreateAnswer,
    access: "account.manage",
    description: "Creates a staff account (role 3 only); the password is the MD5 of what the web checked.",
  }),
  update: endpoint({
    method: "PUT",
    path: "/v1/user",
    body: userUpdateBody,
    answer: z.null(),
    access: "account.manage",
    description:
      "Edits an account; a new password signs that user out. The roles of a role 1/2 user never change.",
  }),
  setStatus: endpoint({
    method: "PUT",
    path: INNER_USER,
    body: userStatusBody,
    answer: z.null(),
    access: "account.manage",
    description:
      "Freezes (status 4, signs the user out at once) or thaws (status 1) a staff account; never oneself or a role 1/2 user.",
  }),
  remove: endpoint({
    method: "DELETE",
    path: INNER_USER,
    query: userDeleteQuery,
    answer: userDeleteAnswer,
    access: "account.manage",
    description:
      "Deletes staff accounts, all or nothing (ids=1&ids=2 or ids=1,2); never oneself or a role 1/2 user.",
  }),
};

// ── Password change, reset and registration (docs/rules/sign-in.md#password-calls) ─────────────────────────

/** `PUT /v1/passport/user/password`: the old password is checked (606); other sessions are signed out. */
export const passwordChangeBody = z.object({
  old_password: passwordDigest,
  new_password: passwordDigest,
});
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;

export const captchaAnswerText = z
  .string({ error: "captchaRequired" })
  .trim()
  .min(1, { message: "captchaRequired", abort: true })
  .max(16, "captchaWrong");

/** `POST /v1/passport/captcha/send_email` (public, captcha-protected): emails a 6-digit code. */
export const emailCodeBody = z.object({
  email: accountEmail,
  purpose: z.enum([EmailCodePurpose.Reset, EmailCodePurpose.Register], { error: "emailCodePurposeInvalid" }),
  captcha_id: z.string({ error: "captchaRequired" }).min(1, "captchaRequired").max(64, "captchaWrong"),
  captcha_answer: captchaAnswerText,
});
export type EmailCodeBody = z.input<typeof emailCodeBody>;
/** The same answer whether or not a reset address has an account. */
export const emailCodeAnswer = z.object({ expires_in: z.number().int().describe("seconds the code lives") });
export type EmailCodeAnswer = z.infer<typeof emailCodeAnswer>;

export const emailCode = z
  .string({ error: "emailCodeRequired" })
  .trim()
  .min(1, { message: "emailCodeRequired", abort: true })
  .regex(EMAIL_CODE_PATTERN, "emailCodeInvalid");

/** `POST /v1/passport/user/reset_password` (public): sets the password and signs out every session. */
export const resetPasswordBody = z.object({
  email: accountEmail,
  code: emailCode,
  password: passwordDigest,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const companyName = z
  .string({ error: "companyNameRequired" })
  .trim()
  .min(1, { message: "companyNameRequired", abort: true })
  .max(COMPANY_NAME_MAX, "companyNameTooLong");

/** `POST /v1/passport/user/register` (public): a new publisher company with the registrant as super admin. */
export const registerBody = z.object({
  company_name: companyName,
  user_name: accountUserName,
  email: accountEmail,
  password: passwordDigest,
  code: emailCode,
});
export type RegisterBody = z.input<typeof registerBody>;
export const registerAnswer = z.object({
  company_id: z.number().int(),
  account_id: z.number().int(),
  user_id: z.number().int(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** The password calls: the change needs a session, the emailed code, the reset and registration are public. */
export const PASSWORD_ENDPOINTS = {
  change: endpoint({
    method: "PUT",
    path: "/v1/passport/user/password",
    body: passwordChangeBody,
    answer: z.null(),
    access: "session",
    description:
      "Changes the caller's password (both MD5): the old one is checked (606), the caller's other sessions end.",
  }),
  sendEmailCode: endpoint({
    method: "POST",
    path: "/v1/passport/captcha/send_email",
    body: emailCodeBody,
    answer: emailCodeAnswer,
    access: "public",
    description:
      "Emails a 6-digit code (10 minutes, single use, at most 5 an hour per address) for a reset or a registration; captcha required. The answer is the same whether or not the address has an account.",
  }),
  reset: endpoint({
    method: "POST",
    path: "/v1/passport/user/reset_password",
    body: resetPasswordBody,
    answer: z.null(),
    access: "public",
    description: "Sets a new password (MD5) with an emailed code and signs out every session of the user.",
  }),
  register: endpoint({
    method: "POST",
    path: "/v1/passport/user/register",
    body: registerBody,
    answer: registerAnswer,
    access: "public",
    description:
      "Registers a publisher company with the registrant as its super admin, with an emailed code.",
  }),
};

// ── What a person types (the web's forms; plain passwords, checked before MD5) ───────────────────────────

/**
 * The account form's password (docs/rules/validation.md#account-form): 8 to 99 characters, an upper-case and
 * a lower-case letter, a digit.
 */
export const accountPasswordText = z
  .string({ error: "passwordRequired" })
  .min(1, { message: "passwordRequired", abort: true })
  .min(ACCOUNT_PASSWORD_MIN, { message: "accountPasswordLength", abort: true })
  .max(ACCOUNT_PASSWORD_MAX, { message: "accountPasswordLength", abort: true })
  .regex(PASSWORD_PATTERN, "passwordWeak");

/**
 * A password one signs in with (docs/rules/validation.md#login): 8 to 30 characters, upper-case, lower-case
 * and a digit.
 */
export const loginPasswordText = z
  .string({ error: "passwordRequired" })
  .min(1, { message: "passwordRequired", abort: true })
  .min(LOGIN_PASSWORD_MIN, { message: "loginPasswordLength", abort: true })
  .max(LOGIN_PASSWORD_MAX, { message: "loginPasswordLength", abort: true })
  .regex(PASSWORD_PATTERN, "passwordWeak");

/** The account form on add: every field required, permission operations staff. */
export const accountCreateForm = z.object({
  user_name: accountUserName,
  email: accountEmail,
  password: accountPasswordText,
  role_ids: assignableRoleIds,
});
export type AccountCreateForm = z.input<typeof accountCreateForm>;

/** The account form on edit: the password is optional (empty = unchanged; confirm with `accountPasswordWillChange`). */
export const accountEditForm = z.object({
  user_name: accountUserName,
  email: accountEmail,
  password: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    accountPasswordText.optional(),
  ),
  role_ids: editedRoleIds,
});
export type AccountEditForm = z.input<typeof accountEditForm>;

/** The confirmation field of a form that sets a password. */
const confirmPasswordText = z.string({ error: "passwordRequired" });

/** The refinement (check and issue) of a form whose `confirm_password` must repeat its `field`. */
const passwordConfirmed = <Field extends string>(
  field: Field,
): [(form: Record<Field | "confirm_password", unknown>) => boolean, { message: string; path: string[] }] => [
  (form) => form.confirm_password === form[field],
  { message: "passwordMismatch", path: ["confirm_password"] },
];

/** `/account/modPassword`. */
export const passwordChangeForm = z
  .object({
    old_password: z.string({ error: "passwordRequired" }).min(1, "passwordRequired"),
    new_password: loginPasswordText,
    confirm_password: confirmPasswordText,
  })
  .refine(...passwordConfirmed("new_password"))
  .refine((form) => form.new_password !== form.old_password, {
    message: "passwordUnchanged",
    path: ["new_password"],
  });
export type PasswordChangeForm = z.input<typeof passwordChangeForm>;

/** The code request step of `/resetPassword` and `/register`. */
export const emailCodeForm = z.object({ email: accountEmail, captcha_answer: captchaAnswerText });
export type EmailCodeForm = z.input<typeof emailCodeForm>;

/** `/resetPassword`. */
export const resetPasswordForm = z
  .object({
    email: accountEmail,
    code: emailCode,
    password: loginPasswordText,
    confirm_password: confirmPasswordText,
  })
  .refine(...passwordConfirmed("password"));
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

/** `/register`. */
export const registerForm = z
  .object({
    company_name: companyName,
    user_name: accountUserName,
    email: accountEmail,
    code: emailCode,
    password: loginPasswordText,
    confirm_password: confirmPasswordText,
  })
  .refine(...passwordConfirmed("password"));
export type RegisterForm = z.input<typeof registerForm>;
