/**
 * The trend's points of an answered trend query: one a day (the days that have rows), or, for a day asked by
 * hour, one for each of its 24 hours, 0 for an hour without a row (an hour without traffic has none).
 */
import { HOURS_PER_DAY, hourText } from "@pc/contract";
import { baseOf } from "../table/MetricWithChange.tsx";
import type { TrendPoint } from "./TrendChart.tsx";

type Row = Record<string, unknown>;

export function trendPoints(rows: readonly Row[], metricKey: string, day: string): TrendPoint[] {
  if (!rows.some((row) => typeof row.hour === "number")) {
    return rows.flatMap((row) =>
      typeof row.dt === "string" && typeof row[metricKey] === "number"
        ? [{ dt: row.dt, value: row[metricKey] as number, base: baseOf(row, metricKey) }]
        : [],
    );
  }
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  const compared = rows.some((row) => baseOf(row, metricKey) !== undefined);
  return Array.from({ length: HOURS_PER_DAY }, (_, hour) => {
    const row = byHour.get(hour);
    const value = row?.[metricKey];
    return {
      dt: `${day} ${hourText(hour)}`,
      label: hourText(hour),
      value: typeof value === "number" ? value : 0,
      ...(compared ? { base: baseOf(row, metricKey) ?? 0 } : {}),
    };
  });
}
