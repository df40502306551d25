/** A report screen's trend: the chosen metric by day over the searched range, beside its comparison when on. */
import type { ReportDayStatus } from "@pc/contract";
import { Card, Select, Spin } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useContractText } from "../../../i18n/messages.ts";
import { metricsInTableOrder, type ReportDef } from "../screen/reportDefs.ts";
import type { CompareTexts, ReportTrend } from "../screen/useReportData.ts";
import { ReportEmpty } from "../table/reportParts.tsx";

const TrendChart = lazy(() => import("./TrendChart.tsx"));

export function ReportTrendCard({
  def,
  trend,
  days,
  compareTexts,
  timeZone,
}: {
  def: ReportDef;
  /** The time zone of the report days and their hours (REPORT_TZ). */
  timeZone: string;
  trend: ReportTrend;
  days: readonly ReportDayStatus[] | undefined;
  /** The days each side of the comparison counts, when it is on. */
  compareTexts: CompareTexts | null;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { metric } = trend;
  return (
    <Card
      className="pc-list-card pc-trend-card"
      title={trend.byHour ? t("reports.trendByHour", { timeZone }) : t("reports.trend")}
      extra={
        <Select
          size="small"
          value={metric?.key}
          onChange={trend.setMetric}
          className="pc-trend-metric"
          aria-label={t("reports.trendMetric")}
          data-testid="trend-metric"
          popupMatchSelectWidth={false}
          options={metricsInTableOrder(def).map((m) => ({ value: m.key, label: m.title[text.lang] }))}
        />
      }
    >
      <Suspense fallback={<div className="pc-trend-empty" />}>
        {metric && (
          <Spin spinning={trend.fetching}>
            <TrendChart
              points={trend.points}
              format={metric.format}
              label={metric.title[text.lang]}
              lang={text.lang}
              legend={
                compareTexts
                  ? {
                      current: t("reports.currentSeries", { ...compareTexts }),
                      comparison: t("reports.compareSeries", { ...compareTexts }),
                    }
                  : undefined
              }
              empty={days && !trend.fetching ? <ReportEmpty days={days} testId="trend-empty" /> : undefined}
            />
          </Spin>
        )}
      </Suspense>
    </Card>
  );
}
