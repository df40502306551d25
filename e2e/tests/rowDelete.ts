/** The delete action of a list row, as the app and placement specs drive it. */
import { expect, type Locator, type Page } from "@playwright/test";
import { toast } from "./support.ts";

/** The confirm dialog's texts and the toasts after cancelling and after deleting, in the page's language. */
export interface DeleteTexts {
  confirm: string;
  cancel: string | RegExp;
  ok: string | RegExp;
  cancelled: string;
  success: string;
}

/** Deletes the row through its confirm dialog: cancelling first keeps the row, confirming then removes it. */
export async function cancelThenDelete(page: Page, row: Locator, t: DeleteTexts) {
  await row.locator("[data-action=delete]").click();
  const confirm = page.getByRole("dialog").filter({ hasText: t.confirm });
  await confirm.getByRole("button", { name: t.cancel }).click();
  await expect(toast(page, t.cancelled)).toBeVisible();
  await expect(row).toBeVisible();

  await row.locator("[data-action=delete]").click();
  await page.getByRole("dialog").filter({ hasText: t.confirm }).getByRole("button", { name: t.ok }).click();
  await expect(toast(page, t.success)).toBeVisible();
  await expect(row).toBeHidden();
}
