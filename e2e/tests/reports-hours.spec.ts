/**
 * The SDK report by hour, in Chinese and English, at 1366 and 390 px, over the demo seed (REPORT_TZ is UTC;
 * yesterday is calculated, not published): for one published day the trend is its 24 hours and says their
 * time zone, the Hour column chosen in the custom columns (a table column, a card's part on a phone) shows
 * the hours the server answers, and the export writes them; yesterday, not published, shows no hours and no
 * error; a range of several days leaves the hour out.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { PRESETS, pickPreset, rangePicker, rangePopup } from "./rangePicker.ts";
import { addDays, iso, type ReportRow, reportApi } from "./reportApi.ts";
import { openReportCards } from "./reportTable.ts";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };

const T = {
  zh: {
    trend: "趋势",
    trendByHour: "按小时趋势（UTC）",
    hourColumn: "小时（UTC）",
    hourCsv: "小时",
    dateCsv: "日期",
    // antd spaces out a button's two Chinese characters
    apply: /^应 ?用$/,
    showFilters: /筛 ?选$/,
  },
  en: {
    trend: "Trend",
    trendByHour: "Trend by hour (UTC)",
    hourColumn: "Hour (UTC)",
    hourCsv: "Hour",
    dateCsv: "Date",
    apply: /^Apply$/,
    showFilters: /(?<!Hide )Filters$/,
  },
} as const;

const hourText = (hour: unknown) => `${String(hour).padStart(2, "0")}:00`;
const trendTitle = (page: Page) => page.locator(".pc-trend-card .ant-card-head-title");

/** Picks one day as the report's range in its calendar (on a phone, the folded filters opened first), and searches. */
async function searchDay(page: Page, lang: Lang, ymd: string, phone: boolean) {
  if (phone) await page.getByRole("button", { name: T[lang].showFilters }).click();
  const { start, end } = rangePicker(page, "report");
  await start.click();
  const cell = rangePopup(page)
    .locator(`.ant-picker-cell-in-view[title="${iso(ymd)}"]`)
    .first();
  await cell.click();
  await cell.click();
  await expect(rangePopup(page)).toHaveCount(0);
  await expect(start).toHaveValue(iso(ymd));
  await expect(end).toHaveValue(iso(ymd));
  await page.getByTestId("filter-search").click();
}

/** Chooses the hour among the dimensions in the custom-column dialog, which says when it applies. */
async function chooseHour(page: Page, lang: Lang) {
  await page.getByTestId("report-columns").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("columns-hour-note")).toContainText("UTC");
  await dialog.getByTestId("columns-dimensions").getByText(T[lang].hourColumn, { exact: true }).click();
  await dialog.getByRole("button", { name: T[lang].apply }).click();
  await expect(dialog).toBeHidden();
}

/** The rows the server answers for the day with the screen's default columns and the hour. */
const hourRows = async (page: Page, ymd: string): Promise<ReportRow[]> =>
  (
    await reportApi.list(page, "online", {
      startDate: ymd,
      endDate: ymd,
      dimensions: [1, 6, 3, 4, 5],
      pageIndex: 1,
      pageSize: 10,
    })
  ).list;

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`SDK report by hour at 1366 px (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport: DESKTOP });

    test("a published day: the trend by hour, the Hour column and the export; yesterday shows none", async ({
      page,
    }) => {
      await signIn(page, lang);
      await page.goto(SDK);
      const table = page.getByTestId("report-table");
      await expect(table.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
      await expect(trendTitle(page)).toHaveText(t.trend);
      const { maxDate } = await reportApi.dateWindow(page);
      const day = addDays(maxDate, -1);

      await searchDay(page, lang, day, false);
      await expect(trendTitle(page)).toHaveText(t.trendByHour);
      const trend = page.getByTestId("trend-chart");
      await expect(trend).toContainText("00:00");
      await expect(trend).toContainText("23:00");

      await chooseHour(page, lang);
      const titles = () =>
        table
          .locator(".ant-table-thead th")
          .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
      await expect.poll(titles).toContain(t.hourColumn);
      const column = (await titles()).indexOf(t.hourColumn);
      const rows = table.locator(".ant-table-tbody tr.ant-table-row");
      const expected = (await hourRows(page, day)).map((row) => hourText(row.hour));
      expect(expected.length).toBeGreaterThan(0);
      await expect(rows.locator(`td:nth-child(${column + 1})`)).toHaveText(expected);

      const downloading = page.waitForEvent("download");
      await page.getByTestId("report-export").click();
      const lines = readFileSync(await (await downloading).path())
        .subarray(3)
        .toString("utf8")
        .trimEnd()
        .split(/\r?\n/);
      expect(lines[0]?.startsWith(`${t.dateCsv},${t.hourCsv},`)).toBe(true);
      expect(lines.slice(1, expected.length + 1).map((line) => line.split(",")[1])).toEqual(expected);

      // yesterday is not published: its hours are not asked, nothing is refused
      await pickPreset(page, "report", PRESETS[lang].yesterday);
      await page.getByTestId("filter-search").click();
      await expect(trendTitle(page)).toHaveText(t.trend);
      await expect.poll(titles).not.toContain(t.hourColumn);
      await expect(page.locator(".ant-message-notice")).toHaveCount(0);

      // several days: the hour is left out of the table
      await pickPreset(page, "report", PRESETS[lang].last7);
      await page.getByTestId("filter-search").click();
      await expect(table.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
      await expect.poll(titles).not.toContain(t.hourColumn);
      await expect(trendTitle(page)).toHaveText(t.trend);
    });
  });

  test.describe(`SDK report by hour at 390 px (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport: PHONE });

    test("a published day's cards carry their hour; the trend is by hour; nothing overflows", async ({
      page,
    }) => {
      const cards = await openReportCards(page, lang, SDK);
      const { maxDate } = await reportApi.dateWindow(page);
      const day = addDays(maxDate, -1);

      await searchDay(page, lang, day, true);
      await expect(trendTitle(page)).toHaveText(t.trendByHour);
      await chooseHour(page, lang);
      const expected = (await hourRows(page, day)).map((row) => hourText(row.hour));
      await expect(cards.locator("[data-dimension=hour]")).toHaveText(expected);
      // the cards' sort offers the hour by its zoned title
      await page.getByTestId("report-card-sort").click();
      await expect(page.locator(".ant-select-dropdown:visible")).toContainText(t.hourColumn);
      await page.keyboard.press("Escape");
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
