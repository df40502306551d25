import {
  DEFAULT_OFFLINE_COLUMNS,
  DEFAULT_ONLINE_COLUMNS,
  REPORT_COLUMNS_STORAGE_KEYS,
  reportDateWindow,
} from "@pc/contract";
import { describe, expect, it } from "vitest";
import {
  buildOfflineQuery,
  buildOnlineQuery,
  defaultDates,
  FIRST_REPORT_PAGE,
  nextReportPaging,
  offlineFilters,
  onlineFilters,
  trendQuery,
  waitingDays,
  withoutPaging,
} from "./query/queryInput.ts";
import { metricsInTableOrder, REPORT_DEFS } from "./screen/reportDefs.ts";
import {
  loadColumnChoice,
  orderedChoice,
  parseColumnChoice,
  saveColumnChoice,
} from "./table/columnChoice.ts";
import {
  clearWidths,
  loadWidths,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  saveWidths,
  withWidth,
} from "./table/columnWidths.ts";

const sdk = REPORT_DEFS.online;
const affiliate = REPORT_DEFS.offline;

describe("column choice", () => {
  it("starts with the default columns of each report", () => {
    expect(loadColumnChoice(sdk)).toEqual({
      dimensions: [1, 3, 4, 5],
      metrics: [...DEFAULT_ONLINE_COLUMNS.metrics],
    });
    expect(loadColumnChoice(affiliate)).toEqual({
      dimensions: [1, 3, 4, 5],
      metrics: ["clickNum", "refuseNum", "cpc", "settleAmount"],
    });
    expect(loadColumnChoice(affiliate)).toEqual(DEFAULT_OFFLINE_COLUMNS);
  });

  it("is saved per report and restored, in the report's order", () => {
    saveColumnChoice(sdk, { dimensions: [4, 2], metrics: ["settleAmount", "requestNum"] });
    expect(localStorage.getItem(REPORT_COLUMNS_STORAGE_KEYS.online)).not.toBeNull();
    expect(loadColumnChoice(sdk)).toEqual({ dimensions: [2, 4], metrics: ["requestNum", "settleAmount"] });
    // the other report keeps its own
    expect(loadColumnChoice(affiliate)).toEqual(DEFAULT_OFFLINE_COLUMNS);
  });

  it("drops unknown codes and keys and duplicates", () => {
    expect(
      parseColumnChoice(sdk, { dimensions: [1, 1, 9, "2"], metrics: ["clickNum", "nope", "clickNum"] }),
    ).toEqual({ dimensions: [1], metrics: ["clickNum"] });
    // a metric of the other report is not one of this report's
    expect(parseColumnChoice(sdk, { dimensions: [1], metrics: ["profit"] })).toBeNull();
  });

  it("falls back to the defaults for anything unusable", () => {
    for (const text of [
      "not json",
      "null",
      "[]",
      '{"dimensions":[]}',
      '{"dimensions":[],"metrics":["cpc"]}',
    ]) {
      localStorage.setItem(affiliate.columnsKey, text);
      expect(loadColumnChoice(affiliate)).toEqual(DEFAULT_OFFLINE_COLUMNS);
    }
    localStorage.setItem(sdk.columnsKey, JSON.stringify({ dimensions: [2], metrics: [] }));
    expect(loadColumnChoice(sdk).metrics).toEqual(DEFAULT_ONLINE_COLUMNS.metrics);
  });

  it("keeps the sort of a chosen column, and drops it with its column", () => {
    const sort = { orderBy: "settleAmount", order: "asc" } as const;
    saveColumnChoice(sdk, { dimensions: [2, 4], metrics: ["requestNum", "settleAmount"], sort });
    expect(loadColumnChoice(sdk).sort).toEqual(sort);
    expect(orderedChoice(sdk, { dimensions: [2], metrics: ["requestNum"], sort })).not.toHaveProperty("sort");
    expect(
      orderedChoice(sdk, {
        dimensions: [2],
        metrics: ["requestNum"],
        sort: { orderBy: "appName", order: "desc" },
      }).sort,
    ).toEqual({ orderBy: "appName", order: "desc" });
    // a dimension not chosen, or not a sort at all
    expect(
      parseColumnChoice(sdk, {
        dimensions: [1],
        metrics: ["clickNum"],
        sort: { orderBy: "country", order: "asc" },
      }),
    ).not.toHaveProperty("sort");
    expect(
      parseColumnChoice(sdk, {
        dimensions: [1],
        metrics: ["clickNum"],
        sort: { orderBy: "clickNum", order: "up" },
      }),
    ).not.toHaveProperty("sort");
    const query = buildOnlineQuery({
      dates: { startDate: "20240424", endDate: "20240430" },
      filters: onlineFilters({}),
      choice: { dimensions: [1], metrics: ["clickNum"], sort: { orderBy: "clickNum", order: "asc" } },
      paging: { pageIndex: 1, pageSize: 10 },
      companyId: null,
    });
    expect(query).toMatchObject({ orderBy: "clickNum", order: "asc" });
  });

  it("orders a choice as the report lists its columns", () => {
    expect(orderedChoice(affiliate, { dimensions: [5, 2], metrics: ["profit", "clickNum"] })).toEqual({
      dimensions: [2, 5],
      metrics: ["clickNum", "profit"],
    });
  });
});

