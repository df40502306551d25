/**
 * The shape of each report kind on the server (docs/rules/reports.md#metrics; docs/performance.md): its dimensions and the columns that
 * hold them, its rollup tables (smallest first) with the dimensions each holds and the key that makes its
 * rows unique, its counters and its metrics (the contract's, computed as metrics.ts derives them).
 */
import {
  AD_STYLE_TITLES,
  type CounterUnit,
  type LangValue,
  type MetricInfo,
  OFFLINE_COUNTERS,
  OFFLINE_DIMENSIONS,
  OFFLINE_METRICS,
  ONLINE_COUNTERS,
  ONLINE_DIMENSIONS,
  ONLINE_METRICS,
  type ReportKindValue,
} from "@pc/contract";
import { type ReportMetric, reportMetric } from "./metrics.ts";

/** A dimension as the tables hold it. */
export interface DimensionColumn {
  /** Internal name, also the key part of `group_counts`. */
  key: string;
  /** Its spec code. */
  code: number;
  /** The rollup column. */
  column: string;
  /** The answered row field. */
  field: string;
  /**
   * A division of the day (the hour): read for a range of one day only, from rollups of its own; no per-day
   * group counts and no spans of days carry it.
   */
  withinDay?: true;
}

export interface Rollup {
  table: string;
  /** Every dimension a row of it carries. */
  dims: readonly string[];
  /** Dimensions that make a row unique (with company_id). */
  key: readonly string[];
}

/** Base counters: summed by every rollup. */
export interface Counter {
  column: string;
  money: boolean;
}

export interface KindModel {
  kind: ReportKindValue;
  dimensions: readonly DimensionColumn[];
  rollups: readonly Rollup[];
  counters: readonly Counter[];
  metrics: readonly ReportMetric[];
  /** The table of day totals and group counts. */
  dayTable: string;
  /** The finest grain. */
  fineTable: string;
  /** The finest grain summed over aligned blocks of days (spans.ts). */
  spanTable: string;
  /** The finest grain by hour of the day (the finest table is its sums), or null when the kind has no hours. */
  hourTable: string | null;
}

/** A kind's counters and metrics, from the contract's definitions. */
function measuresOf(units: Record<string, CounterUnit>, metrics: readonly MetricInfo<string>[]) {
  return {
    counters: Object.entries(units).map(([column, unit]) => ({ column, money: unit === "money" })),
    metrics: metrics.map((info) => reportMetric(info, units)),
  };
}

const dimension = (
  dims: readonly { code: number; field: string }[],
  code: number,
  key: string,
  column: string,
): DimensionColumn => {
  const found = dims.find((dim) => dim.code === code);
  if (!found) throw new Error(`no dimension ${code}`);
  return { key, code, column, field: found.field };
};

export const ONLINE: KindModel = {
  kind: "online",
  dimensions: [
    dimension(ONLINE_DIMENSIONS, 1, "dt", "dt"),
    { ...dimension(ONLINE_DIMENSIONS, 6, "hour", "hour"), withinDay: true },
    dimension(ONLINE_DIMENSIONS, 2, "app", "app_id"),
    dimension(ONLINE_DIMENSIONS, 3, "pos", "ad_position_id"),
    dimension(ONLINE_DIMENSIONS, 4, "country", "country"),
    dimension(ONLINE_DIMENSIONS, 5, "style", "ad_style"),
  ],
  rollups: [
    { table: "rpt_online_day", dims: ["dt"], key: ["dt"] },
    { table: "rpt_online_style", dims: ["dt", "style"], key: ["dt", "style"] },
    { table: "rpt_online_country", dims: ["dt", "country"], key: ["dt", "country"] },
    { table: "rpt_online_style_country", dims: ["dt", "style", "country"], key: ["dt", "style", "country"] },
    { table: "rpt_online_pos", dims: ["dt", "pos", "app", "style"], key: ["dt", "pos"] },
    { table: "rpt_online_app_country", dims: ["dt", "app", "country"], key: ["dt", "app", "country"] },
    {
      table: "rpt_online_fine",
      dims: ["dt", "pos", "app", "style", "country"],
      key: ["dt", "pos", "country"],
    },
    // by hour (migration 0020): only a query grouped by the hour reads these, and no other query does
    {
      table: "rpt_online_hour_style_country",
      dims: ["dt", "hour", "style", "country"],
      key: ["dt", "hour", "style", "country"],
    },
    { table: "rpt_online_hour_pos", dims: ["dt", "hour", "pos", "app", "style"], key: ["dt", "hour", "pos"] },
    {
      table: "rpt_online_hour",
      dims: ["dt", "hour", "pos", "app", "style", "country"],
      key: ["dt", "hour", "pos", "country"],
    },
  ],
  ...measuresOf(ONLINE_COUNTERS, ONLINE_METRICS),
  dayTable: "rpt_online_day",
  fineTable: "rpt_online_fine",
  spanTable: "rpt_online_span",
  hourTable: "rpt_online_hour",
};

