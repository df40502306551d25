/** One key figure of the overview's day: its value, its change against the day before and its sparkline. */
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import { ONLINE_METRIC_BY_KEY, type OverviewDay, type OverviewMetricKey } from "@pc/contract";
import { Card, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n/index.ts";
import { formatMetric } from "../../i18n/numbers.ts";
import { type ChangeDirection, changeText } from "../reports/table/metricChange.ts";
import Sparkline from "./Sparkline.tsx";

const ARROWS: Record<ChangeDirection, typeof ArrowUpOutlined | null> = {
  up: ArrowUpOutlined,
  down: ArrowDownOutlined,
  flat: null,
};

export default function FigureCard({
  metric,
  days,
}: {
  metric: OverviewMetricKey;
  /** The days ending at the overview's day (its last). */
  days: readonly OverviewDay[];
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = currentLanguage();
  // The report's title and number style of the metric, and its change as a compared
  // report cell writes it.
  const { format, title: titles } = ONLINE_METRIC_BY_KEY[metric];
  const current = days.at(-1)?.figures?.[metric] ?? 0;
  const previous = days.at(-2)?.figures?.[metric] ?? null;
  const change = previous === null ? null : changeText(format, current, previous, lang);
  const title = titles[lang];
  const colors: Record<ChangeDirection, string> = {
    up: token.colorSuccess,
    down: token.colorError,
    flat: token.colorTextSecondary,
  };
  const Arrow = change ? ARROWS[change.direction] : null;

  return (
    <Card size="small" className="pc-home-figure" data-testid={`home-figure-${metric}`}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div className="pc-home-figure-main">
        <span className="pc-home-figure-value" data-testid="home-figure-value">
          {formatMetric(format, current, lang)}
        </span>
        <Sparkline
          values={days.map((day) => day.figures?.[metric] ?? null)}
          label={t("home.trend", { metric: title, count: days.length })}
        />
      </div>
      <div
        className="pc-home-figure-change"
        data-testid="home-figure-change"
        data-direction={change?.direction ?? "none"}
        style={{ color: change ? colors[change.direction] : token.colorTextSecondary }}
      >
        {Arrow ? <Arrow /> : null}
        <span>
          {change ? t("home.change", { absolute: change.delta, relative: change.percent }) : t("home.none")}
        </span>
        <Typography.Text type="secondary">{t("home.vsDayBefore")}</Typography.Text>
      </div>
    </Card>
  );
}
