/**
 * Saved views on a report screen: what a view keeps of the question on screen, and the question a view opens
 * today. A view keeps the filters, dimensions and data columns as a schedule's saved query does (savedQuery.ts),
 * with the sort, the comparison and the dates. Dates picked with a preset may be kept as that preset, so the
 * view opened a week later shows the latest days again; other dates are kept as they are, and opened inside the
 * window (what has fallen out of the 90 days is left out; nothing left: the default range, and the screen says so).
 */
import {
  type ReportCompareValue,
  type ReportDateWindow,
  type ReportRangePreset,
  type ReportViewRange,
  type ReportViewRow,
  type ReportViewSelection,
  SORT_ORDERS,
  type SortOrder,
} from "@pc/contract";
import { defaultDates, type ReportDates } from "../query/queryInput.ts";
import { reportRangePresets } from "../query/rangePresets.ts";
import { savedQueryOf } from "../query/savedQuery.ts";
import type { ReportColumnChoice, ReportDef } from "../screen/reportDefs.ts";
import { orderedChoice, parseColumnChoice } from "../table/columnChoice.ts";

/** The preset that stands for these dates in the window, if one does. */
export function presetOfDates(dates: ReportDates, window: ReportDateWindow): ReportRangePreset | null {
  const preset = reportRangePresets(window).find(
    (one) => one.dates.startDate === dates.startDate && one.dates.endDate === dates.endDate,
  );
  return preset?.key ?? null;
}

/** How a view keeps these dates: as their preset when asked and there is one, else as the days themselves. */
export function rangeToSave(
  dates: ReportDates,
  window: ReportDateWindow,
  relative: boolean,
): ReportViewRange {
  const preset = relative ? presetOfDates(dates, window) : null;
  return preset
    ? { type: "preset", preset }
    : { type: "fixed", startDate: dates.startDate, endDate: dates.endDate };
}

interface ShownQuery {
  startDate?: unknown;
  endDate?: unknown;
  orderBy?: unknown;
  order?: unknown;
  compare?: unknown;
}

const textOrNull = (value: unknown): string | null => (typeof value === "string" && value ? value : null);

/** What a view keeps of the table's query as sent, with its dates kept as `range`. */
export function selectionOfQuery(query: object, range: ReportViewRange): ReportViewSelection {
  const shown = query as ShownQuery;
  const order = textOrNull(shown.order);
  return {
    ...savedQueryOf(query),
    orderBy: textOrNull(shown.orderBy),
    order: SORT_ORDERS.includes(order as SortOrder) ? (order as SortOrder) : null,
    compare: textOrNull(shown.compare) as ReportCompareValue | null,
    range,
  };
}

/** The dates of the table's query as sent. */
export const datesOfQuery = (query: object): ReportDates => {
  const shown = query as ShownQuery;
  return { startDate: String(shown.startDate ?? ""), endDate: String(shown.endDate ?? "") };
};

/** How a view's dates were opened: as saved, cut to the window, or replaced by the default range. */
export type OpenedDates = "asSaved" | "clipped" | "replaced";

/** A view's dates in today's window. */
export function datesOfView(
  range: ReportViewRange,
  window: ReportDateWindow,
): { dates: ReportDates; opened: OpenedDates } {
  if (range.type === "preset") {
    const preset = reportRangePresets(window).find((one) => one.key === range.preset);
    // "this month" on its first day has no day to show yet
    return preset ? { dates: preset.dates, opened: "asSaved" } : replaced(window);
  }
  const startDate = range.startDate < window.minDate ? window.minDate : range.startDate;
  const endDate = range.endDate > window.maxDate ? window.maxDate : range.endDate;
  if (startDate > endDate) return replaced(window);
  const clipped = startDate !== range.startDate || endDate !== range.endDate;
  return { dates: { startDate, endDate }, opened: clipped ? "clipped" : "asSaved" };
}

const replaced = (window: ReportDateWindow) => ({ dates: defaultDates(window), opened: "replaced" as const });

/** The screen's question a view opens: its form values, dates, columns with their sort, comparison. */
export interface OpenedView<V> {
  values: V;
  dates: ReportDates;
  opened: OpenedDates;
  choice: ReportColumnChoice;
  compare: ReportCompareValue | null;
}

/**
 * A form value of the report's filters from a view's: a list for a field of several values, a text for a
 * typed one (the placement ID), each empty when the view has no such filter.
 */
function formValueOf(empty: unknown, saved: unknown): unknown {
  if (Array.isArray(empty)) return Array.isArray(saved) ? [...saved] : [];
  if (typeof empty === "string") return saved === null || saved === undefined ? "" : String(saved);
  return saved ?? empty;
}

export function openView<V extends object>(
  def: ReportDef,
  emptyValues: V,
  view: Pick<ReportViewRow, "selection">,
  window: ReportDateWindow,
): OpenedView<V> {
  const { selection } = view;
  const saved = selection as Record<string, unknown>;
  const values = Object.fromEntries(
    Object.entries(emptyValues).map(([key, empty]) => [key, formValueOf(empty, saved[key])]),
  ) as V;
  const metrics = selection.metrics ?? def.metrics.map((metric) => metric.key);
  const sort = selection.orderBy ? { orderBy: selection.orderBy, order: selection.order ?? "desc" } : null;
  const choice =
    parseColumnChoice(def, { dimensions: selection.dimensions, metrics, sort }) ??
    orderedChoice(def, def.defaults);
  const { dates, opened } = datesOfView(selection.range, window);
  return {
    values,
    dates,
    opened,
    choice: { ...choice, sort: choice.sort ?? null },
    compare: selection.compare,
  };
}

/** A selection with its lists in one order and without its dates: two that ask the same compare equal. */
function canonical(selection: ReportViewSelection): string {
  const { range: _range, ...rest } = selection;
  const entries = Object.entries(rest)
    .map(([key, value]): [string, unknown] => [
      key,
      Array.isArray(value) ? [...value].map(String).sort() : (value ?? null),
    ])
    .filter(([, value]) => value !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/** Whether the screen's query asks something else than the view opened today would (the view is edited). */
export function differsFromView(
  view: Pick<ReportViewRow, "selection">,
  query: object,
  window: ReportDateWindow,
): boolean {
  const viewDates = datesOfView(view.selection.range, window).dates;
  const shownDates = datesOfQuery(query);
  const sameDates = viewDates.startDate === shownDates.startDate && viewDates.endDate === shownDates.endDate;
  return !sameDates || canonical(selectionOfQuery(query, view.selection.range)) !== canonical(view.selection);
}
