import { describe, expect, it } from "vitest";
import {
  GLOSSARY,
  glossarySection,
  OFFLINE_DIMENSIONS,
  OFFLINE_METRICS,
  ONLINE_DIMENSIONS,
  ONLINE_METRIC_BY_KEY,
  ONLINE_METRICS,
  OVERVIEW_METRICS,
  TERM_KEYS,
  termInSentence,
} from "../src/index.ts";

describe("the glossary", () => {
  it("names one term per concept in each language", () => {
    expect(GLOSSARY.placementId).toEqual({ zh: "广告位ID", en: "Placement ID" });
    expect(GLOSSARY.adType).toEqual({ zh: "广告类型", en: "Ad type" });
    expect(GLOSSARY.appName).toEqual({ zh: "应用名称", en: "App name" });
    expect(GLOSSARY.placement).toEqual({ zh: "广告位", en: "Placement" });
  });

  it("titles the report dimensions (and so the tables and the CSV headers) with its terms", () => {
    expect(ONLINE_DIMENSIONS.map((d) => d.title.en)).toEqual([
      "Date",
      "Hour",
      "App name",
      "Placement ID",
      "Country",
      "Ad type",
    ]);
    expect(ONLINE_DIMENSIONS.map((d) => d.title.zh)).toEqual([
      "日期",
      "小时",
      "应用名称",
      "广告位ID",
      "国家",
      "广告类型",
    ]);
    expect(OFFLINE_DIMENSIONS.find((d) => d.field === "pkgName")?.title).toBe(GLOSSARY.packageName);
  });

  it("titles every report metric with its term, money and per-unit money in USD", () => {
    expect(ONLINE_METRICS.map((m) => m.title.en)).toEqual([
      "Requests",
      "Fills",
      "Fill rate",
      "Impressions",
      "Show rate",
      "Clicks",
      "CTR",
      "Revenue (USD)",
      "eCPM (USD)",
    ]);
    expect(ONLINE_METRICS.map((m) => m.title.zh)).toEqual([
      "请求数",
      "填充数",
      "填充率",
      "展示数",
      "展示率",
      "点击数",
      "点击率",
      "收入（USD）",
      "eCPM（USD）",
    ]);
    expect(OFFLINE_METRICS.map((m) => m.title.en)).toEqual([
      "Clicks",
      "Conversions",
      "Rejections",
      "Conversion rate",
      "CPC (USD)",
      "Revenue (USD)",
      "Payout (USD)",
      "Profit (USD)",
      "Profit rate",
    ]);
    // one concept, one title, in both reports and on the home page
    expect(OFFLINE_METRICS.find((m) => m.key === "clickNum")?.title).toEqual(
      ONLINE_METRIC_BY_KEY.clickNum.title,
    );
    expect(OFFLINE_METRICS.find((m) => m.key === "settleAmount")?.title).toEqual(
      ONLINE_METRIC_BY_KEY.settleAmount.title,
    );
    expect(OVERVIEW_METRICS.map((key) => ONLINE_METRIC_BY_KEY[key].title.zh)).toEqual([
      "收入（USD）",
      "eCPM（USD）",
      "填充率",
      "展示数",
    ]);
    expect(GLOSSARY.percentagePoints).toEqual({ zh: "个百分点", en: "pp" });
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
