/**
 * What the two report screens differ in, taken from the contract (docs/rules/screens.md#reports;
 * docs/rules/entities.md#report-days): dimensions in code order, data columns with their titles and formats,
 * the default column choice, the storage keys.
 */
import {
  type ColumnChoice,
  DEFAULT_OFFLINE_COLUMNS,
  DEFAULT_ONLINE_COLUMNS,
  type DimensionInfo,
  GLOSSARY,
  type MetricInfo,
  OFFLINE_DIMENSIONS,
  OFFLINE_METRICS,
  type OfflineMetricKey,
  ONLINE_DIMENSIONS,
  ONLINE_METRICS,
  OnlineDimension,
  type OnlineMetricKey,
  REPORT_COLUMNS_STORAGE_KEYS,
  ReportKind,
  type ReportKindValue,
  SORT_ORDERS,
  type SortOrder,
} from "@pc/contract";

/** The column a report is sorted by (a dimension's row field or a metric key) and which way. */
export interface ReportSort {
  orderBy: string;
  order: SortOrder;
}

/** A column choice of either report, as the screens handle it, with the column it is sorted by (if any). */
export type ReportColumnChoice = ColumnChoice<number, string> & { sort?: ReportSort | null };

export interface ReportDef {
  kind: ReportKindValue;
  dimensions: readonly DimensionInfo<string>[];
  metrics: readonly MetricInfo<string>[];
  defaults: ReportColumnChoice;
  /** localStorage key of the saved column choice (dimensions and data). */
  columnsKey: string;
  /** localStorage key of the resized column widths. */
  widthsKey: string;
  /** The metric the trend chart starts with. */
  trendMetric: string;
  /**
   * The data columns in the order the table and the column dialog show them: money first, so revenue and
   * eCPM are in view at 1366 px without scrolling. Queries and the CSV export keep the contract's order.
   */
  tableOrder: readonly string[];
}

export const REPORT_DEFS: Record<ReportKindValue, ReportDef> = {
  online: {
    kind: ReportKind.Online,
    dimensions: ONLINE_DIMENSIONS,
    metrics: ONLINE_METRICS,
    defaults: DEFAULT_ONLINE_COLUMNS,
    columnsKey: REPORT_COLUMNS_STORAGE_KEYS.online,
    widthsKey: "report_column_widths_sdk",
    trendMetric: "settleAmount",
    tableOrder: [
      "settleAmount",
      "settleEcpm",
      "requestNum",
      "recallNum",
      "recallRate",
      "showNum",
      "showRate",
      "clickNum",
      "clickRate",
    ] satisfies OnlineMetricKey[],
  },
  offline: {
    kind: ReportKind.Offline,
    dimensions: OFFLINE_DIMENSIONS,
    metrics: OFFLINE_METRICS,
    defaults: DEFAULT_OFFLINE_COLUMNS,
    columnsKey: REPORT_COLUMNS_STORAGE_KEYS.offline,
    widthsKey: "report_column_widths_affiliate",
    trendMetric: "settleAmount",
    tableOrder: [
      "settleAmount",
      "cpc",
      "profit",
      "payout",
      "profitRate",
      "clickNum",
      "conversionNum",
      "conversionRate",
      "refuseNum",
    ] satisfies OfflineMetricKey[],
  },
};

/** A report's metrics in its table order (those the order does not name last, in the contract's order). */
export function metricsInTableOrder(def: ReportDef): MetricInfo<string>[] {
  const rank = (key: string) => {
    const index = def.tableOrder.indexOf(key);
    return index === -1 ? def.tableOrder.length : index;
  };
  return [...def.metrics].sort((a, b) => rank(a.key) - rank(b.key));
}

/** The date dimension (code 1 in both reports). */
export const DATE_DIMENSION = 1;
/** The SDK report's hour dimension: asked only for a range of one day the reader sees (the contract's rule). */
export const HOUR_DIMENSION: number = OnlineDimension.Hour;

/** Whether a report offers the hour dimension. */
export const hasHours = (def: ReportDef): boolean => def.dimensions.some((d) => d.code === HOUR_DIMENSION);

/** The report with its hour titled with the time zone its hours are in ("Hour (UTC)"), as the screens show it. */
export function withHourZone(def: ReportDef, timeZone: string): ReportDef {
  const zoned = { zh: `${GLOSSARY.hour.zh}（${timeZone}）`, en: `${GLOSSARY.hour.en} (${timeZone})` };
  return {
    ...def,
    dimensions: def.dimensions.map((d) => (d.code === HOUR_DIMENSION ? { ...d, title: zoned } : d)),
  };
}

/**
 * The columns a question asks: the choice, less the hour unless the question is by hour (one day the reader
 * sees); the date stands in when the hour was the only dimension, and a sort by the hour goes with it.
 */
export function choiceAsked(def: ReportDef, choice: ReportColumnChoice, byHour: boolean): ReportColumnChoice {
  if (byHour || !choice.dimensions.includes(HOUR_DIMENSION)) return choice;
  const rest = choice.dimensions.filter((code) => code !== HOUR_DIMENSION);
  const columns = { dimensions: rest.length > 0 ? rest : [DATE_DIMENSION], metrics: choice.metrics };
  const sort = sortOfChoice(def, columns, choice.sort);
  return sort ? { ...columns, sort } : columns;
}

/** A sort of the report's chosen columns, or null (a sort of a column no longer chosen, or not a sort). */
export function sortOfChoice(
  def: ReportDef,
  choice: ColumnChoice<number, string>,
  sort: unknown,
): ReportSort | null {
  if (typeof sort !== "object" || sort === null) return null;
  const { orderBy, order } = sort as { orderBy?: unknown; order?: unknown };
  if (typeof orderBy !== "string" || !SORT_ORDERS.includes(order as SortOrder)) return null;
  const chosen =
    def.dimensions.some((d) => d.field === orderBy && choice.dimensions.includes(d.code)) ||
    choice.metrics.includes(orderBy);
  return chosen ? { orderBy, order: order as SortOrder } : null;
}
