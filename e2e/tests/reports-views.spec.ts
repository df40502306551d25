/**
 * Saved views of the SDK report: a question (last 30 days as a preset, two ad types, sorted by requests) saved as
 * a view, the screen changed (the view marked edited, then reset), the view reopened in one click: the table
 * asks and shows the saved question again. Then the view is renamed and deleted. In both languages, on a
 * desktop and on a phone.
 */
import { AD_STYLE_TITLES } from "@pc/contract";
import { expect, type Page, type Request, test } from "@playwright/test";
import { PRESETS, pickPreset, rangePicker } from "./rangePicker.ts";
import { addDays, iso, reportApi } from "./reportApi.ts";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";

const T = {
  zh: {
    views: "视图",
    saveNew: "另存为新视图…",
    rename: "重命名视图…",
    delete: "删除视图…",
    edited: "已修改",
    ok: /^确\s?定$/,
    request: "请求数",
    adStyle: "广告类型",
  },
  en: {
    views: "Views",
    saveNew: "Save as new view…",
    rename: "Rename view…",
    delete: "Delete view…",
    edited: "edited",
    ok: /^OK$/,
    request: "Requests",
    adStyle: "Ad type",
  },
} as const;

const VIEWPORTS = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 } } as const;
const CHOSEN_STYLES = [1, 2] as const;

/** The SDK table's call whose body `matches`. */
const tableCall = (page: Page, matches: (body: Record<string, unknown>) => boolean) =>
  page.waitForRequest(
    (request: Request) =>
      request.method() === "POST" &&
      request.url().endsWith("/v1/online/ssp") &&
      matches(request.postDataJSON() as Record<string, unknown>),
  );

const viewsButton = (page: Page) => page.getByTestId("report-views");
const viewMenu = async (page: Page) => {
  await viewsButton(page).click();
  return page.locator(".pc-views-menu:visible");
};

for (const [layout, viewport] of Object.entries(VIEWPORTS)) {
  const phone = layout === "phone";
  test.describe(`${layout} (${viewport.width} px)`, () => {
    test.use({ viewport });

    for (const lang of ["zh", "en"] as Lang[]) {
      test(`saves a question as a view and reopens it in one click (${lang})`, async ({ page }) => {
        test.setTimeout(120_000);
        const t = T[lang];
        await signIn(page, lang);
        await page.goto(SDK);
        const rows = phone
          ? page.getByTestId("report-card")
          : page.getByTestId("report-table").locator(".ant-table-tbody tr.ant-table-row");
        await expect(rows.first()).toBeVisible();
        const window = await reportApi.dateWindow(page);
        const last30 = { startDate: addDays(window.maxDate, -29), endDate: window.maxDate };
        const unfold = async () => {
          if (phone && (await page.getByTestId("filter-fold").getAttribute("aria-expanded")) === "false")
            await page.getByTestId("filter-fold").click();
        };

        // the question: the last 30 days, two ad types, the most requests first
        await unfold();
        await pickPreset(page, "report", PRESETS[lang].last30);
        await page.locator("#report_adStyle").click();
        for (const style of CHOSEN_STYLES)
          await page.locator(".ant-select-dropdown:visible").getByTitle(AD_STYLE_TITLES[style][lang]).click();
        await page.keyboard.press("Escape");
        const filtered = tableCall(page, (body) => Array.isArray(body.adStyle));
        await page.getByTestId("filter-search").click();
        await filtered;
        const sortDesc = async () => {
          if (phone) {
            await page.getByTestId("report-card-sort").click();
            await page.locator(".ant-select-dropdown:visible").getByTitle(`${t.request} ↓`).click();
          } else {
            await page.getByTestId("report-table").locator("th").filter({ hasText: t.request }).click();
          }
        };
        const sorted = tableCall(page, (body) => body.orderBy === "requestNum" && body.order === "desc");
        await sortDesc();
        await sorted;

        // saved as a view, kept as "the last 30 days"
        const name = `${lang}-${layout}-${Date.now().toString(36)}`;
        await (await viewMenu(page)).getByRole("menuitem", { name: t.saveNew }).click();
        const dialog = page.getByTestId("report-view-dialog");
        await expect(dialog.locator("#report-view-dates")).toContainText(PRESETS[lang].last30);
        await dialog.locator("#report-view-name").fill(name);
        const listed = page.waitForResponse((response) => response.url().endsWith("/v1/online/view/list"));
        await dialog.getByRole("button", { name: t.ok }).click();
        await expect(dialog).toBeHidden();
        await listed;
        await expect(page.getByTestId("report-view-name")).toHaveText(name);
        await expect(page.getByTestId("report-view-edited")).toHaveCount(0);

        // the screen changed: the view is marked edited; a reset leaves the view
        if (phone) {
          await page.getByTestId("report-card-sort").click();
          await page.locator(".ant-select-dropdown:visible").getByTitle(`${t.request} ↑`).click();
        } else {
          await page.getByTestId("report-table").locator("th").filter({ hasText: t.request }).click();
        }
        await expect(page.getByTestId("report-view-edited")).toHaveText(t.edited);
        await unfold();
        const reset = tableCall(page, (body) => body.adStyle === null && body.order === "asc");
        await page.getByTestId("filter-reset").click();
        await reset;
        await expect(page.getByTestId("report-view-name")).toHaveText(t.views);

        // reopened in one click: the table asks the saved question and shows it
        const reopened = tableCall(
          page,
          (body) =>
            JSON.stringify(body.adStyle) === JSON.stringify(CHOSEN_STYLES) &&
            body.startDate === last30.startDate &&
            body.endDate === last30.endDate &&
            body.orderBy === "requestNum" &&
            body.order === "desc" &&
            body.pageIndex === 1,
        );
        await (await viewMenu(page)).getByRole("menuitem", { name }).click();
        await reopened;
        await expect(page.getByTestId("report-view-name")).toHaveText(name);
        await expect(page.getByTestId("report-view-edited")).toHaveCount(0);
        await expect(rows.first()).toBeVisible();
        const styleTitles = CHOSEN_STYLES.map((style) => AD_STYLE_TITLES[style][lang]);
        if (phone) {
          await expect(page.getByTestId("filter-dates")).toContainText(
            `${iso(last30.startDate)} ~ ${iso(last30.endDate)}`,
          );
          await expect(page.getByTestId("report-card-sort")).toContainText(`${t.request} ↓`);
          await expect
            .poll(async () => {
              const cells = await rows.locator("[data-dimension=adStyle]").allTextContents();
              return cells.length > 0 && cells.every((cell) => styleTitles.includes(cell.trim()));
            })
            .toBe(true);
        } else {
          await expect(rangePicker(page, "report").start).toHaveValue(iso(last30.startDate));
          await expect(
            page.getByTestId("report-table").locator("th").filter({ hasText: t.request }),
          ).toHaveAttribute("aria-sort", "descending");
          const headers = await page
            .getByTestId("report-table")
            .locator(".ant-table-thead th")
            .allTextContents();
          const column = headers.findIndex((title) => title.trim() === t.adStyle);
          expect(column).toBeGreaterThanOrEqual(0);
          await expect
            .poll(async () => {
              const cells = await rows.evaluateAll(
                (found, index) => found.map((row) => row.children[index]?.textContent?.trim() ?? ""),
                column,
              );
              return cells.length > 0 && cells.every((cell) => styleTitles.includes(cell));
            })
            .toBe(true);
        }
        await unfold();
        const styleTags = page.locator(".ant-form-item:has(#report_adStyle)");
        for (const title of styleTitles) await expect(styleTags).toContainText(title);

        // renamed, then deleted after a confirmation
        await (await viewMenu(page)).getByRole("menuitem", { name: t.rename }).click();
        await dialog.locator("#report-view-name").fill(`${name}-2`);
        await dialog.getByRole("button", { name: t.ok }).click();
        await expect(page.getByTestId("report-view-name")).toHaveText(`${name}-2`);
        await (await viewMenu(page)).getByRole("menuitem", { name: t.delete }).click();
        await page.locator(".ant-modal-confirm").getByRole("button", { name: t.ok }).click();
        await expect(page.getByTestId("report-view-name")).toHaveText(t.views);
        const menu = await viewMenu(page);
        await expect(menu.getByRole("menuitem", { name: t.saveNew })).toBeVisible();
        await expect(menu.getByRole("menuitem", { name: `${name}-2` })).toHaveCount(0);
      });
    }
  });
}

