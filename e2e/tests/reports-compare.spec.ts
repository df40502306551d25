/**
 * Period comparison in the report screens (issue 14 item 1), in Chinese and English, over the demo seed's
 * published days: the Compare select turns it on, the comparison range is shown, the total row shows the
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
    compareRange: (start: string, end: string) => `对比 ${start} ~ ${end}`,
    request: "请求数",
    requestColumns: "请求数,请求数（对比）,请求数 Δ,请求数 Δ %",
    hits: "点击数",
  },
  en: {
    previousPeriod: "Previous period",
    previousWeek: "Same days last week",
    off: "Off",
    compareRange: (start: string, end: string) => `Compared with ${start} – ${end}`,
    request: "Request",
    requestColumns: "Request,Request (comparison),Request Δ,Request Δ %",
    hits: "Hits",
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
      const days = 7;
      const range = { start: iso(addDays(dates.startDate, -days)), end: iso(addDays(dates.endDate, -days)) };
      await expect(page.getByTestId("compare-range")).toHaveText(t.compareRange(range.start, range.end));

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
      // each row shows its change too
      await expect(
        table.locator(".ant-table-tbody tr.ant-table-row").first().getByTestId("metric-change").first(),
      ).toBeVisible();

      // the trend overlays the comparison series, dashed, with a legend naming the range
      const trend = page.getByTestId("trend-chart");
      await expect(trend.getByTestId("trend-compare-line")).toBeVisible();
      await expect(trend.getByTestId("trend-compare-line")).toHaveAttribute("stroke-dasharray", /\d/);
      await expect(trend.getByTestId("trend-legend")).toContainText(range.start);

      // the export carries the comparison columns
      const downloading = page.waitForEvent("download");
      await page.getByTestId("report-export").click();
      const download = await downloading;
      const lines = readFileSync(await download.path())
        .subarray(3)
        .toString("utf8")
        .trimEnd()
        .split(/\r?\n/);
      expect(lines[0]).toContain(t.requestColumns);
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
      await expect(page.getByTestId("compare-range")).toHaveText(
        t.compareRange(iso(addDays(dates.startDate, -7)), iso(addDays(dates.endDate, -7))),
      );
      const summary = await reportApi.summary(page, "offline", { ...dates, compare: "previous_week" });
      const value = Number(summary.total.clickNum);
      const base = Number((summary.total.compare as unknown as Record<string, number>).clickNum);
      const titles = await table
        .locator(".ant-table-thead th")
        .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
      const cell = table.getByTestId("report-total").locator("td").nth(titles.indexOf(t.hits));
      await expect(cell.getByTestId("metric-change")).toHaveText(changeOf(value, base, lang));
    });
  });
}
