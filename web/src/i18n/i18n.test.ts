import dayjs from "dayjs";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n, { changeLanguage, currentLanguage, LANG_STORAGE_KEY, storedLanguage } from "./index.ts";

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

describe("one vocabulary (issue 12 item 4)", () => {
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
      const variants = /ad space|ad[ -]style|\bad id\b|app Name|广告位 ID|广告位类型|广告样式/i;
      expect(all.filter((text) => variants.test(text))).toEqual([]);
    }
  });
});