export const OFFLINE: KindModel = {
  kind: "offline",
  dimensions: [
    dimension(OFFLINE_DIMENSIONS, 1, "dt", "dt"),
    dimension(OFFLINE_DIMENSIONS, 2, "sub", "sub_channel"),
    dimension(OFFLINE_DIMENSIONS, 3, "offer", "offer_id"),
    dimension(OFFLINE_DIMENSIONS, 4, "pkg", "pkg_name"),
    dimension(OFFLINE_DIMENSIONS, 5, "country", "country"),
  ],
  rollups: [
    { table: "rpt_offline_day", dims: ["dt"], key: ["dt"] },
    { table: "rpt_offline_country", dims: ["dt", "country"], key: ["dt", "country"] },
    { table: "rpt_offline_sub", dims: ["dt", "sub"], key: ["dt", "sub"] },
    {
      table: "rpt_offline_offer",
      dims: ["dt", "offer", "pkg", "country"],
      key: ["dt", "offer", "pkg", "country"],
    },
    {
      table: "rpt_offline_fine",
      dims: ["dt", "sub", "offer", "pkg", "country"],
      key: ["dt", "sub", "offer", "pkg", "country"],
    },
  ],
  ...measuresOf(OFFLINE_COUNTERS, OFFLINE_METRICS),
  dayTable: "rpt_offline_day",
  fineTable: "rpt_offline_fine",
  spanTable: "rpt_offline_span",
  hourTable: null,
};

export const MODELS: Record<ReportKindValue, KindModel> = { online: ONLINE, offline: OFFLINE };

/** The `group_counts` key of a set of dimensions other than the date: their keys sorted, joined by ",". */
export const groupCountKey = (dims: readonly string[]): string =>
  dims
    .filter((dim) => dim !== "dt")
    .sort()
    .join(",");

/** Whether a dimension divides the day (the hour): see DimensionColumn.withinDay. */
export const isWithinDay = (model: KindModel, key: string): boolean =>
  model.dimensions.some((dim) => dim.key === key && dim.withinDay === true);

/** The dimensions of the days' rows other than the date (the finest table's key and attributes). */
export const dayDimensionKeys = (model: KindModel): string[] =>
  model.dimensions.filter((dim) => dim.key !== "dt" && !dim.withinDay).map((dim) => dim.key);

/** Every subset of the days' dimensions other than the date (the `group_counts` kept per day). */
export function dimensionSubsets(model: KindModel): string[][] {
  const keys = dayDimensionKeys(model);
  const subsets: string[][] = [];
  for (let mask = 0; mask < 1 << keys.length; mask++) {
    subsets.push(keys.filter((_, index) => mask & (1 << index)));
  }
  return subsets;
}

/** The SQL text of an ad style's title in a language (for exports). */
export function adStyleTitleSql(column: string, lang: LangValue): string {
  const cases = Object.entries(AD_STYLE_TITLES)
    .map(([style, titles]) => `when ${Number(style)} then '${titles[lang].replaceAll("'", "''")}'`)
    .join(" ");
  return `(case ${column} ${cases} else ${column}::text end)`;
}
