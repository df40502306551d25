/**
 * A tiny line of a figure over the last days (docs/rules/reports.md#home-overview): an inline SVG polyline
 * per run of days with a value (a day without one leaves a gap), scaled to the values' own range, the last
 * day marked.
 */
import { theme } from "antd";

const WIDTH = 120;
const HEIGHT = 32;
const PAD = 3;

/** The polylines' points ("x,y x,y …") of each run of values, in a WIDTH × HEIGHT box. */
export function sparklineRuns(values: readonly (number | null)[]): string[] {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return [];
  const min = Math.min(...known);
  const span = Math.max(...known) - min;
  const step = values.length > 1 ? (WIDTH - 2 * PAD) / (values.length - 1) : 0;
  const point = (value: number, index: number) => {
    const y = span === 0 ? HEIGHT / 2 : HEIGHT - PAD - ((value - min) / span) * (HEIGHT - 2 * PAD);
    return `${(PAD + index * step).toFixed(1)},${y.toFixed(1)}`;
  };
  const runs: string[][] = [[]];
  values.forEach((value, index) => {
    if (value === null) runs.push([]);
    else runs[runs.length - 1]?.push(point(value, index));
  });
  return runs.filter((run) => run.length > 0).map((run) => run.join(" "));
}

export default function Sparkline({ values, label }: { values: readonly (number | null)[]; label: string }) {
  const { token } = theme.useToken();
  const runs = sparklineRuns(values);
  const last = runs.at(-1)?.split(" ").at(-1)?.split(",").map(Number);
  return (
    <svg
      className="pc-home-sparkline"
      data-testid="home-sparkline"
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
    >
      {runs.map((points) => (
        <polyline
          key={points}
          points={points}
          fill="none"
          stroke={token.colorPrimary}
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ))}
      {last && values.at(-1) !== null ? (
        <circle cx={last[0]} cy={last[1]} r={2} fill={token.colorPrimary} />
      ) : null}
    </svg>
  );
}
