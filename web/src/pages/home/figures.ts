/**
 * The home page's numbers in the language's locale (Intl.NumberFormat zh-CN / en-US): money in USD with 2
 * decimals, eCPM with 2–4, rates as percentages, counts with thousands separators; and a figure's change
 * against the day before. To be merged with the report pages' number-format module once both exist.
 */
import type { LangValue, OverviewMetricKey } from "@pc/contract";

export type FigureFormat = "money" | "ecpm" | "rate" | "count";

export const FIGURE_FORMATS: Record<OverviewMetricKey, FigureFormat> = {
  settleAmount: "money",
  settleEcpm: "ecpm",
  recallRate: "rate",
  showNum: "count",
};

const LOCALES: Record<LangValue, string> = { zh: "zh-CN", en: "en-US" };

const usd = (min: number, max: number): Intl.NumberFormatOptions => ({
  style: "currency",
  currency: "USD",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: min,
  maximumFractionDigits: max,
});

const OPTIONS: Record<FigureFormat | "points" | "relative", Intl.NumberFormatOptions> = {
  money: usd(2, 2),
  ecpm: usd(2, 4),
  rate: { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 },
  count: { maximumFractionDigits: 0 },
  /** A change of a rate, in percentage points. */
  points: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  /** A change relative to the day before. */
  relative: { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 },
};

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(lang: LangValue, kind: keyof typeof OPTIONS, signed: boolean): Intl.NumberFormat {
  const key = `${lang}:${kind}:${signed}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(LOCALES[lang], {
      ...OPTIONS[kind],
      ...(signed ? { signDisplay: "exceptZero" } : {}),
    });
    formatters.set(key, found);
  }
  return found;
}

/** A figure as the home page shows it, e.g. money 1234.5 → "$1,234.50". */
export const formatFigure = (lang: LangValue, format: FigureFormat, value: number): string =>
  formatter(lang, format, false).format(value);

export type Direction = "up" | "down" | "flat";

export interface FigureChange {
  direction: Direction;
  /** The difference in the figure's own format, signed; a rate's in percentage points (a bare number). */
  absolute: string;
  /** True when `absolute` is in percentage points (a rate's change). */
  inPoints: boolean;
  /** The difference relative to the day before, signed; null when the day before is 0. */
  relative: string | null;
}

/** The change of a figure against the day before; null when the day before is unknown (not published). */
export function figureChange(
  lang: LangValue,
  format: FigureFormat,
  current: number,
  previous: number | null,
): FigureChange | null {
  if (previous === null) return null;
  const difference = current - previous;
  const inPoints = format === "rate";
  return {
    direction: difference > 0 ? "up" : difference < 0 ? "down" : "flat",
    absolute: inPoints
      ? formatter(lang, "points", true).format(difference * 100)
      : formatter(lang, format, true).format(difference),
    inPoints,
    relative: previous === 0 ? null : formatter(lang, "relative", true).format(difference / previous),
  };
}
