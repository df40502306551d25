/** The error catalogue (spec §8, DESIGN §4): each answer code and its messages, once. */
import type { LangValue } from "./enums.ts";

export const Code = {
  Ok: 200,
  NoPermission: 402,
  Forbidden: 601,
  SystemError: 602,
  NotLoggedIn: 603,
  ParamError: 604,
  BadCredentials: 605,
  WrongPassword: 606,
  TokenInvalid: 20003,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes that mean success to a client (the spec accepts 0 as well as 200). */
export const SUCCESS_CODES: readonly number[] = [0, Code.Ok];
/** Codes after which a client drops the session (20005 is one legacy client's variant). */
export const SESSION_INVALID_CODES: readonly number[] = [Code.TokenInvalid, 20005];

type Messages = Record<LangValue, string>;

/** The default message of each code. */
export const CODE_MESSAGES: Record<CodeValue, Messages> = {
  [Code.Ok]: { zh: "成功", en: "Success" },
  [Code.NoPermission]: {
    zh: "您没有权限，请联系管理员申请",
    en: "You do not have permission, please contact the administrator to apply",
  },
  [Code.Forbidden]: { zh: "没有权限", en: "No permission" },
  [Code.SystemError]: { zh: "系统错误", en: "System error" },
  [Code.NotLoggedIn]: { zh: "未登录", en: "Not logged in" },
  [Code.ParamError]: { zh: "参数错误", en: "Parameter error" },
  [Code.BadCredentials]: { zh: "用户名或密码错误", en: "Wrong username or password" },
  [Code.WrongPassword]: { zh: "密码错误", en: "Wrong password" },
  [Code.TokenInvalid]: { zh: "登录已失效，请重新登录", en: "Session expired, please sign in again" },
};

/** Specific messages a server answer may carry instead of its code's default one. */
export const MESSAGES = {
  accountFrozen: {
    zh: "账号已被冻结，请联系管理员",
    en: "This account is frozen, please contact the administrator",
  },
  loginLocked: {
    zh: "登录失败次数过多，请 {seconds} 秒后再试",
    en: "Too many failed sign-in attempts, try again in {seconds} seconds",
  },
  captchaWrong: { zh: "验证码错误或已过期", en: "The verification code is wrong or expired" },
  timestampStale: {
    zh: "请求时间戳已过期，请校准本机时间",
    en: "The request timestamp is out of range, check your clock",
  },
  signWrong: { zh: "签名错误", en: "Invalid signature" },
  payloadUnreadable: {
    zh: "登录数据无法解密",
    en: "The sign-in payload cannot be decrypted",
  },
  bodyTooLarge: { zh: "请求体过大", en: "The request body is too large" },
  malformedBody: { zh: "请求体格式错误", en: "The request body is malformed" },
  notFound: { zh: "接口不存在", en: "No such endpoint" },
  invalidField: { zh: "参数错误：{field} {detail}", en: "Parameter error: {field} {detail}" },
  emailTaken: { zh: "该邮箱已被使用", en: "This email is already in use" },
  hostTaken: { zh: "域名已被其他公司使用：{host}", en: "Host already used by another company: {host}" },
  companyMismatch: {
    zh: "只能操作本公司的数据",
    en: "Only your own company's data can be used",
  },
} as const satisfies Record<string, Messages>;
export type MessageKey = keyof typeof MESSAGES;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
