/**
 * Period comparison in the report screens, in Chinese and English, over the demo seed's
 * published days: the Compare select turns it on, the days each side counts are shown (the demo's yesterday,
 * not published, shortens both), the total row shows the
 * change the server's numbers give, the trend draws the comparison series dashed with a legend, and the
 * export carries the comparison columns.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { addDays, iso, reportApi } from "./reportApi.ts";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";
const AFFILIATE = "/reports/affiliateReports";

const T = {
  zh: {
    previousPeriod: "上一周期",
    previousWeek: "上周同期",
    off: "不对比",
    span: (start: string, end: string) => `${start} ~ ${end}`,
    compareRange: (current: string, comparison: string, days: number) =>
      `${current} 对比 ${comparison}，各 ${days} 天`,
    totalDays: (days: number) => `两期各 ${days} 天`,
    request: "请求数",
    requestColumns: (current: string, comparison: string) =>
      `请求数（${current}）,请求数（对比：${comparison}）,请求数 Δ,请求数 Δ %`,
    clicks: "点击数",
    fillRate: "填充率",
    fillRateColumns: (current: string, comparison: string) =>
      `填充率（${current}）,填充率（对比：${comparison}）,填充率 Δ（个百分点）,填充率 Δ %`,
    changeInPoints: (points: string) => `变化：${points} 个百分点`,
  },
  en: {
    previousPeriod: "Previous period",
    previousWeek: "Same days last week",
    off: "Off",
    span: (start: string, end: string) => `${start} – ${end}`,
    compareRange: (current: string, comparison: string, days: number) =>
      `${current} compared with ${comparison}: ${days} days each`,
    totalDays: (days: number) => `${days} days each side`,
    request: "Requests",
    requestColumns: (current: string, comparison: string) =>
      `Requests (${current}),Requests (comparison: ${comparison}),Requests Δ,Requests Δ %`,
    clicks: "Clicks",
    fillRate: "Fill rate",
    fillRateColumns: (current: string, comparison: string) =>
      `Fill rate (${current}),Fill rate (comparison: ${comparison}),Fill rate Δ (pp),Fill rate Δ %`,
    changeInPoints: (points: string) => `Change: ${points} pp`,
  },
} as const;

const LOCALES: Record<Lang, string> = { zh: "zh-CN", en: "en-US" };
/** The change as the screens write it: signed percent with one decimal, "—" without a base. */
const changeOf = (value: number, base: number, lang: Lang) =>
  base === 0
    ? "—"
    : new Intl.NumberFormat(LOCALES[lang], {
        style: "percent",
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      }).format((value - base) / Math.abs(base));
/** A rate's change in percentage points as the screens write it, signed with 2 decimals. */
const pointsOf = (value: number, base: number, lang: Lang) =>
  new Intl.NumberFormat(LOCALES[lang], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format((value - base) * 100);

async function chooseCompare(page: Page, label: string) {
  await page.locator("#report_compare").click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(label).click();
}

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`report period comparison (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test.beforeEach(async ({ page }) => {
      await signIn(page, lang);
    });

    test("SDK report: the change in the total row, the trend's second series, the export's columns", async ({
      page,
    }) => {
      await page.goto(SDK);
      const table = page.getByTestId("report-table");
      await expect(table.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
      await expect(page.getByTestId("metric-change")).toHaveCount(0);

      await chooseCompare(page, t.previousPeriod);
      const dates = await reportApi.defaultDates(page);
      // the demo's yesterday is calculated, not published: both sides count the 6 days before it
      const current = t.span(iso(dates.startDate), iso(addDays(dates.endDate, -1)));
      const comparison = t.span(iso(addDays(dates.startDate, -6)), iso(addDays(dates.endDate, -7)));
      await expect(page.getByTestId("compare-range")).toHaveText(t.compareRange(current, comparison, 6));
      await expect(page.getByTestId("report-total-note")).toHaveText(t.totalDays(6));

      const summary = await reportApi.summary(page, "online", {
        ...dates,
        dimensions: [1, 3, 4, 5],
        compare: "previous_period",
      });
      const value = Number(summary.total.requestNum);
      const base = Number((summary.total.compare as unknown as Record<string, number>).requestNum);
      expect(base).toBeGreaterThan(0);
      const total = table.getByTestId("report-total");
      const titles = await table
        .locator(".ant-table-thead th")
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
      const requestCell = total.locator("td").nth(titles.indexOf(t.request));
      await expect(requestCell.getByTestId("metric-change")).toHaveText(changeOf(value, base, lang));
      // a rate's change: relative in the cell, in percentage points in its tooltip
      const compared = summary.total.compare as unknown as Record<string, number>;
      const rate = [Number(summary.total.recallRate), Number(compared.recallRate)] as const;
      const rateChange = total.locator("td").nth(titles.indexOf(t.fillRate)).getByTestId("metric-change");
      await expect(rateChange).toHaveText(changeOf(...rate, lang));
      await rateChange.hover();
      await expect(page.locator(".ant-tooltip:visible")).toContainText(
        t.changeInPoints(pointsOf(...rate, lang)),
      );
      // each row shows its change too
      await expect(
        table.locator(".ant-table-tbody tr.ant-table-row").first().getByTestId("metric-change").first(),
      ).toBeVisible();

      // the trend overlays the comparison series, dashed, with a legend naming the range
      const trend = page.getByTestId("trend-chart");
      await expect(trend.getByTestId("trend-compare-line")).toBeVisible();
      await expect(trend.getByTestId("trend-compare-line")).toHaveAttribute("stroke-dasharray", /\d/);
      await expect(trend.getByTestId("trend-legend")).toContainText(comparison);

      // the export carries the comparison columns
      const downloading = page.waitForEvent("download");
      await page.getByTestId("report-export").click();
      const download = await downloading;
      const lines = readFileSync(await download.path())
        .subarray(3)
        .toString("utf8")
        .trimEnd()
        .split(/\r?\n/);
      expect(lines[0]).toContain(t.requestColumns(current, comparison));
      expect(lines[0]).toContain(t.fillRateColumns(current, comparison));
      expect(lines.length).toBeGreaterThan(1);

      // off again: no change shown
      await chooseCompare(page, t.off);
      await expect(page.getByTestId("compare-range")).toHaveCount(0);
      await expect(page.getByTestId("metric-change")).toHaveCount(0);
      await expect(trend.getByTestId("trend-compare-line")).toHaveCount(0);
    });

    test("affiliate report: same days last week in the total row", async ({ page }) => {
      await page.goto(AFFILIATE);
      const table = page.getByTestId("report-table");
      await expect(table.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
      await chooseCompare(page, t.previousWeek);
      const dates = await reportApi.defaultDates(page);
      const current = t.span(iso(dates.startDate), iso(addDays(dates.endDate, -1)));
      const comparison = t.span(iso(addDays(dates.startDate, -7)), iso(addDays(dates.endDate, -8)));
      await expect(page.getByTestId("compare-range")).toHaveText(t.compareRange(current, comparison, 6));
      const summary = await reportApi.summary(page, "offline", { ...dates, compare: "previous_week" });
      const value = Number(summary.total.clickNum);
      const base = Number((summary.total.compare as unknown as Record<string, number>).clickNum);
      const titles = await table
        .locator(".ant-table-thead th")
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
      const cell = table.getByTestId("report-total").locator("td").nth(titles.indexOf(t.clicks));
      await expect(cell.getByTestId("metric-change")).toHaveText(changeOf(value, base, lang));
    });
  });
}