describe("column widths", () => {
  const key = sdk.widthsKey;

  it("are saved per report, clamped, and cleared by the reset", () => {
    let widths = withWidth({}, "dt", 150.4);
    widths = withWidth(widths, "clickNum", 5);
    saveWidths(key, widths);
    expect(loadWidths(key)).toEqual({ dt: 150, clickNum: MIN_COLUMN_WIDTH });
    expect(loadWidths(affiliate.widthsKey)).toEqual({});
    clearWidths(key);
    expect(loadWidths(key)).toEqual({});
  });

  it("ignores stored values that are not widths", () => {
    localStorage.setItem(key, JSON.stringify({ dt: "wide", country: 120, adId: null, big: 99999 }));
    expect(loadWidths(key)).toEqual({ country: 120, big: MAX_COLUMN_WIDTH });
    localStorage.setItem(key, "[1,2]");
    expect(loadWidths(key)).toEqual({});
    localStorage.setItem(key, "{");
    expect(loadWidths(key)).toEqual({});
  });
});

describe("report dates", () => {
  const window = reportDateWindow("20240501");

  it("defaults to the last 7 days ending yesterday", () => {
    expect(window).toEqual({ minDate: "20240201", maxDate: "20240430" });
    expect(defaultDates(window)).toEqual({ startDate: "20240424", endDate: "20240430" });
  });
});

