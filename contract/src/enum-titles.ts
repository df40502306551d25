/**
 * The titles of the product's enumerated values in each language, defined once: the forms,
 * lists, reports and the change history show these, and the server's report CSV writes the ad types' titles.
 */
import {
  AccountStatus,
  type AccountStatusValue,
  AdStyle,
  type AdStyleValue,
  ContentType,
  type ContentTypeValue,
  type LangValue,
  Platform,
  type PlatformValue,
  Role,
  type RoleId,
} from "./enums.ts";

export type Titles = Record<LangValue, string>;

export const PLATFORM_TITLES: Record<PlatformValue, Titles> = {
  [Platform.Android]: { zh: "Android", en: "Android" },
};

export const AD_STYLE_TITLES: Record<AdStyleValue, Titles> = {
  [AdStyle.Banner]: { zh: "横幅", en: "Banner" },
  [AdStyle.Native]: { zh: "原生", en: "Native" },
  [AdStyle.RewardVideo]: { zh: "激励视频", en: "Reward Video" },
  [AdStyle.Interstitial]: { zh: "插屏", en: "Interstitial" },
};

export const CONTENT_TYPE_TITLES: Record<ContentTypeValue, Titles> = {
  [ContentType.HorizontalGraphic]: { zh: "横屏图片", en: "Horizontal image" },
  [ContentType.VerticalGraphic]: { zh: "竖屏图片", en: "Vertical image" },
  [ContentType.HorizontalVideo]: { zh: "横屏视频", en: "Horizontal video" },
  [ContentType.VerticalVideo]: { zh: "竖屏视频", en: "Vertical video" },
  [ContentType.Size320x50]: { zh: "320×50", en: "320×50" },
  [ContentType.Size300x250]: { zh: "300×250", en: "300×250" },
};

export const ROLE_TITLES: Record<RoleId, Titles> = {
  [Role.Administrator]: { zh: "管理员", en: "Administrator" },
  [Role.SuperAdmin]: { zh: "超级管理员", en: "Super admin" },
  [Role.OperationsStaff]: { zh: "运营人员", en: "Operations staff" },
};

export const ACCOUNT_STATUS_TITLES: Record<AccountStatusValue, Titles> = {
  [AccountStatus.Normal]: { zh: "正常", en: "Normal" },
  [AccountStatus.Frozen]: { zh: "冻结", en: "Frozen" },
};

/** Every titled enum by name (the change history names the one a recorded field holds). */
export const ENUM_TITLES = {
  platform: PLATFORM_TITLES,
  adStyle: AD_STYLE_TITLES,
  contentType: CONTENT_TYPE_TITLES,
  role: ROLE_TITLES,
  accountStatus: ACCOUNT_STATUS_TITLES,
} as const;
export type EnumName = keyof typeof ENUM_TITLES;

/** A value's title in a language, or null when the enum has no such value. */
export function enumTitle(name: EnumName, value: unknown, lang: LangValue): string | null {
  const titles: Partial<Record<string, Titles>> = ENUM_TITLES[name];
  return typeof value === "number" || typeof value === "string"
    ? (titles[String(value)]?.[lang] ?? null)
    : null;
}
