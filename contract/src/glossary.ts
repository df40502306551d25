/**
 * The console's vocabulary (docs/internals.md#vocabulary): one term per concept in each language, defined
 * here once. The web puts it into both i18n catalogues as their `term` section (`term.placementId`, and
 * `term.inline.*` for the same word inside a sentence), which every page, field and column header refers to;
 * the report dimensions below take their titles from it, so the tables, the custom-column dialog and the
 * server's CSV headers say the same. Where the product's rules name a term, their word is used ("ad type", "app
 * name", "placement id").
 */
import type { LangValue } from "./enums.ts";

export interface Term {
  zh: string;
  en: string;
}

export const GLOSSARY = {
  date: { zh: "日期", en: "Date" },
  /** An hour of a report day, in the report time zone (REPORT_TZ). */
  hour: { zh: "小时", en: "Hour" },
  country: { zh: "国家", en: "Country" },
  /** An ad slot of an app (never "ad space" or "ad ID"). */
  placement: { zh: "广告位", en: "Placement" },
  placementId: { zh: "广告位ID", en: "Placement ID" },
  placementName: { zh: "广告位名称", en: "Placement name" },
  /** ad_style: Banner, Native, Reward Video, Interstitial (never "ad style" or "ad space type"). */
  adType: { zh: "广告类型", en: "Ad type" },
  appName: { zh: "应用名称", en: "App name" },
  packageName: { zh: "包名", en: "Package name" },
  subChannel: { zh: "子渠道", en: "Sub-channel" },
  offerId: { zh: "Offer ID", en: "Offer ID" },
  /** The period a report is compared with (previous period, same days last week). */
  comparison: { zh: "对比", en: "Comparison" },
  // The report metrics, in the ad industry's usual words: the tables, the trend,
  // the home page and the CSV headers all say these (reports.ts ONLINE_METRICS, OFFLINE_METRICS).
  requests: { zh: "请求数", en: "Requests" },
  /** Requests answered with an ad. */
  fills: { zh: "填充数", en: "Fills" },
  fillRate: { zh: "填充率", en: "Fill rate" },
  /** Ads shown (never "display" or "show"). */
  impressions: { zh: "展示数", en: "Impressions" },
  /** Impressions per fill. */
  showRate: { zh: "展示率", en: "Show rate" },
  /** Clicks of an SDK ad and of an affiliate offer alike (never "hits"). */
  clicks: { zh: "点击数", en: "Clicks" },
  /** Clicks per impression. */
  ctr: { zh: "点击率", en: "CTR" },
  /**
   * What the publisher earns: the SDK report's and the affiliate report's settlement (never "settlement
   * amount" or "income").
   */
  revenue: { zh: "收入", en: "Revenue" },
  /** Revenue per thousand impressions. */
  ecpm: { zh: "eCPM", en: "eCPM" },
  conversions: { zh: "转化数", en: "Conversions" },
  rejections: { zh: "拒绝数", en: "Rejections" },
  conversionRate: { zh: "转化率", en: "Conversion rate" },
  /** Revenue per click. */
  cpc: { zh: "CPC", en: "CPC" },
  payout: { zh: "支出", en: "Payout" },
  profit: { zh: "利润", en: "Profit" },
  profitRate: { zh: "利润率", en: "Profit rate" },
  /**
   * The unit of a rate's change: 20.00% → 25.00% is +5.00 percentage points (its relative change, +25.0%,
   * is written in %). Chinese writes the word, English the usual "pp".
   */
  percentagePoints: { zh: "个百分点", en: "pp" },
} as const satisfies Record<string, Term>;

export type TermKey = keyof typeof GLOSSARY;
export const TERM_KEYS = Object.keys(GLOSSARY) as TermKey[];

/**
 * A term as written inside a sentence ("Enter the placement ID"): English lower-cases its first letter
 * unless its first word is an abbreviation (ID, SDK); Chinese is unchanged.
 */
export function termInSentence(term: Term, lang: LangValue): string {
  const text = term[lang];
  if (lang !== "en") return text;
  const first = text.split(/[\s-]/)[0] ?? "";
  return first.length > 1 && first === first.toUpperCase()
    ? text
    : text.charAt(0).toLowerCase() + text.slice(1);
}

/** The `term` section of an i18n catalogue: each term, and under `inline` each as written in a sentence. */
export type GlossarySection = Record<TermKey, string> & { inline: Record<TermKey, string> };

export function glossarySection(lang: LangValue): GlossarySection {
  const entries = TERM_KEYS.map((key) => [key, GLOSSARY[key][lang]] as const);
  const inline = TERM_KEYS.map((key) => [key, termInSentence(GLOSSARY[key], lang)] as const);
  return {
    ...(Object.fromEntries(entries) as Record<TermKey, string>),
    inline: Object.fromEntries(inline) as Record<TermKey, string>,
  };
}
