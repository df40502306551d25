import { describe, expect, it } from "vitest";
import {
  GLOSSARY,
  glossarySection,
  OFFLINE_DIMENSIONS,
  ONLINE_DIMENSIONS,
  TERM_KEYS,
  termInSentence,
} from "../src/index.ts";

describe("the glossary (issue 12 item 4)", () => {
  it("names one term per concept in each language", () => {
    expect(GLOSSARY.placementId).toEqual({ zh: "广告位ID", en: "Placement ID" });
    expect(GLOSSARY.adType).toEqual({ zh: "广告类型", en: "Ad type" });
    expect(GLOSSARY.appName).toEqual({ zh: "应用名称", en: "App name" });
    expect(GLOSSARY.placement).toEqual({ zh: "广告位", en: "Placement" });
  });

  it("titles the report dimensions (and so the tables and the CSV headers) with its terms", () => {
    expect(ONLINE_DIMENSIONS.map((d) => d.title.en)).toEqual([
      "Date",
      "App name",
      "Placement ID",
      "Country",
      "Ad type",
    ]);
    expect(ONLINE_DIMENSIONS.map((d) => d.title.zh)).toEqual([
      "日期",
      "应用名称",
      "广告位ID",
      "国家",
      "广告类型",
    ]);
    expect(OFFLINE_DIMENSIONS.find((d) => d.field === "pkgName")?.title).toBe(GLOSSARY.packageName);
  });

  it("writes a term inside an English sentence with a lower-case first letter, abbreviations kept", () => {
    expect(termInSentence(GLOSSARY.placementId, "en")).toBe("placement ID");
    expect(termInSentence(GLOSSARY.adType, "en")).toBe("ad type");
    expect(termInSentence(GLOSSARY.offerId, "en")).toBe("offer ID");
    expect(termInSentence({ zh: "SDK 报表", en: "SDK Reports" }, "en")).toBe("SDK Reports");
    expect(termInSentence(GLOSSARY.placementId, "zh")).toBe("广告位ID");
  });

  it("gives each catalogue a term section with every term and its in-sentence form", () => {
    const en = glossarySection("en");
    expect(Object.keys(en.inline).sort()).toEqual([...TERM_KEYS].sort());
    expect(en.appName).toBe("App name");
    expect(en.inline.appName).toBe("app name");
    expect(glossarySection("zh").inline.appName).toBe("应用名称");
  });
});
