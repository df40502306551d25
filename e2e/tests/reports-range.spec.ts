/**
 * The report dates as one range picker with presets, in Chinese and English: the presets the
 * window allows, each clipped to it, set the range the search sends as
 * startDate/endDate yyyyMMdd; a row's detail view has the same picker.
 */
import { expect, type Page, type Request, test } from "@playwright/test";
import { PRESETS, pickPreset, rangePicker, rangePopup } from "./rangePicker.ts";
import { addDays, iso, reportApi } from "./reportApi.ts";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";

/** The dates a report call asked for (its JSON body). */
function datesAsked(request: Request) {
  const body = request.postDataJSON() as { startDate?: string; endDate?: string };
  return { startDate: body.startDate, endDate: body.endDate };
}

/** The next report summary call of the screen (`/online/summary`) or of a row's detail view. */
const nextSummary = (page: Page) =>
  page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith("/online/summary"));

for (const lang of ["zh", "en"] as Lang[]) {
  const presets = PRESETS[lang];

  test.describe(`report range picker (${lang})`, () => {
    test.describe.configure({ timeout: 60_000 });

    test.beforeEach(async ({ page }) => {
      await signIn(page, lang);
      await page.goto(SDK);
      await expect(page.getByTestId("report-table").locator(".ant-table-row").first()).toBeVisible();
    });

    test("a preset sets the range, and the search asks for its dates", async ({ page }) => {
      const { today, minDate, maxDate } = await reportApi.dateWindow(page);
      const { start, end } = rangePicker(page, "report");
      await start.click();
      // every preset but this month's on the 1st (no day of the month before today)
      const offered = Object.entries(presets)
        .filter(([key]) => key !== "thisMonth" || !today.endsWith("01"))
        .map(([, label]) => label);
      await expect(rangePopup(page).locator(".ant-picker-presets li")).toHaveText(offered);
      await start.press("Escape");

      await pickPreset(page, "report", presets.last30);
      const last30 = { startDate: addDays(maxDate, -29), endDate: maxDate };
      await expect(start).toHaveValue(iso(last30.startDate));
      await expect(end).toHaveValue(iso(last30.endDate));
      const searched = nextSummary(page);
      await page.getByTestId("filter-search").click();
      expect(datesAsked(await searched)).toEqual(last30);

      // the last 90 days are the whole window
      await pickPreset(page, "report", presets.last90);
      const whole = nextSummary(page);
      await page.getByTestId("filter-search").click();
      expect(datesAsked(await whole)).toEqual({ startDate: minDate, endDate: maxDate });
    });

    test("a row's detail view picks its own range with the presets", async ({ page }) => {
      const { maxDate } = await reportApi.dateWindow(page);
      await page
        .getByTestId("report-table")
        .locator(".ant-table-row")
        .first()
        .locator("[data-action=detail]")
        .click();
      const drawer = page.locator(".pc-report-detail");
      await expect(drawer.getByTestId("detail-table").locator(".ant-table-row").first()).toBeVisible();
      await pickPreset(page, "detail", presets.yesterday);
      await expect(rangePicker(drawer, "detail").start).toHaveValue(iso(maxDate));
      const searched = nextSummary(page);
      await drawer.getByTestId("filter-search").click();
      expect(datesAsked(await searched)).toEqual({ startDate: maxDate, endDate: maxDate });
    });
  });
}
