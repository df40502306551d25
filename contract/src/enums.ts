/** Every enumerated value of the product, defined once. */

export const Role = { Administrator: 1, SuperAdmin: 2, OperationsStaff: 3 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];
/** Only this role can be given through the account form and API. */
export const ASSIGNABLE_ROLE: RoleId = Role.OperationsStaff;
export const MANAGEMENT_ROLES: readonly RoleId[] = [Role.Administrator, Role.SuperAdmin];

export const AccountStatus = { Normal: 1, Frozen: 4 } as const;
export type AccountStatusValue = (typeof AccountStatus)[keyof typeof AccountStatus];

export const ReportScope = { All: "all", SdkOnly: "sdk_only" } as const;
export type ReportScopeValue = (typeof ReportScope)[keyof typeof ReportScope];

/** The console's platform type in every passport and account call. */
export const PLAT_TYPE = 3;
/** The fixed caller value of the login form. */
export const LOGIN_CALLER = "publisher-console";

/** 1 = on/yes, 2 = off/no, for is_online, auto_rotation and country_open_flag. */
export const Flag = { On: 1, Off: 2 } as const;
export type FlagValue = (typeof Flag)[keyof typeof Flag];

export const Platform = { Android: 1 } as const;
export type PlatformValue = (typeof Platform)[keyof typeof Platform];

export const AdStyle = { Banner: 1, Native: 2, RewardVideo: 3, Interstitial: 4 } as const;
export type AdStyleValue = (typeof AdStyle)[keyof typeof AdStyle];
export const AD_STYLES: readonly AdStyleValue[] = Object.values(AdStyle);
export const isAdStyle = (value: number): value is AdStyleValue => AD_STYLES.some((style) => style === value);

export const ContentType = {
  HorizontalGraphic: 1,
  VerticalGraphic: 2,
  HorizontalVideo: 3,
  VerticalVideo: 4,
  Size320x50: 5,
  Size300x250: 6,
} as const;
export type ContentTypeValue = (typeof ContentType)[keyof typeof ContentType];

export const ALLOWED_CONTENT_TYPES: Record<AdStyleValue, readonly ContentTypeValue[]> = {
  [AdStyle.Banner]: [5, 6],
  [AdStyle.Native]: [1, 2, 3, 4],
  [AdStyle.RewardVideo]: [3, 4],
  [AdStyle.Interstitial]: [1, 2, 3, 4],
};

export const ReportStatus = {
  Pending: "pending",
  Calculating: "calculating",
  Calculated: "calculated",
  Published: "published",
  Error: "error",
} as const;
export type ReportStatusValue = (typeof ReportStatus)[keyof typeof ReportStatus];

export const PAGE_SIZES = [10, 20, 30, 40] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** Selection lists (the app select) may ask for this many rows at once. */
export const MAX_SELECT_PAGE_SIZE = 100000;

export const DEFAULT_THEME = "#00B96B";
export const Lang = { Zh: "zh", En: "en" } as const;
export type LangValue = (typeof Lang)[keyof typeof Lang];
export const DEFAULT_LANG: LangValue = Lang.Zh;
/** Where the browser remembers the language chosen (localStorage). */
export const LANG_STORAGE_KEY = "lang";

/** Session constants shared by server and web. */
export const TOKEN_LIFETIME_DAYS = 7;
export const COMPANY_CACHE_SECONDS = 600;
/**
 * A link into the console carries a sign-in ticket in this query parameter (`/home?t=…`;
 * docs/rules/entities.md#session): not a session token but a one-time, short-lived ticket the web exchanges
 * for a session of its own.
 */
export const SIGN_IN_TICKET_PARAM = "t";
export const CAPTCHA_LIFETIME_SECONDS = 120;
/** A sign-in ticket (the `t` of a link into the console) is exchanged once, within this many seconds. */
export const SIGN_IN_TICKET_SECONDS = 60;

/**
 * A profit centre is open (companies may join it) or closed (docs/rules/entities.md#profit-centres;
 * docs/api.md#signed-external-api).
 */
export const ProfitCenterStatus = { Open: 1, Closed: 2 } as const;
export type ProfitCenterStatusValue = (typeof ProfitCenterStatus)[keyof typeof ProfitCenterStatus];

/**
 * Every signed call (the sign-in form, the SDK's, the external API's) is refused when its timestamp is further
 * than this from the server's clock.
 */
export const SIGNATURE_WINDOW_SECONDS = 300;
