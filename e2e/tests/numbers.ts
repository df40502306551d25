/** Numbers as the screens write them in a language: the locale's Intl.NumberFormat. */
import type { MetricFormat } from "@pc/contract";
import type { Lang } from "./support.ts";

const LOCALES: Record<Lang, string> = { zh: "zh-CN", en: "en-US" };
const USD = { style: "currency", currency: "USD" } as const;
const FORMATS: Record<MetricFormat, Intl.NumberFormatOptions> = {
  count: { maximumFractionDigits: 0 },
  money: { ...USD, minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ratio: { ...USD, minimumFractionDigits: 4, maximumFractionDigits: 4 },
  rate: { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 },
};

type Value = string | number | null | undefined;

/** A metric's value as the report screens show it. */
export const metricText = (format: MetricFormat, value: Value, lang: Lang) =>
  new Intl.NumberFormat(LOCALES[lang], FORMATS[format]).format(Number(value));
export const count = (value: Value, lang: Lang) => metricText("count", value, lang);
export const money = (value: Value, lang: Lang) => metricText("money", value, lang);
/** Per-unit money (eCPM, CPC): 4 decimals, as the API and the CSV. */
export const perUnit = (value: Value, lang: Lang) => metricText("ratio", value, lang);
