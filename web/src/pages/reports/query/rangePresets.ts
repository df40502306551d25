/**
 * The report range picker's presets: yesterday, the last 7, 30 and 90 days, this month and
 * last month, each clipped to the server's window (docs/rules/reports.md#dates: at most 90 days back, ending
 * yesterday). A preset with no day left in the window is not offered: "this month" on the 1st, when no day of
 * the month is before today.
 */
import {
  addReportDays,
  REPORT_RANGE_PRESETS,
  type ReportDateWindow,
  type ReportRangePreset,
} from "@pc/contract";
import type { ReportDates } from "./queryInput.ts";

export const RANGE_PRESET_KEYS = REPORT_RANGE_PRESETS;
export type RangePresetKey = ReportRangePreset;

export interface RangePreset {
  key: RangePresetKey;
  dates: ReportDates;
}

/** yyyyMMdd → the first day of its month. */
const monthStart = (ymd: string): string => `${ymd.slice(0, 6)}01`;

/** The range inside the window, or null when none of its days is. */
function clip(range: ReportDates, window: ReportDateWindow): ReportDates | null {
  const startDate = range.startDate < window.minDate ? window.minDate : range.startDate;
  const endDate = range.endDate > window.maxDate ? window.maxDate : range.endDate;
  return startDate <= endDate ? { startDate, endDate } : null;
}

/** The `days` days ending on the window's last day. */
const lastDays = (window: ReportDateWindow, days: number): ReportDates => ({
  startDate: addReportDays(window.maxDate, 1 - days),
  endDate: window.maxDate,
});

/** The ranges each preset stands for (before clipping); today is the day after the window's last day. */
function presetRange(key: RangePresetKey, window: ReportDateWindow): ReportDates {
  const today = addReportDays(window.maxDate, 1);
  switch (key) {
    case "yesterday":
      return lastDays(window, 1);
    case "last7":
      return lastDays(window, 7);
    case "last30":
      return lastDays(window, 30);
    case "thisMonth":
      return { startDate: monthStart(today), endDate: today };
    case "lastMonth": {
      const lastMonthEnd = addReportDays(monthStart(today), -1);
      return { startDate: monthStart(lastMonthEnd), endDate: lastMonthEnd };
    }
    case "last90":
      return { startDate: window.minDate, endDate: window.maxDate };
  }
}

/** The presets offered in a window, in the picker's order. */
export function reportRangePresets(window: ReportDateWindow): RangePreset[] {
  return RANGE_PRESET_KEYS.flatMap((key) => {
    const dates = clip(presetRange(key, window), window);
    return dates ? [{ key, dates }] : [];
  });
}
