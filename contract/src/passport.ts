/**
 * Session, captcha, user info, menu and host shapes (docs/rules/entities.md;
 * docs/rules/sign-in.md#login-payload).
 */
import { z } from "zod";
import { EMAIL_MAX, EMAIL_PATTERN, MD5_HEX } from "./credentials.ts";
import { endpoint } from "./endpoint.ts";
import {
  AccountStatus,
  LOGIN_CALLER,
  PLAT_TYPE,
  ReportScope,
  SIGN_IN_TICKET_PARAM,
  SIGN_IN_TICKET_SECONDS,
} from "./enums.ts";
import { CONSTANT_ROUTES, PERMISSION_ROUTES } from "./permissions.ts";

export const captchaAnswer = z.object({
  captcha_id: z.string(),
  b64s: z.string().describe("data URL of the captcha image"),
});
export type CaptchaAnswer = z.infer<typeof captchaAnswer>;

export const refreshCaptchaBody = z.object({ captcha_id: z.string().max(64).optional() });

/** The login form as the browser builds it before encryption. */
export const loginForm = z.object({
  // As signed: no transform here, or the sign would no longer match what the browser signed.
  email: z.string().max(EMAIL_MAX).regex(EMAIL_PATTERN),
  password: z.string().regex(MD5_HEX, "must be the MD5 hex digest"),
  captcha_id: z.string().min(1).max(64),
  captcha_answer: z.string().trim().min(1).max(16),
  /** The pass of the captchas answered before, when the client's address asked for more than one (`captchaMore`). */
  captcha_pass: z.string().min(1).max(64).optional(),
  plat_type: z.literal(PLAT_TYPE),
  caller: z.literal(LOGIN_CALLER),
  timestamp: z.number().int().positive(),
  sign: z.string().regex(/^[0-9a-f]{64}$/),
});
export type LoginForm = z.infer<typeof loginForm>;

/**
 * `data` of a sign-in answered 604 `captchaMore`: the client's address asks for more than one captcha a try,
 * so the next try brings this pass with a new captcha; `captchas` are still to answer, that one included.
 */
export const captchaMoreData = z.object({
  field: z.literal("captcha_answer"),
  captcha_pass: z.string(),
  captchas: z.number().int().positive(),
});
export type CaptchaMoreData = z.infer<typeof captchaMoreData>;

export const loginBody = z.object({
  data: z.string().min(1).max(4096).describe("base64 RSA-OAEP/SHA-256 ciphertext of the login form"),
});

export const publicKeyAnswer = z.object({ public_key: z.string().describe("SPKI PEM") });

export const userInfo = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  name: z.string(),
  email: z.string(),
  company_id: z.number().int(),
  /** The company's name, shown on the account page. */
  company_name: z.string(),
  account_id: z.number().int(),
  status: z.union([z.literal(AccountStatus.Normal), z.literal(AccountStatus.Frozen)]),
  create_time: z.string(),
  modify_time: z.string(),
  modify_user_id: z.number().int().nullable(),
  opt_permission: z.array(z.object({ role_info: z.object({ id: z.number().int(), name: z.string() }) })),
  role_id: z.array(z.number().int()),
  report_scope: z.enum([ReportScope.All, ReportScope.SdkOnly]),
  is_operator: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const loginAnswer = z.object({ token: z.string(), user_info: userInfo });
export type LoginAnswer = z.infer<typeof loginAnswer>;

const TICKET_MAX = 128;

export const signInTicketAnswer = z.object({
  ticket: z.string().describe(`the value of \`${SIGN_IN_TICKET_PARAM}\` in a link into the console`),
  expires_in: z.number().int().describe("seconds the ticket may still be exchanged"),
});
export type SignInTicketAnswer = z.infer<typeof signInTicketAnswer>;

export const ticketLoginBody = z.object({ ticket: z.string().min(1).max(TICKET_MAX) });

const routeKey = z.enum([...CONSTANT_ROUTES, ...PERMISSION_ROUTES]);
export const menuAnswer = z.object({ routes: z.array(routeKey) });
export type MenuAnswer = z.infer<typeof menuAnswer>;

