/**
 * A report form's date range: one antd RangePicker (web/src/pages/reports/query/ReportRangeField.tsx) in a form
 * named `form` ("report" on the screen, "detail" in a row's drawer), its start input `#<form>_range`, with
 * presets in both languages.
 */
import { expect, type Locator, type Page } from "@playwright/test";
import type { Lang } from "./support.ts";

export const PRESETS = {
  zh: {
    yesterday: "昨天",
    last7: "近 7 天",
    last30: "近 30 天",
    thisMonth: "本月",
    lastMonth: "上月",
    last90: "近 90 天",
  },
  en: {
    yesterday: "Yesterday",
    last7: "Last 7 days",
    last30: "Last 30 days",
    thisMonth: "This month",
    lastMonth: "Last month",
    last90: "Last 90 days",
  },
} as const satisfies Record<Lang, Record<string, string>>;

/** The range picker of a form and its two inputs. */
export function rangePicker(scope: Page | Locator, form: string) {
  const picker = scope.locator(`.ant-picker-range:has(#${form}_range)`);
  return { picker, start: picker.locator("input").first(), end: picker.locator("input").nth(1) };
}

/** The open picker's popup. */
export const rangePopup = (page: Page) => page.locator(".ant-picker-dropdown-range:visible");

/** Opens a form's range picker and picks a preset by its label; the popup closes on it. */
export async function pickPreset(page: Page, form: string, label: string) {
  await rangePicker(page, form).start.click();
  await rangePopup(page).locator(".ant-picker-presets li").getByText(label, { exact: true }).click();
  await expect(rangePopup(page)).toHaveCount(0);
}
