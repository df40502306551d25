import { LANG_STORAGE_KEY, type LangValue } from "@pc/contract";
import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n, { changeLanguage, currentLanguage, LANGUAGES, storedLanguage } from "./index.ts";

afterEach(async () => {
  await changeLanguage("zh");
  localStorage.clear();
});

describe("i18n", () => {
  it("starts in Chinese by default", () => {
    expect(storedLanguage()).toBe("zh");
    expect(currentLanguage()).toBe("zh");
    expect(i18n.t("route.home")).toBe("首页");
  });

  it("switches to English and remembers the choice", async () => {
    await changeLanguage("en");
    expect(currentLanguage()).toBe("en");
    expect(i18n.t("route.home")).toBe("Home");
    expect(i18n.t("guard.noPermission")).toBe("No permission, please contact the administrator to add it");
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("en");
    expect(storedLanguage()).toBe("en");
    expect(dayjs.locale()).toBe("en");
    expect(document.documentElement.lang).toBe("en");
  });

  it("switches back to Chinese with the Chinese dayjs locale", async () => {
    await changeLanguage("en");
    await changeLanguage("zh");
    expect(i18n.t("guard.noPermission")).toBe("没有权限,请联系管理员添加权限");
    expect(localStorage.getItem(LANG_STORAGE_KEY)).toBe("zh");
    expect(dayjs.locale()).toBe("zh-cn");
  });

  it("starts in the remembered language on the next visit", async () => {
    localStorage.setItem(LANG_STORAGE_KEY, "en");
    vi.resetModules();
    const fresh = await import("./index.ts");
    await fresh.languageReady;
    expect(fresh.currentLanguage()).toBe("en");
    expect(fresh.default.t("login.emailRequired")).toBe("Please input login email");
  });

  it("ignores an unknown remembered value", () => {
    localStorage.setItem(LANG_STORAGE_KEY, "fr");
    expect(storedLanguage()).toBe("zh");
  });

  it("has the same keys in both languages", async () => {
    const zh = (await import("./zh.json")).default;
    const en = (await import("./en.json")).default;
    const keys = (value: unknown, prefix = ""): string[] =>
      typeof value === "object" && value !== null
        ? Object.entries(value).flatMap(([key, child]) => keys(child, `${prefix}${key}.`))
        : [prefix];
    expect(keys(en).sort()).toEqual(keys(zh).sort());
  });
});

describe("one vocabulary", () => {
  const texts = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : typeof value === "object" && value !== null
        ? Object.values(value).flatMap(texts)
        : [];

  it("holds the glossary's terms in the catalogues' term section, in both languages", async () => {
    await changeLanguage("en");
    expect(i18n.t("term.placementId")).toBe("Placement ID");
    expect(i18n.t("reports.adId")).toBe("Placement ID");
    expect(i18n.t("placements.id")).toBe("Placement ID");
    expect(i18n.t("reports.adStyle")).toBe("Ad type");
    expect(i18n.t("placements.columns.adStyle")).toBe("Ad type");
    expect(i18n.t("apps.columns.name")).toBe("App name");
    expect(i18n.t("reports.adIdPlaceholder")).toBe("Enter the placement ID");
    expect(i18n.t("placements.addTitle")).toBe("Add placement");
    await changeLanguage("zh");
    expect(i18n.t("reports.adId")).toBe("广告位ID");
    expect(i18n.t("reports.adStyle")).toBe("广告类型");
    expect(i18n.t("placements.adStylePlaceholder")).toBe("请选择广告类型");
    expect(i18n.t("apps.columns.name")).toBe("应用名称");
  });

  it("nests only terms the glossary has, and no catalogue text uses another word for them", async () => {
    const { GLOSSARY } = await import("@pc/contract");
    for (const catalogue of [(await import("./zh.json")).default, (await import("./en.json")).default]) {
      const all = texts(catalogue);
      for (const text of all) {
        for (const [, key] of text.matchAll(/\$t\(term\.(?:inline\.)?(\w+)\)/g)) {
          expect(Object.keys(GLOSSARY), text).toContain(key);
        }
      }
      const variants =
        /ad space|ad[ -]style|\bad id\b|app Name|广告位 ID|广告位类型|广告样式|\bdisplay\b|\bhits\b|settlement (amount|income)|结算金额|结算收入/i;
      expect(all.filter((text) => variants.test(text))).toEqual([]);
    }
  });
});

