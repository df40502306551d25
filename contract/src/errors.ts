/** The error catalogue (docs/rules/errors.md): each answer code and its messages, once. */
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
  /** Too much at once (HTTP 429 with Retry-After): send again after the seconds it names. */
  Busy: 607,
  /** The database is out of reach or the server is stopping (HTTP 503 with Retry-After): send again later. */
  Unavailable: 608,
  /**
   * Sign-in: the password was right and the second step is due (two-step verification): `data` is a
   * TwoFactorChallenge (a ticket for /v1/passport/user/two_factor_login, and the app's setup when it must be set up).
   */
  TwoFactorRequired: 609,
  /** A two-step verification code is wrong, expired or used before (`data.field` names the code's field). */
  TwoFactorCodeWrong: 610,
  TokenInvalid: 20003,
  /**
   * The reporting API's key is missing, unknown, expired or revoked (HTTP 401 with WWW-Authenticate); the
   * message tells which. Not a console session code: the web never drops its session on it.
   */
  ApiKeyInvalid: 20010,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes that mean success to a client (the original back end answered 0 for success as well as 200). */
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
  [Code.Busy]: { zh: "服务繁忙，请稍后重试", en: "The server is busy, please retry shortly" },
  [Code.Unavailable]: {
    zh: "服务暂时不可用，请稍后重试",
    en: "The service is temporarily unavailable, please retry shortly",
  },
  [Code.TwoFactorRequired]: {
    zh: "请输入身份验证器应用中的验证码",
    en: "Enter the code from your authenticator app",
  },
  [Code.TwoFactorCodeWrong]: { zh: "验证码错误", en: "The verification code is wrong" },
  [Code.TokenInvalid]: { zh: "登录已失效，请重新登录", en: "Session expired, please sign in again" },
  [Code.ApiKeyInvalid]: { zh: "API 密钥无效", en: "The API key is invalid" },
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
  rateLimited: {
    zh: "操作过于频繁，请 {minutes} 分钟后再试",
    en: "Too many attempts; try again in {minutes} minutes",
  },
  captchaWrong: { zh: "验证码错误或已过期", en: "The verification code is wrong or expired" },
  captchaMore: {
    zh: "您所在网络近期登录失败过多，请输入新的验证码继续（还需 {count} 个）",
    en: "Many sign-ins from your network failed lately: answer the new code to go on ({count} left)",
  },
  ticketInvalid: {
    zh: "登录链接无效、已使用或已过期，请重新登录",
    en: "The sign-in link is invalid, used or expired; please sign in",
  },
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
  malformedUrl: { zh: "请求地址格式错误", en: "The request URL is malformed" },
  urlParamTooLong: { zh: "请求地址中的参数过长", en: "A parameter in the request URL is too long" },
  mediaTypeUnsupported: {
    zh: "不支持该请求体类型（Content-Type）",
    en: "The request's Content-Type is not supported",
  },
  idOutOfRange: { zh: "编号超出范围", en: "The id is out of range" },
  malformedRequest: { zh: "请求格式错误", en: "The request is malformed" },
  headersTooLarge: { zh: "请求头过大", en: "The request headers are too large" },
  requestTimeout: { zh: "请求传输超时", en: "The request took too long to arrive" },
  notFound: { zh: "接口不存在", en: "No such endpoint" },
  metricsTokenRequired: {
    zh: "请在 Authorization: Bearer 中提供 METRICS_TOKEN",
    en: "Send METRICS_TOKEN as Authorization: Bearer",
  },
  invalidField: { zh: "参数错误：{field} {detail}", en: "Parameter error: {field} {detail}" },
  emailTaken: { zh: "该邮箱已被使用", en: "This email is already in use" },
  hostTaken: { zh: "域名已被其他公司使用：{host}", en: "Host already used by another company: {host}" },
  companyMismatch: {
    zh: "只能操作本公司的数据",
    en: "Only your own company's data can be used",
  },
  // Applications, placements, floor prices and search inputs (docs/rules/validation.md;
  // docs/rules/errors.md). A contract schema names one of these keys as its issue message; the server and the
  // web show it in the caller's language.
  illegalCharacters: { zh: "请输入合法字符", en: "Please enter valid characters" },
  integerRequired: { zh: "请输入整数", en: "Please enter an integer" },
  appNameRequired: { zh: "请输入应用名称", en: "Please enter the app name" },
  appNameTooLong: { zh: "应用名称最多 30 个字符", en: "The app name has at most 30 characters" },
  appPkgRequired: { zh: "请输入包名", en: "Please enter the package name" },
  appPkgTooLong: { zh: "包名最多 100 个字符", en: "The package name has at most 100 characters" },
  appPkgInvalid: {
    zh: "请输入合法的 Android 包名，如 com.example.app",
    en: "Please enter a valid Android package name, e.g. com.example.app",
  },
  urlRequired: { zh: "请输入URL", en: "Please enter the URL" },
  urlInvalid: { zh: "请输入以https或http开头的URL", en: "Please enter a URL starting with https or http" },
  urlTooLong: { zh: "URL 最多 500 个字符", en: "The URL has at most 500 characters" },
  appNameDuplicate: { zh: "应用名称重复", en: "Duplicate app name" },
  appPkgDuplicate: { zh: "应用包名重复", en: "Duplicate app package name" },
  appNotFound: { zh: "应用不存在", en: "The application does not exist" },
  appHasPlacements: {
    zh: "该应用下存在广告位，不能删除",
    en: "Ad placement exists under this app and cannot be deleted",
  },
  appRequired: { zh: "请选择应用", en: "Please select an application" },
  placementAppLocked: {
    zh: "编辑广告位时不能更改所属应用",
    en: "The app of a placement cannot be changed",
  },
  placementNameRequired: { zh: "请输入广告位名称", en: "Please enter the placement name" },
  placementNameTooLong: {
    zh: "广告位名称最多 30 个字符",
    en: "The placement name has at most 30 characters",
  },
  placementNameDuplicate: { zh: "广告位名称重复", en: "Duplicate ad placement name" },
  placementNotFound: { zh: "广告位不存在", en: "The placement does not exist" },
  adStyleRequired: { zh: "请选择广告类型", en: "Please select the ad type" },
  contentTypeRequired: { zh: "请选择内容类型", en: "Please select the content types" },
  contentTypeNotAllowed: {
    zh: "所选内容类型不适用于该广告类型",
    en: "A selected content type is not allowed for this ad type",
  },
  autoRotationBannerOnly: {
    zh: "只有横幅广告可以开启自动轮播",
    en: "Only a Banner can rotate automatically",
  },
  bottomPriceDefaultRequired: { zh: "请输入默认底价", en: "The default price must be entered" },
  bottomPriceCountriesRequired: { zh: "请选择国家", en: "Please select the countries" },
  bottomPricePriceRequired: { zh: "请输入底价", en: "Please enter the price" },
  bottomPriceCountryDuplicated: {
    zh: "已选国家在不同的底价配置中重复",
    en: "The already selected countries are duplicated across different floor-price configurations",
  },
  bottomPriceCountryUnknown: { zh: "国家不在国家列表中", en: "The country is not in the country list" },
  bottomPriceInvalid: {
    zh: "底价须为 0 到 1000000 之间、最多 4 位小数的数字",
    en: "The price must be a number from 0 to 1000000 with at most 4 decimals",
  },
  bottomPriceMalformed: {
    zh: "底价配置须为合法的 JSON 字符串",
    en: "The floor-price setting must be a valid JSON string",
  },
  deleteConfirm: { zh: "此操作将永久删除，是否继续？", en: "This deletes permanently. Continue?" },
  deleteCancelled: { zh: "已取消删除", en: "Delete cancelled" },
  // Staff accounts, password change, reset and registration (docs/rules/validation.md#account-form;
  // docs/rules/roles.md#who-may-change-whom).
  userNameRequired: { zh: "请输入用户名", en: "Please enter the user name" },
  userNameTooLong: { zh: "用户名最多 30 个字符", en: "The user name has at most 30 characters" },
  emailRequired: { zh: "请输入登录邮箱", en: "Please input login email" },
  emailTooLong: { zh: "邮箱最多 100 个字符", en: "The email has at most 100 characters" },
  emailInvalid: { zh: "邮箱格式不正确", en: "The mailbox format is incorrect" },
  passwordRequired: { zh: "请输入密码", en: "Please enter the password" },
  accountPasswordLength: {
    zh: "密码长度须为 8 到 99 个字符",
    en: "The password must have 8 to 99 characters",
  },
  loginPasswordLength: { zh: "密码长度须为 8 到 30 个字符", en: "The password must have 8 to 30 characters" },
  passwordWeak: {
    zh: "密码须包含大写字母、小写字母和数字",
    en: "The password needs an upper-case letter, a lower-case letter and a digit",
  },
  passwordMismatch: { zh: "两次输入的密码不一致", en: "The two passwords do not match" },
  passwordUnchanged: { zh: "新密码不能与旧密码相同", en: "The new password must differ from the old one" },
  passwordDigestInvalid: {
    zh: "密码须以 MD5 摘要（32 位小写十六进制）发送",
    en: "The password must be sent as its MD5 digest (32 lower-case hex characters)",
  },
  oldPasswordWrong: { zh: "旧密码错误", en: "The old password is wrong" },
  passwordChanged: {
    zh: "密码已修改，其他设备上的登录已退出",
    en: "Password changed; your other sessions were signed out",
  },
  roleRequired: { zh: "请选择账号权限", en: "Please select the account permission" },
  roleNotAssignable: {
    zh: "只能分配运营人员权限",
    en: "Only the operations staff permission can be assigned",
  },
  managerRoleLocked: {
    zh: "不能更改管理员或超级管理员的权限",
    en: "The permission of an administrator or super admin cannot be changed",
  },
  managerProtected: {
    zh: "不能冻结或删除管理员或超级管理员",
    en: "An administrator or super admin cannot be frozen or deleted",
  },
  credentialsLocked: {
    zh: "不能修改同级或更高级别账号的邮箱或密码，本人请在“修改密码”中修改密码",
    en: "The email or password of an account at or above your level cannot be changed; its owner changes the password under Password Change",
  },
  selfProtected: { zh: "不能冻结或删除自己的账号", en: "You cannot freeze or delete your own account" },
  userNotFound: { zh: "用户不存在：{id}", en: "No such user: {id}" },
  accountStatusInvalid: {
    zh: "状态只能是 1（正常）或 4（冻结）",
    en: "The status must be 1 (normal) or 4 (frozen)",
  },
  platTypeInvalid: { zh: "plat_type 必须为 3", en: "plat_type must be 3" },
  idsRequired: { zh: "请选择要删除的账号", en: "Please choose the accounts to delete" },
  idsTooMany: { zh: "一次最多删除 100 个账号", en: "At most 100 accounts can be deleted at once" },
  accountPasswordWillChange: {
    zh: "该用户的密码将被修改，其所有登录将被退出，是否继续？",
    en: "The user's password will be changed and all their sessions signed out. Continue?",
  },
  accountFreezeConfirm: {
    zh: "冻结后该用户将立即退出登录且无法登录，是否继续？",
    en: "The user will be signed out at once and cannot sign in. Freeze?",
  },
  accountTwoFactorResetConfirm: {
    zh: "将关闭该用户的两步验证（如手机和恢复码都已丢失）并退出其所有登录；公司要求两步验证时，其下次登录需重新设置。是否继续？",
    en: "The user's two-step verification will be turned off (a lost phone and lost recovery codes) and all their sessions signed out; if the company requires it, they set it up again at the next sign-in. Continue?",
  },
  accountThawConfirm: {
    zh: "解冻后该用户可以重新登录，是否继续？",
    en: "The user will be able to sign in again. Thaw?",
  },
  accountDeleteConfirm: {
    zh: "将永久删除所选账号并退出其登录，是否继续？",
    en: "The selected accounts will be deleted permanently and signed out. Continue?",
  },
  captchaRequired: { zh: "验证码不能为空", en: "The verification code cannot be blank" },
  emailCodePurposeInvalid: {
    zh: "purpose 只能是 reset 或 register",
    en: "purpose must be reset or register",
  },
  emailCodeRequired: { zh: "请输入邮箱验证码", en: "Please enter the email code" },
  emailCodeInvalid: { zh: "邮箱验证码为 6 位数字", en: "The email code has 6 digits" },
  emailCodeWrong: {
    zh: "邮箱验证码错误或已过期",
    en: "The email code is wrong or expired",
  },
  emailCodeAttemptsExceeded: {
    zh: "验证码错误次数过多，请重新获取",
    en: "Too many wrong tries; please ask for a new code",
  },
  emailCodeTooMany: {
    zh: "该邮箱获取验证码过于频繁，请 {minutes} 分钟后再试",
    en: "Too many codes were sent to this address; try again in {minutes} minutes",
  },
  emailCodeSentReset: {
    zh: "如果该邮箱已注册，验证码已发送至该邮箱，{minutes} 分钟内有效",
    en: "If an account uses this address, a code has been sent to it; it is valid for {minutes} minutes",
  },
  emailCodeSentRegister: {
    zh: "邮件已发送至该邮箱：未注册的邮箱会收到验证码（{minutes} 分钟内有效），已注册的邮箱会收到登录提示",
    en: "An email has been sent to this address: a code valid for {minutes} minutes, or a sign-in hint if the address is already registered",
  },
  companyNameRequired: { zh: "请输入公司名称", en: "Please enter the company name" },
  companyNameTooLong: { zh: "公司名称最多 100 个字符", en: "The company name has at most 100 characters" },
  mailResetSubject: { zh: "重置密码验证码", en: "Your password reset code" },
  mailRegisterSubject: { zh: "注册验证码", en: "Your registration code" },
  mailRegisteredSubject: { zh: "该邮箱已注册", en: "This address is already registered" },
  mailRegisteredText: {
    zh: "有人使用此邮箱申请注册，但该邮箱已有账号。请直接登录，或在登录页点击“忘记密码”重置密码。如非本人操作，请忽略此邮件。",
    en: 'Someone asked to register with this address, which already has an account. Sign in, or reset the password with "Forgot password?" on the sign-in page. If you did not ask for it, ignore this email.',
  },
  mailCodeText: {
    zh: "您的验证码是 {code}，{minutes} 分钟内有效，仅可使用一次。如非本人操作，请忽略此邮件。",
    en: "Your verification code is {code}. It is valid for {minutes} minutes and can be used once. If you did not ask for it, ignore this email.",
  },
  // Two-step verification (docs/rules/sign-in.md#two-step-verification).
  twoFactorEnrolRequired: {
    zh: "贵公司要求开启两步验证：请先设置身份验证器应用，再完成登录",
    en: "Your company requires two-step verification: set up an authenticator app to finish signing in",
  },
  twoFactorCodeRequired: { zh: "请输入验证码", en: "Please enter the code" },
  twoFactorCodeInvalid: {
    zh: "请输入 6 位数字验证码或恢复码",
    en: "Enter the 6-digit code or a recovery code",
  },
  twoFactorCodeWrong: {
    zh: "验证码错误或已过期，请输入身份验证器应用当前显示的验证码，或一个恢复码",
    en: "The code is wrong or expired: enter the code your authenticator app shows now, or a recovery code",
  },
  twoFactorCodeUsed: {
    zh: "该验证码已使用过，请等待身份验证器应用显示下一个验证码",
    en: "This code has already been used; wait for the next one in your authenticator app",
  },
  twoFactorRecoveryCodeUsed: {
    zh: "该恢复码已使用过，每个恢复码只能使用一次",
    en: "This recovery code has already been used; each one works once",
  },
  twoFactorSetupCodeOnly: {
    zh: "请输入新添加的身份验证器应用中的 6 位验证码",
    en: "Enter the 6-digit code of the app you have just set up",
  },
  twoFactorTicketInvalid: {
    zh: "验证已超时或无效，请重新登录",
    en: "The verification step has expired or is invalid; please sign in again",
  },
  twoFactorAlreadyOn: { zh: "两步验证已开启", en: "Two-step verification is already on" },
  twoFactorNotOn: { zh: "两步验证未开启", en: "Two-step verification is off" },
  twoFactorResetOwn: {
    zh: "请在账号信息页关闭自己的两步验证",
    en: "Turn your own two-step verification off on your account page",
  },
  twoFactorSetupMissing: {
    zh: "请重新开始设置：没有待确认的密钥",
    en: "Start the setup again: there is no key waiting for confirmation",
  },
  twoFactorRequiredByCompany: {
    zh: "贵公司要求开启两步验证，不能关闭",
    en: "Your company requires two-step verification; it cannot be turned off",
  },
  twoFactorPolicyNeedsOwn: {
    zh: "请先为自己的账号开启两步验证，再要求全公司开启",
    en: "Turn on two-step verification for your own account before requiring it for the company",
  },
  twoFactorRequiredFlag: { zh: "required 须为 true 或 false", en: "required must be true or false" },
  // Signed external calls (docs/api.md#the-signing-rule; docs/api.md#signed-external-api).
  paramMissing: { zh: "缺少参数：{field}", en: "Missing parameter: {field}" },
  timestampMalformed: {
    zh: "参数 timestamp 必须是以秒为单位的 Unix 时间戳",
    en: "The timestamp parameter must be a Unix time in whole seconds",
  },
  signMalformed: {
    zh: "参数 sign 必须是 64 位小写十六进制字符",
    en: "The sign parameter must be 64 lower-case hexadecimal characters",
  },
  timestampExpired: {
    zh: "请求时间戳 {timestamp} 已过期：早于服务器时间 {now} 超过 {window} 秒，请校准时间并重新签名",
    en: "The timestamp {timestamp} is more than {window} seconds older than the server time {now}; check your clock and sign again",
  },
  timestampFuture: {
    zh: "请求时间戳 {timestamp} 晚于服务器时间 {now} 超过 {window} 秒，请校准本机时间",
    en: "The timestamp {timestamp} is more than {window} seconds ahead of the server time {now}; check your clock",
  },
  signReplayed: {
    zh: "该签名已使用过，请用新的时间戳重新签名",
    en: "This signature has already been used; sign the call again with a new timestamp",
  },
  bodyParamReserved: {
    zh: "带请求体的调用中，查询参数 body 保留给请求体摘要",
    en: "On a call with a body, the query parameter body is reserved for the body's digest",
  },
  signVersionInvalid: {
    zh: "参数 sign_version 只能是 1 或 2",
    en: "The sign_version parameter must be 1 or 2",
  },
  profitCenterNotFound: { zh: "利润中心不存在：{id}", en: "No profit centre with id {id}" },
  profitCenterExists: { zh: "利润中心已存在：{id}", en: "A profit centre with id {id} already exists" },
  profitCenterClosed: {
    zh: "利润中心 {id} 已关闭，不能加入公司",
    en: "The profit centre {id} is closed and cannot take companies",
  },
  companyNotFound: { zh: "公司不存在：{id}", en: "No company with id {id}" },
  noticeIdReused: {
    zh: "通知编号 {notice_id} 已用于另一条内容不同的通知",
    en: "The notice id {notice_id} was already used for a different notice",
  },
  operatorCompanyMissing: {
    zh: "尚未创建运营方公司，无法记录审计日志",
    en: "No operator company exists to record the audit log under",
  },
  // Companies: hosts and branding (the Companies screen and the CLI's create-company;
  // docs/rules/screens.md#companies).
  hostRequired: { zh: "请输入域名", en: "Please enter the host name" },
  hostInvalid: {
    zh: "域名只能包含字母、数字、连字符和点，如 console.example.com（不含协议、端口和路径）",
    en: "A host name has letters, digits and hyphens between dots, like console.example.com (no scheme, port or path)",
  },
  hostsInvalid: { zh: "域名须为列表", en: "The hosts must be a list of host names" },
  hostsTooMany: { zh: "一个公司最多 20 个域名", en: "A company has at most 20 hosts" },
  themeInvalid: {
    zh: "主题色须为 #RRGGBB 格式的颜色，如 #1677FF",
    en: "The theme colour must be a colour written #RRGGBB, like #1677FF",
  },
  assetKindInvalid: { zh: "图片类型只能是 logo 或 icon", en: "The image kind must be logo or icon" },
  assetEmpty: { zh: "请选择图片文件", en: "Please choose an image file" },
  assetBase64: {
    zh: "图片须以 base64 编码发送",
    en: "The image must be sent in base64",
  },
  logoTooLarge: { zh: "Logo 不能超过 200 KB", en: "The logo must be at most 200 KB" },
  iconTooLarge: { zh: "网站图标不能超过 64 KB", en: "The favicon must be at most 64 KB" },
  logoType: {
    zh: "Logo 须为 PNG、JPEG 或 WebP 图片",
    en: "The logo must be a PNG, JPEG or WebP image",
  },
  iconType: { zh: "网站图标须为 ICO 或 PNG 图片", en: "The favicon must be an ICO or PNG image" },
  logoPixels: {
    zh: "Logo 的宽和高不能超过 1024 像素",
    en: "The logo must be at most 1024 pixels wide and high",
  },
  iconPixels: {
    zh: "网站图标的宽和高不能超过 256 像素",
    en: "The favicon must be at most 256 pixels wide and high",
  },
  svgRefused: {
    zh: "不支持 SVG 图片（可能包含脚本），请使用 PNG",
    en: "SVG images are not accepted (they can carry script); please use a PNG",
  },
  // Reports: queries, export, ingest and management (docs/rules/reports.md;
  // docs/rules/validation.md#report-dates).
  reportDateRequired: { zh: "请选择开始日期和结束日期", en: "The start and end dates are required" },
  reportDateInvalid: { zh: "日期格式须为 yyyyMMdd", en: "The date must be a real day written yyyyMMdd" },
  reportDateOrder: { zh: "开始日期不能晚于结束日期", en: "The start date cannot be after the end date" },
  reportDateTooEarly: {
    zh: "最多只能查询最近 90 天的数据",
    en: "Reports reach at most 90 days back",
  },
  reportDateTooLate: { zh: "结束日期最晚为昨天", en: "The end date can be yesterday at the latest" },
  reportDimensionInvalid: {
    zh: "维度代码无效",
    en: "Unknown dimension code",
  },
  reportMetricInvalid: { zh: "数据指标无效", en: "Unknown data column" },
  reportCountryUnknown: { zh: "国家不在国家列表中", en: "The country is not in the country list" },
  reportColumnsDimensionRequired: { zh: "请至少选择一个维度", en: "Please select at least one dimension" },
  reportColumnsMetricRequired: { zh: "请至少选择一个数据指标", en: "Please select at least one data column" },
  reportExportTooLarge: {
    zh: "请添加更多查询条件后重试",
    en: "Please add more query conditions and retry",
  },
  reportDownloadFailed: { zh: "下载失败", en: "Download Failed" },
  reportCountInvalid: { zh: "须为非负整数", en: "must be a whole number, not negative" },
  reportAmountInvalid: {
    zh: "须为非负数，最多 6 位小数",
    en: "must be a number, not negative, with at most 6 decimals",
  },
  reportHourInvalid: {
    zh: "hour 须为整点的 UTC 时间，如 2024-05-01T13:00:00Z",
    en: "hour must be a whole UTC hour, e.g. 2024-05-01T13:00:00Z",
  },
  reportHourFuture: { zh: "hour 不能晚于当前小时", en: "hour cannot be after the current hour" },
  reportHourOneDay: {
    zh: "按小时查看只支持单日：请将开始日期和结束日期设为同一天",
    en: "The hour breakdown covers one day: make the start and end dates the same day",
  },
  reportHourDayHidden: {
    zh: "{date} 的报表尚未发布，暂不能按小时查看",
    en: "The report of {date} is not published yet, so it has no hour breakdown to show",
  },
  reportHoursNotCalculated: {
    zh: "{date} 的报表计算于按小时统计之前，重新计算后即可按小时查看",
    en: "The report of {date} was calculated before hours were kept: recalculate it to see its hours",
  },
  scheduleHourWeekly: {
    zh: "按小时的定时报表只能每日发送（每封邮件一天）",
    en: "A scheduled report by hour can only be daily (one day a mail)",
  },
  reportPlacementUnknown: {
    zh: "广告位 {id} 不是该应用的广告位",
    en: "Placement {id} is not a placement of this app",
  },
  affiliateDateFuture: { zh: "日期不能晚于今天", en: "The day cannot be after today" },
  affiliateRowDuplicate: {
    zh: "与第 {other} 行重复（日期、子渠道、offer、包名和国家相同）",
    en: "Repeats row {other} (same day, sub-channel, offer, package and country)",
  },
  reportManageDateNotPast: {
    zh: "只能操作今天之前的报表日期",
    en: "Only days before today can be calculated, published or deleted",
  },
  reportNotCalculated: {
    zh: "{date} 的报表尚未计算完成，不能发布",
    en: "The report of {date} is not calculated yet and cannot be published",
  },
  reportCalculateConfirm: {
    zh: "将计算该日报表，此操作不可撤销，是否继续？",
    en: "The day's report will be calculated. This cannot be undone. Continue?",
  },
  reportRecalculateConfirm: {
    zh: "将重新计算该日的 SDK 报表和联盟结算报表，并在重新发布前对发布者隐藏，此操作不可撤销，是否继续？",
    en: "The day's SDK and affiliate reports will be recalculated and hidden from publishers until published again. This cannot be undone. Continue?",
  },
  reportPublishConfirm: {
    zh: "发布后发布者将立即看到该日报表，此操作不可撤销，是否继续？",
    en: "Publishers will see the day's report at once. This cannot be undone. Continue?",
  },
  reportDeleteConfirm: {
    zh: "将删除该日报表（原始数据保留），此操作不可撤销，是否继续？",
    en: "The day's report will be deleted (raw data is kept). This cannot be undone. Continue?",
  },
  // The reporting API and its keys (docs/api.md#reporting-api).
  apiKeyNameRequired: { zh: "请输入密钥名称", en: "Please enter the key name" },
  apiKeyNameTooLong: { zh: "密钥名称最多 64 个字符", en: "The key name has at most 64 characters" },
  apiKeyScopesRequired: {
    zh: "请至少选择一个范围（SDK 报表或联盟结算报表）",
    en: "Please choose at least one scope (SDK report or affiliate report)",
  },
  apiKeyScopeInvalid: { zh: "范围只能是 sdk 或 affiliate", en: "A scope is sdk or affiliate" },
  apiKeyExpiryInvalid: {
    zh: "到期日期须为 yyyy-MM-DD 格式的日期",
    en: "The expiry date must be a day written yyyy-MM-DD",
  },
  apiKeyExpiryPast: { zh: "到期日期不能早于今天（UTC）", en: "The expiry date cannot be before today (UTC)" },
  apiKeyNotFound: { zh: "API 密钥不存在：{id}", en: "No API key with id {id}" },
  apiKeyMissing: {
    zh: "请在请求头 Authorization: Bearer <API 密钥> 中提供 API 密钥",
    en: "Send the API key in the header Authorization: Bearer <API key>",
  },
  apiKeyUnknown: { zh: "API 密钥无效", en: "The API key is invalid" },
  apiKeyExpired: { zh: "API 密钥已过期", en: "The API key has expired" },
  apiKeyRevoked: { zh: "API 密钥已被撤销", en: "The API key has been revoked" },
  apiKeyOutOfScope: {
    zh: "该 API 密钥无权读取此报表（范围：{scopes}）",
    en: "This API key may not read this report (its scopes: {scopes})",
  },
  apiKeyRateLimited: {
    zh: "该 API 密钥的请求过于频繁（每 {window} 秒最多 {max} 次），请 {seconds} 秒后重试",
    en: "Too many requests with this API key (at most {max} per {window} seconds); retry in {seconds} seconds",
  },
  apiFormatInvalid: { zh: "format 只能是 json 或 csv", en: "format must be json or csv" },
  scheduleNameRequired: { zh: "请输入名称", en: "Please enter a name" },
  scheduleNameTooLong: { zh: "名称最多 64 个字符", en: "The name can have at most 64 characters" },
  scheduleFrequencyInvalid: { zh: "请选择发送频率", en: "Please choose how often to send" },
  scheduleWeekdayRequired: { zh: "每周发送须选择星期几", en: "A weekly schedule needs a weekday" },
  scheduleRecipientsRequired: { zh: "请至少选择一个收件人", en: "Please choose at least one recipient" },
  scheduleRecipientsTooMany: { zh: "收件人最多 10 个", en: "At most 10 recipients" },
  scheduleRecipientUnknown: {
    zh: "{email} 不是本公司的正常用户",
    en: "{email} is not an active user of your company",
  },
  scheduleNotFound: { zh: "定时报表不存在", en: "The scheduled report does not exist" },
  scheduleNothingPublished: {
    zh: "该报表还没有已发布的日期，暂无可发送的数据",
    en: "No day of this report is published yet: there is nothing to send",
  },
  scheduleMailSubject: { zh: "{name}：{kind} {period}", en: "{name}: {kind} {period}" },
  scheduleMailText: {
    zh: "您好，\n\n附件是定时报表“{name}”（{kind}，{period}）的 CSV 文件，共 {rows} 行。\n\n不想再收到此报表？退订：{link}\n",
    en: 'Hello,\n\nAttached is the CSV of the scheduled report "{name}" ({kind}, {period}): {rows} rows.\n\nNo longer want this report? Unsubscribe: {link}\n',
  },
  scheduleNoSmtp: { zh: "未配置邮件服务（SMTP_URL）", en: "Mail is not configured (SMTP_URL)" },
  scheduleDayUnpublished: {
    zh: "{date} 的报表已撤回重新计算，重新发布后再发送",
    en: "The report of {date} was taken back to be recalculated; it is sent once published again",
  },
  reportViewNameRequired: { zh: "请输入视图名称", en: "Please enter a name for the view" },
  reportViewNameTooLong: { zh: "视图名称最多 60 个字符", en: "A view's name can have at most 60 characters" },
  reportViewNameDuplicate: {
    zh: "已有同名视图，请换一个名称",
    en: "You already have a view with this name: please choose another",
  },
  reportViewsTooMany: {
    zh: "每个报表最多保存 {max} 个视图，请先删除不用的视图",
    en: "You can keep at most {max} views of a report: delete one you no longer use first",
  },
  reportViewNotFound: { zh: "视图不存在", en: "The view does not exist" },
  reportViewPresetInvalid: { zh: "日期范围预设无效", en: "Unknown date range preset" },
  reportViewRangeRequired: {
    zh: "请指定视图的日期范围（预设或固定日期）",
    en: "A view needs its dates: a preset or two fixed days",
  },
  reportViewChangeRequired: {
    zh: "请提供新的名称或要保存的报表条件",
    en: "Send a new name, the report's selection, or both",
  },
  unsubscribeTitle: { zh: "退订定时报表", en: "Unsubscribe from a scheduled report" },
  unsubscribeConfirm: {
    zh: "{email} 将不再收到定时报表“{name}”。",
    en: '{email} will no longer receive the scheduled report "{name}".',
  },
  unsubscribeButton: { zh: "确认退订", en: "Unsubscribe" },
  unsubscribeDone: {
    zh: "已退订：{email} 不会再收到定时报表“{name}”。",
    en: 'Unsubscribed: {email} will no longer receive the scheduled report "{name}".',
  },
  unsubscribeInvalid: {
    zh: "退订链接无效，或该地址已退订。",
    en: "This unsubscribe link is not valid, or the address is already unsubscribed.",
  },
} as const satisfies Record<string, Messages>;
export type MessageKey = keyof typeof MESSAGES;

/**
 * The `message` section of an i18n catalogue: each message in one language, so that a web text saying the
 * same (a form's "enter the login email") nests it (`$t(message.emailRequired)`) instead of repeating it.
 */
export type MessageSection = Record<MessageKey, string>;

export function messageSection(lang: LangValue): MessageSection {
  const entries = Object.entries(MESSAGES).map(([key, text]) => [key, text[lang]] as const);
  return Object.fromEntries(entries) as MessageSection;
}

/** Whether a text (e.g. a schema issue's message) names a message of the catalogue. */
export const isMessageKey = (text: string): text is MessageKey => Object.hasOwn(MESSAGES, text);

/** A schema issue's message in a language: the catalogue's text when it names a key, else itself. */
export const issueText = (message: string, lang: LangValue): string =>
  isMessageKey(message) ? MESSAGES[message][lang] : message;

/** Fills `{name}` placeholders of a message. */
export function formatMessage(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
