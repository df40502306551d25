/**
 * The trend of one metric by day (docs/rules/screens.md#reports): a small SVG area chart sized to its
 * container, with value ticks, day labels and a hover read-out, the numbers in the language's format
 * (docs/internals.md#numbers). Loaded lazily by the report screens.
 */
import type { LangValue, MetricFormat } from "@pc/contract";
import { Empty, theme } from "antd";
import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { formatAxisTick, formatMetric } from "../../../i18n/numbers.ts";
import { labelIndexes, niceTicks } from "./trendScale.ts";

export interface TrendPoint {
  /** yyyy-MM-DD, or with its hour (yyyy-MM-DD HH:00): the read-out's title. */
  dt: string;
  /** Under the axis, when not the day's month and day (an hour: 13:00). */
  label?: string;
  value: number;
  /** With the period comparison: the value of the day at the same offset in the comparison range. */
  base?: number;
}

/** The legend of a compared trend: this period's name and the comparison's. */
export interface TrendLegend {
  current: string;
  comparison: string;
}

const HEIGHT = 220;
const PAD = { top: 12, right: 16, bottom: 28, left: 56 };
const TICK_FONT = 11;

/** About how wide a tick label is drawn at 11px (CJK characters take a full em). */
const labelWidth = (text: string) =>
  [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e80 ? TICK_FONT : TICK_FONT * 0.62), 0);

export default function TrendChart({
  points,
  format,
  label,
  lang,
  empty,
  legend,
}: {
  points: readonly TrendPoint[];
  format: MetricFormat;
  lang: LangValue;
  /** What the chart says when it has no point (the report's empty state). */
  empty?: ReactNode;
  /** The metric's name (for the read-out and assistive technology). */
  label: string;
  /** With the period comparison: the legend; the points' `base` values are drawn as a dashed line. */
  legend?: TrendLegend;
}) {
  const { token } = theme.useToken();
  const gradient = useId();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // the observer reports the first size after the browser's own layout: reading it here would force one
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  if (points.length === 0) {
    return (
      <div ref={box} className="pc-trend-empty">
        {empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      </div>
    );
  }

  const compared = legend !== undefined && points.some((p) => p.base !== undefined);
  const ticks = niceTicks(Math.max(...points.map((p) => Math.max(p.value, compared ? (p.base ?? 0) : 0))));
  const tickLabels = ticks.map((tick) => formatAxisTick(format, tick, lang));
  // the value axis is as wide as its longest label ("US$1.5万", "$15K")
  const left = Math.max(PAD.left, Math.ceil(Math.max(...tickLabels.map(labelWidth))) + 16);
  const innerWidth = Math.max(1, width - left - PAD.right);
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const top = ticks.at(-1) ?? 1;
  const x = (index: number) =>
    left + (points.length === 1 ? innerWidth / 2 : (index / (points.length - 1)) * innerWidth);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  const line = points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`);
  const baseLine = compared
    ? points.map((p, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(p.base ?? 0).toFixed(1)}`)
    : [];
  const base = PAD.top + innerHeight;
  const area = `${line.join(" ")} L${x(points.length - 1).toFixed(1)},${base} L${x(0).toFixed(1)},${base} Z`;
  const labels = labelIndexes(points.length, Math.max(2, Math.floor(innerWidth / 72)));

  const onMove = (event: MouseEvent<SVGRectElement>) => {
    const rectLeft = event.currentTarget.getBoundingClientRect().left;
    const ratio = (event.clientX - rectLeft) / innerWidth;
    setHover(Math.min(points.length - 1, Math.max(0, Math.round(ratio * (points.length - 1)))));
  };
  const hovered = hover === null ? undefined : points[hover];

  return (
    <div ref={box} className="pc-trend" data-testid="trend-chart">
      {compared && legend && (
        <div className="pc-trend-legend" data-testid="trend-legend">
          <span className="pc-trend-legend-item">
            <svg width={20} height={6} aria-hidden="true">
              <line x1={0} x2={20} y1={3} y2={3} stroke={token.colorPrimary} strokeWidth={2} />
            </svg>
            {legend.current}
          </span>
          <span className="pc-trend-legend-item">
            <svg width={20} height={6} aria-hidden="true">
              <line
                x1={0}
                x2={20}
                y1={3}
                y2={3}
                stroke={token.colorTextTertiary}
                strokeWidth={2}
                strokeDasharray="4 3"
              />
            </svg>
            {legend.comparison}
          </span>
        </div>
      )}
      {width > 0 && (
        <svg width={width} height={HEIGHT} role="img" aria-label={label}>
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.28} />
              <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          {ticks.map((tick, index) => (
            <g key={tick} data-testid="trend-tick">
              <line
                x1={left}
                x2={left + innerWidth}
                y1={y(tick)}
                y2={y(tick)}
                stroke={token.colorBorderSecondary}
                strokeDasharray={tick === 0 ? undefined : "3 3"}
              />
              <text
                x={left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize={TICK_FONT}
                fill={token.colorTextTertiary}
              >
                {tickLabels[index]}
              </text>
            </g>
          ))}
          {labels.map((index) => (
            <text
              key={index}
              x={x(index)}
              y={HEIGHT - 8}
              textAnchor={labels.length > 1 && index === points.length - 1 ? "end" : "middle"}
              fontSize={TICK_FONT}
              fill={token.colorTextTertiary}
            >
              {points[index]?.label ?? points[index]?.dt.slice(5)}
            </text>
          ))}
          <path d={area} fill={`url(#${gradient})`} />
          {compared && (
            <path
              d={baseLine.join(" ")}
              fill="none"
              stroke={token.colorTextTertiary}
              strokeWidth={2}
              strokeDasharray="5 4"
              data-testid="trend-compare-line"
            />
          )}
          <path d={line.join(" ")} fill="none" stroke={token.colorPrimary} strokeWidth={2} />
          {hovered && hover !== null && (
            <g>
              <line
                x1={x(hover)}
                x2={x(hover)}
                y1={PAD.top}
                y2={base}
                stroke={token.colorTextQuaternary}
                strokeDasharray="3 3"
              />
              <circle
                cx={x(hover)}
                cy={y(hovered.value)}
                r={4}
                fill={token.colorBgContainer}
                stroke={token.colorPrimary}
                strokeWidth={2}
              />
            </g>
          )}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a hover read-out only; the table holds every value */}
          <rect
            x={left}
            y={PAD.top}
            width={innerWidth}
            height={innerHeight}
            fill="transparent"
            onMouseMove={onMove}
            onMouseLeave={() => setHover(null)}
          />
        </svg>
      )}
      {hovered && hover !== null && (
        <div
          className="pc-trend-tip"
          data-testid="trend-tip"
          style={{
            left: Math.min(Math.max(x(hover), left + 60), width - 80),
            top: PAD.top,
          }}
        >
          <div className="pc-muted">{hovered.dt}</div>
          <div>
            {label}: <strong>{formatMetric(format, hovered.value, lang)}</strong>
          </div>
          {compared && legend && (
            <div>
              {legend.comparison}: <strong>{formatMetric(format, hovered.base ?? 0, lang)}</strong>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
