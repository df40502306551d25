/** One key figure of the overview's day: its value, its change against the day before and its sparkline. */
import { ArrowDownOutlined, ArrowUpOutlined } from "@ant-design/icons";
import type { OverviewDay, OverviewMetricKey } from "@pc/contract";
import { Card, Typography, theme } from "antd";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../i18n/index.ts";
import { type Direction, FIGURE_FORMATS, figureChange, formatFigure } from "./figures.ts";
import Sparkline from "./Sparkline.tsx";

const ARROWS: Record<Direction, typeof ArrowUpOutlined | null> = {
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
  const format = FIGURE_FORMATS[metric];
  const current = days.at(-1)?.figures?.[metric] ?? 0;
  const previous = days.at(-2)?.figures?.[metric] ?? null;
  const change = figureChange(lang, format, current, previous);
  const title = t(`home.metrics.${metric}`);
  const colors: Record<Direction, string> = {
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
          {formatFigure(lang, format, current)}
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
          {change
            ? t("home.change", {
                absolute: change.inPoints ? t("home.points", { value: change.absolute }) : change.absolute,
                relative: change.relative ?? t("home.none"),
              })
            : t("home.none")}
        </span>
        <Typography.Text type="secondary">{t("home.vsDayBefore")}</Typography.Text>
      </div>
    </Card>
  );
}
