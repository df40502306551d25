/**
 * Numbers as a reader of the console sees them (issue 12 item 3), in the interface language's locale
 * (zh-CN, en-US) through Intl.NumberFormat: counts with thousands separators, money in USD with 2 decimals,
 * per-unit money (eCPM, CPC) in USD with 2 to 4 decimals, rates as percentages with 2. The CSV export keeps
 * the contract's raw texts (formatMetricValue); this is the screen's only.
 */
import type { LangValue, MetricFormat } from "@pc/contract";

export const NUMBER_LOCALES: Record<LangValue, string> = { zh: "zh-CN", en: "en-US" };

const formats = new WeakMap<Intl.NumberFormatOptions, Partial<Record<LangValue, Intl.NumberFormat>>>();

/**
 * One Intl.NumberFormat per locale and options object (they are costly to build, cheap to reuse); the
 * options are this module's constants, so the object itself is the key (a report page formats every cell).
 */
function numberFormat(lang: LangValue, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let byLang = formats.get(options);
  if (!byLang) {
    byLang = {};
    formats.set(options, byLang);
  }
  byLang[lang] ??= new Intl.NumberFormat(NUMBER_LOCALES[lang], options);
  return byLang[lang];
}

const USD = { style: "currency", currency: "USD" } as const;

const METRIC_OPTIONS: Record<MetricFormat, Intl.NumberFormatOptions> = {
  count: { maximumFractionDigits: 0 },
  money: { ...USD, minimumFractionDigits: 2, maximumFractionDigits: 2 },
  ratio: { ...USD, minimumFractionDigits: 2, maximumFractionDigits: 4 },
  rate: { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 },
};

/**
 * Builds a language's metric formats ahead, one task each. The first build of a format costs a phone's CPU
 * 10–20 ms (the locale's data), which would otherwise all land in the one commit that shows a report's
 * results; a screen calls this while its data is on the way.
 */
export function prepareMetricFormats(lang: LangValue): void {
  for (const options of Object.values(METRIC_OPTIONS)) setTimeout(() => numberFormat(lang, options));
}

/** A whole number with the locale's thousands separators: 39,570,940. */
export const formatCount = (value: number, lang: LangValue): string =>
  numberFormat(lang, METRIC_OPTIONS.count).format(value);

/**
 * A metric's value as the tables, the total row, the detail view and the trend's read-out show it:
 * count 1,234,567; money $1,234.57 (US$ in zh-CN); ratio (eCPM, CPC) $1.2346 or $2.50; rate 12.34%.
 */
export const formatMetric = (format: MetricFormat, value: number, lang: LangValue): string =>
  numberFormat(lang, METRIC_OPTIONS[format]).format(value);

const AXIS_OPTIONS: Record<MetricFormat, Intl.NumberFormatOptions> = {
  count: { notation: "compact", maximumFractionDigits: 1 },
  money: { ...USD, notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 },
  ratio: { ...USD, notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 2 },
  rate: { style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 1 },
};

/** A short axis tick of a metric in the locale: $15K, US$1.5万, 2.5M, 12.5%. */
export const formatAxisTick = (format: MetricFormat, value: number, lang: LangValue): string =>
  numberFormat(lang, AXIS_OPTIONS[format]).format(value);

const CHANGE_RATIO_OPTIONS: Intl.NumberFormatOptions = {
  style: "percent",
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
};

/** A change in percent with its sign and one decimal: +12.3%, −4.0% (0 unsigned). */
export const formatChangeRatio = (ratio: number, lang: LangValue): string =>
  numberFormat(lang, CHANGE_RATIO_OPTIONS).format(ratio);

const DELTA_OPTIONS: Record<MetricFormat, Intl.NumberFormatOptions> = {
  count: { ...METRIC_OPTIONS.count, signDisplay: "exceptZero" },
  money: { ...METRIC_OPTIONS.money, signDisplay: "exceptZero" },
  ratio: { ...METRIC_OPTIONS.ratio, signDisplay: "exceptZero" },
  rate: { ...METRIC_OPTIONS.rate, signDisplay: "exceptZero" },
};

/** A metric's absolute change with its sign, in the metric's format: +1,234, −$5.20, +1.25% (a rate's points). */
export const formatMetricDelta = (format: MetricFormat, delta: number, lang: LangValue): string =>
  numberFormat(lang, DELTA_OPTIONS[format]).format(delta);
