/**
 * An export asks the question whose answer is on screen, whatever the timing. The rows of a
 * new question are held on their way: meanwhile the table still shows the previous answer, and Export waits;
 * once they are in, Export downloads exactly them.
 */
import { readFileSync } from "node:fs";
import { expect, type Page, type Route, test } from "@playwright/test";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";
const COUNTRY = { zh: "国家", en: "Country" } as const;

const rows = (page: Page) => page.getByTestId("report-table").locator(".ant-table-tbody tr.ant-table-row");

/** Holds the list calls asking for a country until released. */
async function holdCountryRows(page: Page, country: string) {
  const released: { resolve?: () => void } = {};
  const heldUntil = new Promise<void>((resolve) => {
    released.resolve = resolve;
  });
  await page.route("**/v1/online/ssp", async (route: Route) => {
    const body = route.request().postDataJSON() as { country?: unknown };
    if ([body.country].flat().includes(country)) await heldUntil;
    await route.continue();
  });
  return () => released.resolve?.();
}

for (const lang of ["zh", "en"] as Lang[]) {
  test(`export asks the question on screen, not the one on its way (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, lang);
    await page.goto(SDK);
    await expect(rows(page).first()).toBeVisible();
    const release = await holdCountryRows(page, "US");

    await page.locator("#report_country").click();
    await page.locator("#report_country").fill("US");
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().click();
    await page.keyboard.press("Escape");
    const asked = page.waitForRequest(
      (request) => request.url().endsWith("/v1/online/ssp") && request.method() === "POST",
    );
    await page.getByTestId("filter-search").click();
    await asked;
    // the previous answer is still on screen: exporting now would not be what the table shows
    await expect(page.getByTestId("report-export")).toBeDisabled();

    release();
    const header = page.getByTestId("report-table").locator(".ant-table-thead th");
    const titles = await header.evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
    const column = titles.indexOf(COUNTRY[lang]);
    await expect
      .poll(() =>
        rows(page).evaluateAll(
          (found, index) => [...new Set(found.map((row) => row.children[index]?.textContent ?? ""))],
          column,
        ),
      )
      .toEqual(["US"]);
    await expect(page.getByTestId("report-export")).toBeEnabled();

    const downloadCall = page.waitForRequest((request) => request.url().endsWith("/v1/online/ssp/download"));
    const downloading = page.waitForEvent("download");
    await page.getByTestId("report-export").click();
    const body = (await downloadCall).postDataJSON() as { country?: unknown };
    expect([body.country].flat()).toEqual(["US"]);
    const lines = readFileSync(await (await downloading).path())
      .subarray(3)
      .toString("utf8")
      .trimEnd()
      .split(/\r?\n/);
    const csvColumn = (lines[0] ?? "").split(",").indexOf(COUNTRY[lang]);
    expect(lines.length).toBeGreaterThan(1);
    expect(new Set(lines.slice(1).map((line) => line.split(",")[csvColumn]))).toEqual(new Set(["US"]));
  });
}
