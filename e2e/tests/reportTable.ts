/** Reading a report's rows: a table's columns by their titles, a phone's cards. */
import { expect, type Locator, type Page } from "@playwright/test";
import { type Lang, signIn } from "./support.ts";

/** The report's rows as a phone shows them, one card each. */
export const reportCards = (page: Page): Locator =>
  page.getByTestId("report-table").getByTestId("report-card");

/** A report at `path` opened on a phone by the demo publisher's admin: its cards, once the first is drawn. */
export async function openReportCards(page: Page, lang: Lang, path: string): Promise<Locator> {
  await signIn(page, lang, path);
  const cards = reportCards(page);
  await expect(cards.first()).toBeVisible();
  return cards;
}

/**
 * The texts of a column over the shown rows, or null while no header has that title. One-shot, so poll it after
 * a search; it must not throw, because `expect.poll` gives up at once when its function throws, and a column just
 * chosen or sorted is drawn a moment later.
 */
export const columnTexts = (table: Locator, title: string): Promise<string[] | null> =>
  table.evaluate((element, title) => {
    const titles = [...element.querySelectorAll(".ant-table-thead th")].map((cell) =>
      cell.textContent?.trim(),
    );
    const column = titles.indexOf(title);
    if (column < 0) return null;
    const rows = [...element.querySelectorAll(".ant-table-tbody tr.ant-table-row")];
    return rows.map((row) => row.children[column]?.textContent ?? "");
  }, title);
