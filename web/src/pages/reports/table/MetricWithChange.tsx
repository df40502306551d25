/**
 * A metric cell with the period comparison on (docs/rules/reports.md#comparison): the value, and below it the
 * change in percent, green when it rose and red when it fell, with a tooltip of the comparison value and the
 * absolute change.
 */
import type { LangValue, MetricFormat } from "@pc/contract";
import { Tooltip } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMetric } from "../../../i18n/numbers.ts";
import { changeText } from "./metricChange.ts";

/**
 * A metric cell's content: the value as text (a table of 20 columns renders hundreds: no component, no hook),
 * or with the comparison, the value and its change.
 */
export function metricCell(
  format: MetricFormat,
  value: number,
  base: number | undefined,
  lang: LangValue,
): ReactNode {
  if (base === undefined) return formatMetric(format, value, lang);
  return <MetricWithChange format={format} value={value} base={base} lang={lang} />;
}

function MetricWithChange({
  format,
  value,
  base,
  lang,
}: {
  format: MetricFormat;
  value: number;
  /** The comparison period's value. */
  base: number;
  lang: LangValue;
}) {
  const { t } = useTranslation();
  const shown = formatMetric(format, value, lang);
  const change = changeText(format, value, base, lang);
  return (
    <div className="pc-metric-compared">
      <div>{shown}</div>
      <Tooltip
        title={
          <>
            <div>{t("reports.compareValue", { value: change.base })}</div>
            <div>{t("reports.compareDelta", { value: change.delta })}</div>
          </>
        }
      >
        <span className={`pc-change pc-change-${change.direction}`} data-testid="metric-change">
          {change.percent}
        </span>
      </Tooltip>
    </div>
  );
}

/** A row's comparison value of a metric, when the row carries its comparison. */
export function baseOf(row: Record<string, unknown> | undefined, key: string): number | undefined {
  const compare = row?.compare;
  if (typeof compare !== "object" || compare === null) return undefined;
  const value = (compare as Record<string, unknown>)[key];
  return typeof value === "number" ? value : undefined;
}
