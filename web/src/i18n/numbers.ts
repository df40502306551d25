/**
 * Numbers as a reader of the console sees them (docs/internals.md#numbers), in the interface language's
 * locale (zh-CN, en-US) through Intl.NumberFormat: counts with thousands separators, money in USD with 2
 * decimals, per-unit money (eCPM, CPC) in USD with METRIC_DECIMALS (as the CSV and the API write them), rates
 * as percentages with 2, a rate's change in percentage points. One style per language on every screen (the
 * report's table, detail and comparison, the trend's axis and read-out, the home page): the locale's own sign
 * for USD, "$" in en-US and "US$" in zh-CN, where "$" alone could be any dollar. The CSV export keeps the
 * contract's raw texts (formatMetricValue); this is the screen's only.
 */
import {
  type ChangeFormat,
  changeFormatOf,
  GLOSSARY,
  type LangValue,
  METRIC_DECIMALS,
  type MetricFormat,
} from "@pc/contract";

const NUMBER_LOCALES: Record<LangValue, string> = { zh: "zh-CN", en: "en-US" };

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
  ratio: { ...USD, minimumFractionDigits: METRIC_DECIMALS, maximumFractionDigits: METRIC_DECIMALS },
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
 * count 1,234,567; money $1,234.57 (US$ in zh-CN); ratio (eCPM, CPC) $1.2346 or $2.5000; rate 12.34%.
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

const signed = (options: Intl.NumberFormatOptions): Intl.NumberFormatOptions => ({
  ...options,
  signDisplay: "exceptZero",
});

const DELTA_OPTIONS: Record<ChangeFormat, Intl.NumberFormatOptions> = {
  count: signed(METRIC_OPTIONS.count),
  money: signed(METRIC_OPTIONS.money),
  ratio: signed(METRIC_OPTIONS.ratio),
  points: signed({ minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * A metric's absolute change with its sign, in the metric's format: +1,234, −$5.20; a rate's in percentage
 * points, +1.25 pp (zh: +1.25 个百分点), its relative change being formatChangeRatio's.
 */
export function formatMetricDelta(format: MetricFormat, delta: number, lang: LangValue): string {
  const changeFormat = changeFormatOf(format);
  if (changeFormat !== "points") return numberFormat(lang, DELTA_OPTIONS[changeFormat]).format(delta);
  return `${numberFormat(lang, DELTA_OPTIONS.points).format(delta * 100)} ${GLOSSARY.percentagePoints[lang]}`;
}
