import { describe, expect, it } from "vitest";
import { appCreateBody } from "../src/apps.ts";
import { COUNTRY_KEYS, countryList, isCountryKey } from "../src/countries.ts";
import { issueText, MESSAGES } from "../src/errors.ts";
import { hasEmoji, textFilter } from "../src/inputs.ts";
import { bottomPriceText, placementCreateBody } from "../src/placements.ts";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("text inputs", () => {
  it("refuse emoji but not text symbols or other scripts", () => {
    for (const text of ["😀", "a👍🏽", "🇺🇸", "1️⃣", "☺"]) expect(hasEmoji(text), text).toBe(true);
    for (const text of ["中文", "Ünïcode ©®™", "नमस्‍ते", "a-b_c.d"]) expect(hasEmoji(text), text).toBe(false);
  });

  it("trim filters and treat empty as no filter", () => {
    expect(textFilter().parse("  a ")).toBe("a");
    expect(textFilter().parse("   ")).toBeUndefined();
    expect(messages(textFilter().safeParse("x😀"))).toEqual(["illegalCharacters"]);
  });
});

describe("the app form", () => {
  it("names message keys the server and the web translate", () => {
    const result = appCreateBody.safeParse({ name: "", pkg: "com", url: "ftp://x" });
    expect(messages(result)).toEqual(["appNameRequired", "appPkgInvalid", "urlInvalid"]);
    expect(issueText("urlInvalid", "zh")).toBe("请输入以https或http开头的URL");
    expect(issueText("plain text", "en")).toBe("plain text");
    expect(MESSAGES.appHasPlacements.en).toBe("Ad placement exists under this app and cannot be deleted");
  });
});

describe("the placement form", () => {
  it("allows the content types of the ad style only, and auto rotation for Banner only", () => {
    const base = { app_id: 1, name: "n", ad_style: 1, content_type: "5,6", auto_rotation: 1 };
    expect(placementCreateBody.parse(base)).toMatchObject({ content_type: [5, 6], auto_rotation: 1 });
    expect(messages(placementCreateBody.safeParse({ ...base, content_type: "1" }))).toEqual([
      "contentTypeNotAllowed",
    ]);
    expect(messages(placementCreateBody.safeParse({ ...base, ad_style: 3, content_type: "3" }))).toEqual([
      "autoRotationBannerOnly",
    ]);
  });
});

describe("floor prices", () => {
  const parse = (setting: unknown) => bottomPriceText.safeParse(JSON.stringify(setting));

  it("apply the form rules (docs/rules/validation.md)", () => {
    expect(
      messages(parse({ country_open_flag: 1, country_open_items: [{ countrys: ["US"], price: 1 }] })),
    ).toEqual(["bottomPriceDefaultRequired"]);
    const twice = {
      default_bottom_price: 1,
      country_open_flag: 1,
      country_open_items: [
        { countrys: ["US"], price: 1 },
        { countrys: ["US"], price: 2 },
      ],
    };
    expect(messages(parse(twice))).toEqual(["bottomPriceCountryDuplicated"]);
    expect(messages(parse({ default_bottom_price: 1.00001 }))).toEqual(["bottomPriceInvalid"]);
    expect(
      parse({ default_bottom_price: 1, country_open_flag: 2, country_open_items: twice.country_open_items })
        .data,
    ).toEqual({ default_bottom_price: 1, country_open_flag: 2, country_open_items: [] });
  });
});

describe("the country list", () => {
  it("has 252 keys, ALL first, OTHER last", () => {
    expect(COUNTRY_KEYS).toHaveLength(252);
    expect(COUNTRY_KEYS[0]).toBe("ALL");
    expect(COUNTRY_KEYS.at(-1)).toBe("OTHER");
    expect(isCountryKey("UNK")).toBe(true);
    expect(isCountryKey("XX")).toBe(false);
    expect(countryList().find((c) => c.Key === "US")?.Value).toBe("美国 United States");
  });
});