export const permissionItem = z.object({
  user_id: z.number().int(),
  role_ids: z.array(z.number().int()),
  report_scope: z.enum([ReportScope.All, ReportScope.SdkOnly]),
  routes: z.array(routeKey),
  actions: z.array(z.string()),
});
export type PermissionItem = z.infer<typeof permissionItem>;
export const permissionsAnswer = z.array(permissionItem);

/**
 * The session calls: the login key, captchas, sign-in (the second step of two-step verification is in
 * TWO_FACTOR_ENDPOINTS), sign-in tickets, sign-out, and the signed-in user's info, menu and permissions.
 */
export const PASSPORT_ENDPOINTS = {
  publicKey: endpoint({
    method: "GET",
    path: "/v1/passport/public_key",
    answer: publicKeyAnswer,
    access: "public",
    description: "The RSA public key (PEM) that encrypts the login form.",
  }),
  genCaptcha: endpoint({
    method: "POST",
    path: "/v1/passport/captcha/gen_math",
    answer: captchaAnswer,
    access: "public",
    description: "A new arithmetic captcha: its id and the picture (SVG) of the question.",
  }),
  refreshCaptcha: endpoint({
    method: "POST",
    path: "/v1/passport/captcha/refresh_math",
    body: refreshCaptchaBody.optional(),
    answer: captchaAnswer,
    access: "public",
    description: "A new question for a captcha (the one named by captcha_id is dropped).",
  }),
  login: endpoint({
    method: "POST",
    path: "/v1/passport/user/login",
    body: loginBody,
    answer: loginAnswer,
    access: "public",
    description:
      "Signs in with the encrypted login form. A user with two-step verification on, or in a company that " +
      "requires it, gets no session yet: the answer is code 609 with `data` {ticket, expires_in, setup} " +
      "(setup: {secret, uri} when the authenticator app must be set up first), for /v1/passport/user/two_factor_login.",
  }),
  signInTicket: endpoint({
    method: "POST",
    path: "/v1/passport/sign_in_ticket",
    answer: signInTicketAnswer,
    access: "session",
    description:
      `A one-time sign-in ticket for a link into the console, \`/home?${SIGN_IN_TICKET_PARAM}=<ticket>\` ` +
      `(any page): the console exchanges it within ${SIGN_IN_TICKET_SECONDS} s for a new session of ` +
      "the caller's user and removes it from the address bar. Never put a session token in a link.",
  }),
  ticketLogin: endpoint({
    method: "POST",
    path: "/v1/passport/user/ticket_login",
    body: ticketLoginBody,
    answer: loginAnswer,
    access: "public",
    description:
      "Exchanges a sign-in ticket (from /v1/passport/sign_in_ticket) for a session, answering as login " +
      "does. A ticket is taken once: unknown, used or expired tickets are refused with 604 (field ticket).",
  }),
  logout: endpoint({
    method: "POST",
    path: "/v1/passport/user/logout",
    answer: z.null(),
    access: "session",
    description: "Ends the caller's session (its token).",
  }),
  userInfo: endpoint({
    method: "GET",
    path: "/api/v1/user/user_info",
    answer: userInfo,
    access: "session",
    description: "The signed-in user: names, email, company, account, status, roles and report scope.",
  }),
  menu: endpoint({
    method: "GET",
    path: "/api/v1/user/menu",
    answer: menuAnswer,
    access: "session",
    description: "The console menu the caller's roles allow.",
  }),
  permissions: endpoint({
    method: "GET",
    path: "/v1/user",
    answer: permissionsAnswer,
    access: "session",
    description: "The current user's permissions: a list whose first item is used.",
  }),
};

export const hostQuery = z.object({ host: z.string().trim().max(253).optional() });
export const companyInfo = z.object({
  host: z.string(),
  ssp_host: z.string(),
  icon: z.string(),
  theme: z.string(),
  logo: z.string(),
  name: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfo>;
