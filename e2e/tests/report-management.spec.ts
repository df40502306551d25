import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, iso, reportApi } from "./reportApi.ts";
import { type Lang, OPERATOR, signIn, signInAs, TEXT } from "./support.ts";

const PAGE = "/reports/reportManagement";

const T = {
  zh: {
    sdk: "SDK 报表",
    pending: "待计算",
    calculated: "已计算（待发布）",
    published: "已发布",
    undone: "不可撤销",
    recalculate: /^重新计算$/,
    publish: /^发\s?布$/,
    delete: /^删\s?除$/,
    calculate: /^计\s?算$/,
    cancel: /^取\s?消$/,
    success: "成功",
    menu: "报表",
    management: "报表管理",
    calculateDialog: "计算报表",
    publishedAt: "发布时间",
    changed: "完成：2 个报表批次已变更",
    changedOne: "完成：1 个报表批次已变更",
    affiliate: "联盟报表",
    unpublished: "原已发布，现已撤回：重新发布前发布者看不到",
    ok: /^确\s?定$|^OK$/,
  },
  en: {
    sdk: "SDK Reports",
    pending: "Pending",
    calculated: "Calculated (not published)",
    published: "Published",
    undone: "cannot be undone",
    recalculate: /^Recalculate$/,
    publish: /^Publish$/,
    delete: /^Delete$/,
    calculate: /^Calculate$/,
    cancel: /^Cancel$/,
    success: "Success",
    menu: "Reports",
    management: "Report Management",
    calculateDialog: "Calculate a report",
    publishedAt: "Published at",
    changed: "Done: 2 report batches changed",
    changedOne: "Done: 1 report batch changed",
    affiliate: "Affiliate Reports",
    unpublished: "It was published: publishers no longer see it until it is published again",
    ok: /^OK$/,
  },
} as const;

/** Days of the management tests, apart per language and from the last 7 days the report specs read. */
const DAYS_BACK: Record<Lang, { recalculate: number; remove: number }> = {
  zh: { recalculate: 20, remove: 40 },
  en: { recalculate: 21, remove: 41 },
};

const demoRows = (page: Page) =>
  page.getByTestId("batch-table").locator("tr.ant-table-row").filter({ hasText: "Demo Publisher" });
const statusOf = (row: Locator) => row.locator("[data-status]").first();

async function showDay(page: Page, ymd: string, kindTitle: string | null) {
  const inputs = page.locator(".pc-manage-range input");
  await inputs.nth(0).click();
  await inputs.nth(0).fill(iso(ymd));
  await inputs.nth(0).press("Enter");
  await inputs.nth(1).fill(iso(ymd));
  await inputs.nth(1).press("Enter");
  const kind = page.locator("#manage_kind");
  if (kindTitle) {
    await kind.click();
    await page.locator(".ant-select-dropdown:visible").getByTitle(kindTitle).click();
  }
  await page.getByTestId("filter-search").click();
  await expect(page.getByTestId("batch-table").locator("tr.ant-table-row").first()).toContainText(iso(ymd));
}