describe("report queries", () => {
  const dates = { startDate: "20240424", endDate: "20240430" };

  it("sends empty filters as null, trims text and sends the ad-space id as a number", () => {
    expect(onlineFilters({ appName: ["  Puzzle ", " "], adId: " 12 ", adStyle: [], country: [] })).toEqual({
      appName: ["Puzzle"],
      adId: 12,
      adStyle: null,
      country: null,
    });
    expect(onlineFilters({ appName: [], adId: "", adStyle: [3], country: ["US"] })).toEqual({
      appName: null,
      adId: null,
      adStyle: [3],
      country: ["US"],
    });
    expect(offlineFilters({ subChannel: [" "], offerId: ["OF-1"], pkgName: [], country: undefined })).toEqual(
      {
        subChannel: null,
        offerId: ["OF-1"],
        pkgName: null,
        country: null,
      },
    );
  });

  it("sends several values of a filter as a list, each once", () => {
    expect(onlineFilters({ adStyle: [1, 3, 1], country: ["US", "BR", "US"] })).toMatchObject({
      adStyle: [1, 3],
      country: ["US", "BR"],
    });
    expect(offlineFilters({ pkgName: ["com.a", " com.b ", "com.a"] }).pkgName).toEqual(["com.a", "com.b"]);
  });

  it("builds the query of the chosen columns and page", () => {
    const query = buildOnlineQuery({
      dates,
      filters: onlineFilters({ appName: [], adId: "7", adStyle: [], country: ["DE"] }),
      choice: { dimensions: [1, 3], metrics: ["clickNum"] },
      paging: { pageIndex: 2, pageSize: 20 },
      companyId: null,
    });
    expect(query).toEqual({
      startDate: "20240424",
      endDate: "20240430",
      companyId: null,
      appName: null,
      adId: 7,
      adStyle: null,
      country: ["DE"],
      dimensions: [1, 3],
      metrics: ["clickNum"],
      pageIndex: 2,
      pageSize: 20,
    });
    expect(withoutPaging(query)).not.toHaveProperty("pageIndex");
    expect(trendQuery(query)).toMatchObject({
      dimensions: [1],
      pageIndex: 1,
      pageSize: 1000,
      orderBy: "dt",
      order: "asc",
      adId: 7,
      country: ["DE"],
    });
  });

  it("builds the affiliate query", () => {
    expect(
      buildOfflineQuery({
        dates,
        filters: offlineFilters({ subChannel: ["sub"], offerId: [], pkgName: [], country: undefined }),
        choice: DEFAULT_OFFLINE_COLUMNS,
        paging: FIRST_REPORT_PAGE,
        companyId: 5,
      }),
    ).toMatchObject({ subChannel: ["sub"], offerId: null, companyId: 5, pageIndex: 1, pageSize: 10 });
  });

  it("goes back to page 1 when the page size changes", () => {
    expect(nextReportPaging({ pageIndex: 3, pageSize: 10 }, 3, 20)).toEqual({ pageIndex: 1, pageSize: 20 });
    expect(nextReportPaging({ pageIndex: 3, pageSize: 10 }, 4, 10)).toEqual({ pageIndex: 4, pageSize: 10 });
  });
});

describe("money first, waiting days", () => {
  it("shows the money columns first; queries and exports keep the contract's order", () => {
    expect(metricsInTableOrder(REPORT_DEFS.online).map((m) => m.key)).toEqual([
      "settleAmount",
      "settleEcpm",
      "requestNum",
      "recallNum",
      "recallRate",
      "showNum",
      "showRate",
      "clickNum",
      "clickRate",
    ]);
    expect(
      metricsInTableOrder(REPORT_DEFS.offline)
        .map((m) => m.key)
        .slice(0, 4),
    ).toEqual(["settleAmount", "cpc", "profit", "payout"]);
    for (const def of Object.values(REPORT_DEFS)) {
      expect(new Set(def.tableOrder)).toEqual(new Set(def.metrics.map((m) => m.key)));
    }
    const query = buildOnlineQuery({
      dates: { startDate: "20240501", endDate: "20240507" },
      filters: onlineFilters({}),
      choice: orderedChoice(REPORT_DEFS.online, REPORT_DEFS.online.defaults),
      paging: FIRST_REPORT_PAGE,
      companyId: null,
    });
    expect((query.metrics as string[])[0]).toBe("requestNum");
  });

  it("counts as waiting only the days not seen that have data", () => {
    const day = (dt: string, visible: boolean, hasData: boolean) => ({
      dt,
      status: visible ? ("published" as const) : ("calculated" as const),
      stale: false,
      visible,
      hasData,
    });
    expect(
      waitingDays([
        day("2024-05-01", true, true),
        day("2024-05-02", false, true),
        day("2024-05-03", false, false),
        day("2024-05-04", true, false),
      ]),
    ).toEqual(["2024-05-02"]);
    expect(waitingDays([day("2024-05-03", false, false)])).toEqual([]);
  });
});
