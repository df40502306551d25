/**
 * A report table sorts by any column, by the server across every page; the sort is kept with
 * the column preferences (a reload keeps it) and the export follows it.
 */
import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { columnTexts } from "./reportTable.ts";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";
const REQUEST = { zh: "请求数", en: "Requests" } as const;

const table = (page: Page) => page.getByTestId("report-table");
const rows = (scope: Locator) => scope.locator(".ant-table-tbody tr.ant-table-row");
const header = (page: Page, title: string) =>
  table(page)
    .locator(".ant-table-thead th")
    .filter({ hasText: new RegExp(`^${title}$`) });

/** The numbers of a column over the shown rows (digits only: "1,234" is 1234); none while it is not drawn. */
async function columnNumbers(page: Page, title: string): Promise<number[]> {
  const texts = (await columnTexts(table(page), title)) ?? [];
  return texts.map((text) => Number(text.replace(/\D/g, "")));
}

/** Whether rows are shown and their numbers go down (or up) the column. */
const sortedDown = (values: number[]) =>
  values.length > 0 && values.every((value, i) => i === 0 || (values[i - 1] ?? 0) >= value);
const sortedUp = (values: number[]) =>
  values.length > 0 && values.every((value, i) => i === 0 || (values[i - 1] ?? 0) <= value);

for (const lang of ["zh", "en"] as Lang[]) {
  test(`sorts a report column across pages, keeps it, exports in its order (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, lang);
    await page.goto(SDK);
    await expect(rows(table(page)).first()).toBeVisible();
    const title = REQUEST[lang];

    // first click: the largest first, asked of the server
    const asked = page.waitForRequest(
      (request) =>
        request.url().endsWith("/v1/online/ssp") && request.postDataJSON()?.orderBy === "requestNum",
    );
    await header(page, title).click();
    expect((await asked).postDataJSON()).toMatchObject({
      orderBy: "requestNum",
      order: "desc",
      pageIndex: 1,
    });
    await expect(header(page, title)).toHaveAttribute("aria-sort", "descending");
    await expect.poll(async () => sortedDown(await columnNumbers(page, title))).toBe(true);
    const firstPage = await columnNumbers(page, title);

    // the next page goes on from where the first ended: the server sorted every row
    await page.locator(".ant-pagination-item-2").click();
    await expect(page.locator(".ant-pagination-item-active")).toHaveText("2");
    await expect
      .poll(async () => {
        const second = await columnNumbers(page, title);
        return sortedDown(second) && (second[0] ?? 0) <= (firstPage.at(-1) ?? 0);
      })
      .toBe(true);

    // second click: the smallest first, from page 1
    await header(page, title).click();
    await expect(header(page, title)).toHaveAttribute("aria-sort", "ascending");
    await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");
    await expect.poll(async () => sortedUp(await columnNumbers(page, title))).toBe(true);

    // kept with the column preferences
    await page.reload();
    await expect(header(page, title)).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(async () => sortedUp(await columnNumbers(page, title))).toBe(true);
    const shown = await columnNumbers(page, title);

    // the export follows the order
    const downloading = page.waitForEvent("download");
    await page.getByTestId("report-export").click();
    const lines = readFileSync(await (await downloading).path())
      .subarray(3)
      .toString("utf8")
      .trimEnd()
      .split(/\r?\n/);
    const column = (lines[0] ?? "").split(",").indexOf(title);
    expect(lines.slice(1, 1 + shown.length).map((line) => Number(line.split(",")[column]))).toEqual(shown);

    // a third click goes back to the default order (date newest first)
    await header(page, title).click();
    await expect(header(page, title)).not.toHaveAttribute("aria-sort", /./);
  });
}