describe("one catalogue for texts", () => {
  /** Each text of a nested catalogue with its key path. */
  const textsByKey = (value: unknown, prefix = ""): [string, string][] =>
    typeof value === "string"
      ? [[prefix, value]]
      : typeof value === "object" && value !== null
        ? Object.entries(value).flatMap(([key, child]) =>
            textsByKey(child, prefix ? `${prefix}.${key}` : key),
          )
        : [];

  /**
   * Catalogue texts worded like a contract text that mean something else, so neither refers to the other.
   * Each is "catalogue key = contract text".
   */
  const SAME_WORDS_OTHER_MEANING: Record<LangValue, string[]> = {
    zh: [
      // the sign-in form's image captcha, not a two-step verification code
      "login.captchaPlaceholder = message.twoFactorCodeRequired",
      // the reports' optional country filter, not the floor price's required countries
      "reports.countryPlaceholder = message.bottomPriceCountriesRequired",
      // the notice that it has been turned on, not the refusal "is already on"
      "twoFactor.turnedOn = message.twoFactorAlreadyOn",
    ],
    en: [
      // an account that has no role, not the refusal of code 601
      "accounts.noRole = code.601",
      // the notice that it has been turned off, not the refusal "is not on"
      "twoFactor.turnedOff = message.twoFactorNotOn",
    ],
  };

  async function catalogue(lang: LangValue): Promise<unknown> {
    return lang === "zh" ? (await import("./zh.json")).default : (await import("./en.json")).default;
  }

  it.each(LANGUAGES)("repeats no glossary term or contract message in %s: it nests them", async (lang) => {
    const { CODE_MESSAGES, glossarySection, messageSection } = await import("@pc/contract");
    const codeMessages = Object.fromEntries(
      Object.entries(CODE_MESSAGES).map(([code, text]) => [code, text[lang]]),
    );
    const contractTexts = new Map<string, string[]>();
    const sections = { term: glossarySection(lang), message: messageSection(lang), code: codeMessages };
    for (const [key, text] of textsByKey(sections)) {
      contractTexts.set(text, [...(contractTexts.get(text) ?? []), key]);
    }
    const repeats = textsByKey(await catalogue(lang)).flatMap(([key, text]) =>
      (contractTexts.get(text) ?? []).map((contractKey) => `${key} = ${contractKey}`),
    );
    expect(repeats).toEqual(SAME_WORDS_OTHER_MEANING[lang]);
  });

  it.each(LANGUAGES)("nests only messages the contract has (%s)", async (lang) => {
    const { MESSAGES } = await import("@pc/contract");
    for (const [key, text] of textsByKey(await catalogue(lang))) {
      for (const [, messageKey] of text.matchAll(/\$t\(message\.(\w+)\)/g)) {
        expect(Object.keys(MESSAGES), key).toContain(messageKey);
      }
    }
  });

  it("shows the same texts as before the catalogues nested the contract's", async () => {
    await changeLanguage("zh");
    expect(i18n.t("login.emailRequired")).toBe("请输入登录邮箱");
    expect(i18n.t("login.emailFormat")).toBe("邮箱格式不正确");
    expect(i18n.t("common.deleteCancelled")).toBe("已取消删除");
    expect(i18n.t("register.companyNamePlaceholder")).toBe("请输入公司名称");
    expect(i18n.t("history.fields.ad_style")).toBe("广告类型");
    expect(i18n.t("history.days")).toBe("日期");
    await changeLanguage("en");
    expect(i18n.t("login.emailFormat")).toBe("The mailbox format is incorrect");
    expect(i18n.t("accounts.roleLocked")).toBe(
      "The permission of an administrator or super admin cannot be changed",
    );
    expect(i18n.t("route.adSpace")).toBe("Placement");
    expect(i18n.t("history.fields.pkg")).toBe("Package name");
    expect(i18n.t("companies.adminPasswordPlaceholder")).toBe("Please enter the password");
    // the history's field names say the glossary's term, not "Ad format"
    expect(i18n.t("history.fields.ad_style")).toBe("Ad type");
    // docs/rules/errors.md: 'Cancel' when a delete confirmation is refused, not the contract's "Delete
    // cancelled"
    expect(i18n.t("common.deleteCancelled")).toBe("Cancel");
  });
});
