/**
 * How a report cell shows a metric's change against the comparison period (docs/rules/reports.md#comparison):
 * the change in percent (signed, one decimal; "—" when the comparison value is 0), its direction (up green,
 * down red), and the comparison value and absolute change for the tooltip, in the language's number format.
 */
import { type LangValue, type MetricFormat, metricChange } from "@pc/contract";
import { formatChangeRatio, formatMetric, formatMetricDelta } from "../../../i18n/numbers.ts";

export type ChangeDirection = "up" | "down" | "flat";

export interface ChangeText {
  /** "+12.3%", "−4.0%", "0.0%", or "—" without a base. */
  percent: string;
  direction: ChangeDirection;
  /** The comparison period's value, formatted. */
  base: string;
  /** The absolute change, signed and formatted. */
  delta: string;
}

/** The text "—" of a change without a base (the comparison value is 0). */
export const NO_BASE = "—";

export function changeText(format: MetricFormat, value: number, base: number, lang: LangValue): ChangeText {
  const { delta, ratio } = metricChange(value, base);
  return {
    percent: ratio === null ? NO_BASE : formatChangeRatio(ratio, lang),
    direction: delta > 0 ? "up" : delta < 0 ? "down" : "flat",
    base: formatMetric(format, base, lang),
    delta: formatMetricDelta(format, delta, lang),
  };
}
