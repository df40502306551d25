import { type ReportViewSelection, reportDateWindow } from "@pc/contract";
import { describe, expect, it } from "vitest";
import {
  buildOfflineQuery,
  buildOnlineQuery,
  EMPTY_OFFLINE_FILTERS,
  EMPTY_ONLINE_FILTERS,
  FIRST_REPORT_PAGE,
  offlineFilters,
  onlineFilters,
} from "../query/queryInput.ts";
import { REPORT_DEFS } from "../screen/reportDefs.ts";
import {
  datesOfView,
  differsFromView,
  openView,
  presetOfDates,
  rangeToSave,
  selectionOfQuery,
} from "./reportViews.ts";

/** Today is 15 May 2024: the window is 15 Feb … 14 May. */
const window = reportDateWindow("20240515");
const LAST_7 = { startDate: "20240508", endDate: "20240514" };

/** The SDK table's query as the screen sends it. */
const onlineQuery = (dates = LAST_7) =>
  buildOnlineQuery({
    dates,
    filters: onlineFilters({ appName: ["Puzzle", "Racing"], adId: " 17 ", adStyle: [1, 3], country: ["JP"] }),
    choice: {
      dimensions: [1, 2],
      metrics: ["requestNum", "settleAmount"],
      sort: { orderBy: "settleAmount", order: "desc" },
    },
    paging: FIRST_REPORT_PAGE,
    companyId: null,
    compare: "previous_week",
  });

describe("what a view keeps of the screen", () => {
  it("names the preset the dates stand for today, if any", () => {
    expect(presetOfDates(LAST_7, window)).toBe("last7");
    expect(presetOfDates({ startDate: "20240501", endDate: "20240514" }, window)).toBe("thisMonth");
    expect(presetOfDates({ startDate: "20240509", endDate: "20240514" }, window)).toBeNull();
  });

  it("keeps dates as their preset when asked to and one fits, else as the days", () => {
    expect(rangeToSave(LAST_7, window, true)).toEqual({ type: "preset", preset: "last7" });
    expect(rangeToSave(LAST_7, window, false)).toEqual({ type: "fixed", ...LAST_7 });
    const hand = { startDate: "20240401", endDate: "20240403" };
    expect(rangeToSave(hand, window, true)).toEqual({ type: "fixed", ...hand });
  });

  it("keeps the filters of several values, the columns, the sort and the comparison of the query", () => {
    const selection = selectionOfQuery(onlineQuery(), { type: "preset", preset: "last7" });
    expect(selection).toMatchObject({
      appName: ["Puzzle", "Racing"],
      adId: 17,
      adStyle: [1, 3],
      country: ["JP"],
      dimensions: [1, 2],
      metrics: ["requestNum", "settleAmount"],
      orderBy: "settleAmount",
      order: "desc",
      compare: "previous_week",
      range: { type: "preset", preset: "last7" },
    });
  });

  it("keeps no sort or comparison when the screen has none", () => {
    const query = buildOfflineQuery({
      dates: LAST_7,
      filters: offlineFilters({ subChannel: ["a"] }),
      choice: { dimensions: [1], metrics: ["clickNum"] },
      paging: FIRST_REPORT_PAGE,
      companyId: null,
    });
    expect(selectionOfQuery(query, { type: "fixed", ...LAST_7 })).toMatchObject({
      subChannel: ["a"],
      orderBy: null,
      order: null,
      compare: null,
    });
  });
});

describe("opening a view", () => {
  const saved = (change: Partial<ReportViewSelection> = {}): { selection: ReportViewSelection } => ({
    selection: { ...selectionOfQuery(onlineQuery(), { type: "preset", preset: "last7" }), ...change },
  });

  it("fills the form, the columns with their sort and the comparison", () => {
    const opened = openView(REPORT_DEFS.online, EMPTY_ONLINE_FILTERS, saved(), window);
    expect(opened.values).toEqual({
      appName: ["Puzzle", "Racing"],
      adId: "17",
      adStyle: [1, 3],
      country: ["JP"],
    });
    expect(opened.choice).toEqual({
      dimensions: [1, 2],
      metrics: ["requestNum", "settleAmount"],
      sort: { orderBy: "settleAmount", order: "desc" },
    });
    expect(opened.compare).toBe("previous_week");
    expect(opened).toMatchObject({ dates: LAST_7, opened: "asSaved" });
  });

  it("opens a preset on the latest days: a week later, the week before that day", () => {
    const later = reportDateWindow("20240522");
    expect(openView(REPORT_DEFS.online, EMPTY_ONLINE_FILTERS, saved(), later).dates).toEqual({
      startDate: "20240515",
      endDate: "20240521",
    });
  });

  it("opens fixed days as they are, cut to the window, or the default range when none is left", () => {
    const fixed = { type: "fixed", startDate: "20240401", endDate: "20240407" } as const;
    expect(datesOfView(fixed, window)).toEqual({
      dates: { startDate: "20240401", endDate: "20240407" },
      opened: "asSaved",
    });
    expect(datesOfView(fixed, reportDateWindow("20240701"))).toEqual({
      dates: { startDate: "20240402", endDate: "20240407" },
      opened: "clipped",
    });
    expect(datesOfView(fixed, reportDateWindow("20240901"))).toEqual({
      dates: { startDate: "20240825", endDate: "20240831" },
      opened: "replaced",
    });
    // this month on its first day has no day yet
    expect(datesOfView({ type: "preset", preset: "thisMonth" }, reportDateWindow("20240601")).opened).toBe(
      "replaced",
    );
  });

  it("takes every data column for a view that names none, and leaves out a sort of a column not shown", () => {
    const opened = openView(
      REPORT_DEFS.offline,
      EMPTY_OFFLINE_FILTERS,
      saved({ dimensions: [1], metrics: null, orderBy: "country", order: "asc" }),
      window,
    );
    expect(opened.choice.metrics).toEqual(REPORT_DEFS.offline.metrics.map((metric) => metric.key));
    expect(opened.choice.sort).toBeNull();
    expect(opened.values).toEqual({ subChannel: [], offerId: [], pkgName: [], country: ["JP"] });
  });
});

describe("whether the screen differs from the open view", () => {
  const view = { selection: selectionOfQuery(onlineQuery(), { type: "preset", preset: "last7" }) };

  it("is the same question in any order of values, and differs on a filter, a column, the sort or the dates", () => {
    expect(differsFromView(view, onlineQuery(), window)).toBe(false);
    const reordered = { ...onlineQuery(), appName: ["Racing", "Puzzle"] };
    expect(differsFromView(view, reordered, window)).toBe(false);
    expect(differsFromView(view, { ...onlineQuery(), country: ["JP", "US"] }, window)).toBe(true);
    expect(differsFromView(view, { ...onlineQuery(), dimensions: [1] }, window)).toBe(true);
    expect(differsFromView(view, { ...onlineQuery(), order: "asc" }, window)).toBe(true);
    expect(differsFromView(view, { ...onlineQuery(), compare: undefined }, window)).toBe(true);
    expect(differsFromView(view, onlineQuery({ startDate: "20240507", endDate: "20240514" }), window)).toBe(
      true,
    );
  });

  it("reads a preset view against its latest days", () => {
    const later = reportDateWindow("20240522");
    expect(differsFromView(view, onlineQuery({ startDate: "20240515", endDate: "20240521" }), later)).toBe(
      false,
    );
    expect(differsFromView(view, onlineQuery(), later)).toBe(true);
  });
});
