/**
 * A report screen's data: the question last searched (dates, the report's filters, company, comparison) and
 * the page, the table's, total row's and trend's queries over it, and what the screen shows of them.
 */
import {
  compareSidesOf,
  compareSideText,
  type LangValue,
  type MetricInfo,
  type ReportCompareRange,
  type ReportCompareValue,
  reportDateToIso,
} from "@pc/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  FIRST_REPORT_PAGE,
  isOneDay,
  nextReportPaging,
  type ReportDates,
  type ReportPaging,
} from "../query/queryInput.ts";
import {
  firstQuestion,
  type ReportQuestion,
  refetchUnlessFromLoader,
  reportQueries,
} from "../query/screenQueries.ts";
import type { TrendPoint } from "../trend/TrendChart.tsx";
import { trendPoints } from "../trend/trendPoints.ts";
import { HOUR_DIMENSION, hasHours, type ReportColumnChoice } from "./reportDefs.ts";
import { datesOf, type FilterForm, type ReportScreenConfig, rangeOf } from "./reportScreenConfig.ts";

/** The compare select's value when the comparison is off. */
export const COMPARE_OFF = "off";
export type CompareChoice = ReportCompareValue | typeof COMPARE_OFF;
const compareOf = (choice: CompareChoice | undefined): ReportCompareValue | null =>
  choice === undefined || choice === COMPARE_OFF ? null : choice;

/** The texts of a comparison's two sides: the days each counts, less the days left out of it. */
export interface CompareTexts {
  current: string;
  comparison: string;
  /** Days counted on each side. */
  count: number;
}

export const compareTextsOf = (range: ReportCompareRange, lang: LangValue): CompareTexts => {
  const sides = compareSidesOf(range);
  return {
    current: compareSideText(sides.current, lang),
    comparison: compareSideText(sides.comparison, lang),
    count: range.days,
  };
};

/** The trend chart's metric (the chosen one, else the report's first) and its points by day or by hour. */
export interface ReportTrend {
  metric: MetricInfo<string> | undefined;
  setMetric: (key: string) => void;
  points: TrendPoint[];
  fetching: boolean;
  /** The points are the hours of one day. */
  byHour: boolean;
}

/** The filter form's values, the comparison included. */
export type ReportForm<V> = FilterForm<V> & { compare?: CompareChoice };

export function useReportData<V extends object, F, Q extends object>(
  config: ReportScreenConfig<V, F, Q>,
  {
    initialDates,
    startCompanyId,
    choice,
  }: { initialDates: ReportDates; startCompanyId: number | null; choice: ReportColumnChoice },
) {
  const { def } = config;
  const initialApplied = (): ReportQuestion<V> => firstQuestion(config, initialDates, startCompanyId);
  const [applied, setApplied] = useState<ReportQuestion<V>>(initialApplied);
  /** The filter form's values on arrival and after a reset (one object: the memoized form's prop). */
  const [initialForm] = useState(
    () =>
      ({
        ...config.emptyValues,
        range: rangeOf(initialDates),
        companyId: startCompanyId ?? undefined,
        compare: COMPARE_OFF,
      }) as FilterForm<V> & { compare: CompareChoice },
  );
  const [paging, setPaging] = useState<ReportPaging>(FIRST_REPORT_PAGE);
  const [trendMetric, setTrendMetric] = useState(def.trendMetric);

  // the first mount takes the answers the route's loader started (screenQueries.ts)
  const screenOptions = { placeholderData: keepPreviousData, refetchOnMount: refetchUnlessFromLoader };
  // the totals first tell whether a day may be read by hour (a publisher: published); they never ask by hour
  const summary = useQuery({ ...reportQueries(config, applied, choice, paging).summary, ...screenOptions });
  // days of this query's range (not the previous one's, shown while it loads) with data not to be seen yet
  const days = summary.isPlaceholderData ? undefined : summary.data?.days;
  const oneDay = hasHours(def) && isOneDay(applied.dates);
  const byHour = oneDay && days?.length === 1 && days[0]?.visible === true;
  const dayUnknown = oneDay && days === undefined && !summary.isError;
  const queries = reportQueries(config, applied, choice, paging, byHour);
  const { filters, query } = queries;
  const list = useQuery({
    ...queries.list,
    ...screenOptions,
    enabled: !(dayUnknown && choice.dimensions.includes(HOUR_DIMENSION)),
  });
  const trend = useQuery({ ...queries.trend, ...screenOptions, enabled: !dayUnknown });

  /** The question of the form's values, or null while its dates are missing (the field's rule says why). */
  const questionOf = (form: ReportForm<V>): ReportQuestion<V> | null => {
    const dates = datesOf(form.range);
    return dates
      ? { dates, values: form, companyId: form.companyId ?? null, compare: compareOf(form.compare) }
      : null;
  };

  const ask = (next: ReportQuestion<V>) => {
    setApplied(next);
    setPaging((current) => ({ ...current, pageIndex: 1 }));
  };

  /** Asks the form's question from page 1; the same question again on page 1 reloads. */
  const search = (form: ReportForm<V>) => {
    const next = questionOf(form);
    if (!next) return;
    const sameQuestion =
      JSON.stringify([next.dates, config.toFilters(next.values), next.companyId, next.compare]) ===
      JSON.stringify([applied.dates, filters, applied.companyId, applied.compare]);
    if (sameQuestion && paging.pageIndex === 1) {
      void list.refetch();
      void summary.refetch();
      void trend.refetch();
      return;
    }
    ask(next);
  };

  /** Shows the form's question from page 1 (a saved view opened: its columns change with it, so no reload). */
  const show = (form: ReportForm<V>) => {
    const next = questionOf(form);
    if (next) ask(next);
  };

  const reset = () => {
    setApplied(initialApplied());
    setPaging(FIRST_REPORT_PAGE);
  };

  const metric = def.metrics.find((m) => m.key === trendMetric) ?? def.metrics[0];
  const points: TrendPoint[] = metric
    ? trendPoints(trend.data?.list ?? [], metric.key, reportDateToIso(applied.dates.startDate))
    : [];
  // the days each side counts, as the server answered them for this question (not the previous one's)
  const compareRange = applied.compare && !summary.isPlaceholderData ? summary.data?.compareRange : undefined;

  return {
    initialForm,
    /** How many of the report's filters (and the comparison) the shown report was searched with. */
    filtersOn:
      Object.values(filters as object).filter((value) => value !== null && value !== undefined).length +
      (applied.compare ? 1 : 0),
    applied,
    paging,
    /** The table's query as sent; the export and a schedule ask the same. */
    query,
    /** The question is one day the reader sees: its table may have the hour, its trend is by hour. */
    byHour,
    list,
    summary,
    days,
    trend: {
      metric,
      setMetric: setTrendMetric,
      points,
      fetching: trend.isFetching,
      byHour: points.some((point) => point.label !== undefined),
    } satisfies ReportTrend,
    /** The days each side of the comparison counts, when it is on and answered. */
    compareRange: compareRange ?? null,
    search,
    show,
    reset,
    setCompare: (choice: CompareChoice) =>
      setApplied((current) => ({ ...current, compare: compareOf(choice) })),
    firstPage: () => setPaging((current) => ({ ...current, pageIndex: 1 })),
    changePage: (page: number, pageSize: number) =>
      setPaging((current) => nextReportPaging(current, page, pageSize)),
  };
}