/** Runs a row action through its confirmation (which says it cannot be undone). */
async function act(page: Page, row: Locator, action: string, ok: RegExp, undone: string) {
  await row.locator(`[data-action=${action}]`).click();
  const confirm = page.locator(".ant-modal-confirm-confirm");
  await expect(confirm).toContainText(undone);
  await confirm.getByRole("button", { name: ok }).click();
  await expect(confirm).toBeHidden();
}

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`report management (${lang})`, () => {
    test.describe.configure({ timeout: 120_000 });

    test("an operator recalculates a day (both kinds, unpublished) and publishes it again", async ({
      page,
    }) => {
      await signInAs(page, OPERATOR, lang);
      await page.goto(PAGE);
      const { maxDate } = await reportApi.dateWindow(page);
      const day = addDays(maxDate, -DAYS_BACK[lang].recalculate);

      await showDay(page, day, t.sdk);
      await expect(demoRows(page)).toHaveCount(1);
      const row = demoRows(page).first();
      await expect(statusOf(row)).toHaveText(t.published);

      // cancelling changes nothing
      await row.locator("[data-action=recalculate]").click();
      await page.locator(".ant-modal-confirm").getByRole("button", { name: t.cancel }).click();
      await expect(statusOf(row)).toHaveText(t.published);

      await act(page, row, "recalculate", t.recalculate, t.undone);
      // the answer names both batches it changed, each taken back from published
      const changed = page.locator(".ant-modal-confirm-success");
      await expect(changed).toContainText(t.changed);
      const lines = changed.getByTestId("changed-batch");
      await expect(lines).toHaveCount(2);
      await expect(lines.nth(0)).toContainText(t.sdk);
      await expect(lines.nth(1)).toContainText(t.affiliate);
      for (const line of await lines.all()) {
        await expect(line).toContainText(iso(day));
        await expect(line).toContainText("Demo Publisher");
        await expect(line.locator("[data-status]").first()).toHaveText(t.calculated);
        await expect(line.getByTestId("changed-batch-unpublished")).toHaveText(t.unpublished);
      }
      await changed.getByRole("button", { name: t.ok }).click();
      await expect(changed).toBeHidden();
      await expect(statusOf(row)).toHaveText(t.calculated);

      // the affiliate report of the day was recalculated too: both wait to be published
      await page
        .locator("#manage_kind")
        .locator("xpath=ancestor::*[contains(@class,'ant-select')][1]")
        .hover();
      await page
        .locator(".ant-form-item")
        .filter({ has: page.locator("#manage_kind") })
        .locator(".ant-select-clear")
        .click();
      await page.getByTestId("filter-search").click();
      await expect(demoRows(page)).toHaveCount(2);
      for (const each of await demoRows(page).all()) await expect(statusOf(each)).toHaveText(t.calculated);

      for (let i = 0; i < 2; i += 1) {
        const next = demoRows(page)
          .filter({ has: page.locator("[data-action=publish]") })
          .first();
        await act(page, next, "publish", t.publish, t.undone);
      }
      for (const each of await demoRows(page).all()) await expect(statusOf(each)).toHaveText(t.published);
      const batches = await reportApi.batches(page, day);
      expect(batches.list.filter((b) => b.company_name === "Demo Publisher").map((b) => b.status)).toEqual([
        "published",
        "published",
      ]);
    });

    test("an operator deletes a day's report, calculates and publishes it again", async ({ page }) => {
      await signInAs(page, OPERATOR, lang);
      await page.goto(PAGE);
      const { maxDate } = await reportApi.dateWindow(page);
      const day = addDays(maxDate, -DAYS_BACK[lang].remove);

      await showDay(page, day, t.sdk);
      const row = demoRows(page).first();
      await expect(statusOf(row)).toHaveText(t.published);
      await act(page, row, "delete", t.delete, t.undone);
      await expect(statusOf(row)).toHaveText(t.pending);
      await act(page, row, "calculate", t.calculate, t.undone);
      // a deleted day calculated again is a first calculation: it changes the SDK batch alone
      const changed = page.locator(".ant-modal-confirm-success");
      await expect(changed).toContainText(t.changedOne);
      await expect(changed.getByTestId("changed-batch")).toHaveCount(1);
      await expect(changed.getByTestId("changed-batch-unpublished")).toHaveCount(0);
      await changed.getByRole("button", { name: t.ok }).click();
      await expect(changed).toBeHidden();
      await expect(statusOf(row)).toHaveText(t.calculated);
      await act(page, row, "publish", t.publish, t.undone);
      await expect(statusOf(row)).toHaveText(t.published);

      // calculating a day from the toolbar says first that it cannot be undone
      await page.getByTestId("manage-calculate-day").click();
      const dialog = page.getByRole("dialog", { name: t.calculateDialog });
      await expect(dialog).toContainText(t.undone);
      await dialog.getByRole("button", { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
    });

    test("at 1366×768 the published time shows whole, beside the fixed actions", async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signInAs(page, OPERATOR, lang);
      await page.goto(PAGE);
      const table = page.getByTestId("batch-table");
      await expect(table.locator("tr.ant-table-row").first()).toBeVisible();
      const headers = table.locator(".ant-table-thead th");
      const header = headers.filter({ hasText: t.publishedAt });
      await expect(header).toBeVisible();
      const box = await header.boundingBox();
      const actions = await headers.last().boundingBox();
      if (!box || !actions) throw new Error("no header");
      expect(box.x + box.width).toBeLessThanOrEqual(actions.x + 1);
      expect(box.x + box.width).toBeLessThanOrEqual(1366);
      // neither the title nor a published row's time is cut
      const column = await headers.evaluateAll(
        (cells, title) => cells.findIndex((cell) => cell.textContent?.trim() === title),
        t.publishedAt,
      );
      expect(column).toBeGreaterThan(0);
      const clipped = await table.locator("tr.ant-table-row").evaluateAll(
        (rows, index) =>
          rows
            .map((row) => row.children[index] as HTMLElement | undefined)
            .filter((cell) => cell && cell.textContent !== "")
            .map((cell) => (cell as HTMLElement).scrollWidth > (cell as HTMLElement).clientWidth),
        column,
      );
      expect(clipped.length).toBeGreaterThan(0);
      expect(clipped.every((cut) => !cut)).toBe(true);
      expect(await header.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
      expect(
        await table
          .locator(".ant-table-content, .ant-table-body")
          .first()
          .evaluate((el) => el.scrollLeft),
      ).toBe(0);
    });

    test("report management is the operators' only", async ({ page }) => {
      await signIn(page, lang);
      await page.goto(PAGE);
      await expect(page.getByText(TEXT[lang].noPermission)).toBeVisible();
    });
  });
}
