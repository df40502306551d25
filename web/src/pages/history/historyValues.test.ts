/** Recorded values as a person reads them, in both languages. */
import type { HistoryChange } from "@pc/contract";
import { afterEach, describe, expect, it } from "vitest";
import i18n, { changeLanguage } from "../../i18n/index.ts";
import { contractText } from "../../i18n/messages.ts";
import { changeTexts } from "./historyValues.ts";

afterEach(() => changeLanguage("zh"));

const words = (lang: "zh" | "en") => ({ t: i18n.t, title: contractText(lang).title });
const created = (field: string, after: unknown, extra: Partial<HistoryChange> = {}): HistoryChange => ({
  field,
  before: null,
  after,
  ...extra,
});

describe("a change's values in the user's language", () => {
  it("reads an app's platform, a placement's content types and ad type by their titles (en)", async () => {
    await changeLanguage("en");
    expect(changeTexts("app", created("platform", 1), words("en")).after).toBe("Android");
    expect(changeTexts("ad_position", created("content_type", "1,2,3"), words("en")).after).toBe(
      "Horizontal image, Vertical image, Horizontal video",
    );
    expect(changeTexts("ad_position", created("ad_style", 2), words("en")).after).toBe("Native");
    expect(changeTexts("user", created("role_ids", [3]), words("en")).after).toBe("Operations staff");
    expect(changeTexts("user", { field: "status", before: 1, after: 4 }, words("en"))).toEqual({
      before: "Normal",
      after: "Frozen",
    });
  });

  it("reads the same in Chinese", () => {
    expect(changeTexts("app", created("platform", 1), words("zh")).after).toBe("Android");
    expect(changeTexts("ad_position", created("content_type", "5,6"), words("zh")).after).toBe(
      "320×50, 300×250",
    );
    expect(changeTexts("ad_position", created("content_type", "1"), words("zh")).after).toBe("横屏图片");
    expect(changeTexts("app", created("is_online", 1), words("zh")).after).toBe("是");
  });

  it("names a placement's app by the name the server gave, else as a deleted app", async () => {
    const named = created("app_id", 12, { after_name: "Puzzle Quest" });
    expect(changeTexts("ad_position", named, words("zh")).after).toBe("Puzzle Quest");
    expect(changeTexts("ad_position", created("app_id", 12), words("zh")).after).toBe("已删除的应用 #12");
    await changeLanguage("en");
    expect(changeTexts("ad_position", created("app_id", 12), words("en")).after).toBe("Deleted app #12");
  });

  it("keeps an unknown value or field as written, and an empty one as a dash", () => {
    expect(changeTexts("ad_position", created("content_type", "9"), words("en")).after).toBe("9");
    expect(changeTexts("company", created("hosts", ["a.test", "b.test"]), words("en")).after).toBe(
      "a.test, b.test",
    );
    expect(changeTexts("profit_center", created("status", 2), words("en")).after).toBe("2");
    expect(changeTexts("app", created("url", ""), words("en")).after).toBe("—");
  });
});
