/** Report days: a range of them, and today in REPORT_TZ (shared by every part of the reports module). */
import { todayInTimeZone } from "@pc/contract";

export interface DayRange {
  /** yyyy-MM-DD, both included. */
  from: string;
  to: string;
}

/** yyyyMMdd today in REPORT_TZ. */
export const reportToday = (timeZone: string, now = new Date()) => todayInTimeZone(timeZone, now);