test.describe("affiliate report (1366 px)", () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test("saves its dates and sort as a view and reopens them (en)", async ({ page }) => {
    test.setTimeout(90_000);
    const t = T.en;
    await signIn(page, "en");
    await page.goto("/reports/affiliateReports");
    const table = page.getByTestId("report-table");
    await expect(table.locator(".ant-table-tbody tr.ant-table-row").first()).toBeVisible();
    const window = await reportApi.dateWindow(page);
    const startDate = addDays(window.maxDate, -29);
    const affiliateCall = (matches: (body: Record<string, unknown>) => boolean) =>
      page.waitForRequest(
        (request) =>
          request.method() === "POST" &&
          request.url().endsWith("/v1/offline/ssp") &&
          matches(request.postDataJSON() as Record<string, unknown>),
      );

    await pickPreset(page, "report", PRESETS.en.last30);
    const searched = affiliateCall((body) => body.startDate === startDate);
    await page.getByTestId("filter-search").click();
    await searched;
    const sorted = affiliateCall((body) => body.orderBy === "clickNum" && body.order === "desc");
    await table.locator("th").filter({ hasText: "Clicks" }).click();
    await sorted;

    const name = `affiliate-${Date.now().toString(36)}`;
    await (await viewMenu(page)).getByRole("menuitem", { name: t.saveNew }).click();
    const dialog = page.getByTestId("report-view-dialog");
    await dialog.locator("#report-view-name").fill(name);
    await dialog.getByRole("button", { name: t.ok }).click();
    await expect(page.getByTestId("report-view-name")).toHaveText(name);

    const reset = affiliateCall((body) => body.startDate !== startDate);
    await page.getByTestId("filter-reset").click();
    await reset;
    const reopened = affiliateCall(
      (body) => body.startDate === startDate && body.orderBy === "clickNum" && body.order === "desc",
    );
    await (await viewMenu(page)).getByRole("menuitem", { name }).click();
    await reopened;
    await expect(rangePicker(page, "report").start).toHaveValue(iso(startDate));
    await expect(table.locator("th").filter({ hasText: "Clicks" })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await (await viewMenu(page)).getByRole("menuitem", { name: t.delete }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: t.ok }).click();
    await expect(page.getByTestId("report-view-name")).toHaveText(t.views);
  });
});
