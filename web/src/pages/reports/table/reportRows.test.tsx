/**
 * A report's rows on a phone: cards with the chosen metrics' titles and values in the
 * language's number format, the total first, the comparison's change, the detail action and the report paging;
 * a wider window keeps the table.
 */
import { fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../../i18n/index.ts";
import { REPORT_DEFS } from "../screen/reportDefs.ts";
import { ReportRows } from "./ReportRows.tsx";
import type { ReportRowsProps } from "./reportParts.tsx";

const DESKTOP_WIDTH = window.innerWidth;
const def = REPORT_DEFS.online;
const DAY = { dt: "2026-11-25", status: "published", stale: false, visible: true, hasData: true } as const;
const ROW = {
  dt: "2026-11-25",
  adId: 1001,
  country: "US",
  requestNum: 123456,
  settleAmount: 4321.5,
  clickRate: 0.0123,
};
const TOTALS = {
  dt: null,
  adId: null,
  country: null,
  requestNum: 9876543,
  settleAmount: 65432.1,
  clickRate: 0.5,
};

const props = (extra: Partial<ReportRowsProps> = {}): ReportRowsProps => ({
  def,
  // dates and placements; settlement, requests and click rate
  choice: { dimensions: [1, 3], metrics: ["requestNum", "clickRate", "settleAmount"] },
  lang: "zh",
  rows: [ROW],
  total: 25,
  totals: TOTALS,
  days: [DAY],
  loading: false,
  paging: { pageIndex: 1, pageSize: 10 },
  onPage: () => undefined,
  renderDimension: (field, row) => String(row[field] ?? ""),
  testId: "report-table",
  ...extra,
});

/** A card's metric values by their titles, in the order shown. */
function pairs(card: HTMLElement): [string, string][] {
  return [...card.querySelectorAll(".pc-card-pair")].map((pair) => [
    pair.querySelector("dt")?.textContent ?? "",
    pair.querySelector("dd")?.textContent ?? "",
  ]);
}

describe("a report's rows on a phone", () => {
  afterEach(() => {
    window.innerWidth = DESKTOP_WIDTH;
  });

  it("shows the total, then a card a row: the dimensions, each chosen metric's title and value, money first", () => {
    window.innerWidth = 390;
    render(<ReportRows {...props()} />);
    expect(screen.queryByRole("table")).toBeNull();
    const total = screen.getByTestId("report-total");
    expect(within(total).getByRole("heading").textContent).toBe("合计");
    expect(pairs(total)).toEqual([
      ["收入（USD）", "US$65,432.10"],
      ["请求数", "9,876,543"],
      ["点击率", "50.00%"],
    ]);
    const cards = screen.getAllByTestId("report-card");
    expect(cards).toHaveLength(1);
    const card = cards[0] as HTMLElement;
    expect(total.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).getByRole("heading").textContent).toBe("2026-11-251001");
    expect(pairs(card)).toEqual([
      ["收入（USD）", "US$4,321.50"],
      ["请求数", "123,456"],
      ["点击率", "1.23%"],
    ]);
  });

  it("shows each metric's change when compared, and opens a row's detail", () => {
    window.innerWidth = 390;
    const onDetail = vi.fn();
    const compared = { ...ROW, compare: { requestNum: 100000, settleAmount: 4321.5, clickRate: 0.0123 } };
    render(<ReportRows {...props({ rows: [compared], onDetail })} />);
    const card = screen.getByTestId("report-card");
    const changes = within(card).getAllByTestId("metric-change");
    expect(changes.map((change) => change.textContent)).toEqual(["0.0%", "+23.5%", "0.0%"]);
    fireEvent.click(within(card).getByRole("button", { name: /详\s*情/ }));
    expect(onDetail).toHaveBeenCalledWith(expect.objectContaining({ adId: 1001 }));
  });

  it("pages as the table does", () => {
    window.innerWidth = 390;
    const onPage = vi.fn();
    render(<ReportRows {...props({ onPage })} />);
    expect(screen.getByText("共 25 条")).toBeTruthy();
    fireEvent.click(screen.getByTitle("2"));
    expect(onPage).toHaveBeenCalledWith(2, 10);
  });

  it("sorts the cards by a chosen column, either way, or back to the default order", () => {
    window.innerWidth = 390;
    const onSort = vi.fn();
    render(<ReportRows {...props({ onSort, sort: { orderBy: "requestNum", order: "desc" } })} />);
    const select = screen.getByTestId("report-card-sort");
    expect(select.textContent).toBe("请求数 ↓");
    fireEvent.mouseDown(select.querySelector(".ant-select-selector, [role=combobox]") ?? select);
    fireEvent.click(screen.getByTitle("收入（USD） ↑"));
    expect(onSort).toHaveBeenLastCalledWith({ orderBy: "settleAmount", order: "asc" });
    fireEvent.mouseDown(select.querySelector(".ant-select-selector, [role=combobox]") ?? select);
    fireEvent.click(screen.getByTitle("默认排序"));
    expect(onSort).toHaveBeenLastCalledWith(null);
  });

  it("says why a range has no rows", () => {
    window.innerWidth = 390;
    render(<ReportRows {...props({ rows: [], total: 0 })} />);
    expect(screen.getByTestId("report-empty").dataset.empty).toBe("none");
    expect(screen.queryByTestId("report-total")).toBeNull();
  });

  it("keeps the table on a wider window", async () => {
    render(<ReportRows {...props()} />);
    expect(await screen.findByRole("table")).toBeTruthy();
    expect(screen.queryByTestId("report-card")).toBeNull();
  });
});
