/**
 * Change history (issue 14 item 5): a placement's floor-price change shows in its History drawer, before and
 * after, with who made it; the company-wide page lists it under its kind of record.
 */
import { expect, type Page, test } from "@playwright/test";
import { consoleApi, unique } from "./consoleApi.ts";
import { DEMO, type Lang, signIn } from "./support.ts";

const T = {
  zh: {
    history: "变更记录",
    page: "变更记录",
    updated: "修改",
    created: "新建",
    floors: "底价",
    placement: "广告位",
    title: (name: string) => `变更记录 · ${name}`,
    before: "默认 0.5; US, CA: 1.2",
    after: "默认 0.5; US, CA: 2.5",
  },
  en: {
    history: "History",
    page: "Change History",
    updated: "Updated",
    created: "Created",
    floors: "Floor prices",
    placement: "Placement",
    title: (name: string) => `Change history · ${name}`,
    before: "Default 0.5; US, CA: 1.2",
    after: "Default 0.5; US, CA: 2.5",
  },
} as const;

const floors = (price: number) => ({
  default_bottom_price: 0.5,
  country_open_flag: 1,
  country_open_items: [{ countrys: ["US", "CA"], price }],
});

/** An app with a placement whose US/CA floor price went from 1.2 to 2.5. */
async function changedPlacement(page: Page) {
  const appName = unique("History app");
  const app = await consoleApi.createApp(page, appName);
  const created = await consoleApi.createPlacement(page, app.id, unique("History slot"));
  const withFloors = await consoleApi.setFloors(page, created, floors(1.2));
  await consoleApi.setFloors(page, withFloors, floors(2.5));
  return { appName, placementName: created.name };
}

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test(`a placement's floor-price change in its history and the company's (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, lang);
    const { appName, placementName } = await changedPlacement(page);

    await page.goto(`/adSpace/index?name=${encodeURIComponent(appName)}`);
    const row = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: placementName });
    await row.locator("[data-action=more]").click();
    await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: t.history }).click();

    const drawer = page.getByRole("dialog").filter({ hasText: t.title(placementName) });
    await expect(drawer).toBeVisible();
    const changes = drawer.locator(".ant-table-tbody tr.ant-table-row");
    await expect(changes).toHaveCount(3);
    const latest = changes.first();
    await expect(latest).toContainText(t.updated);
    await expect(latest).toContainText(DEMO.name);
    await expect(latest).toContainText(t.floors);
    await expect(latest.getByTestId("history-before")).toHaveText(t.before);
    await expect(latest.getByTestId("history-after")).toHaveText(t.after);
    await expect(changes.last()).toContainText(t.created);

    await page.goto("/account/accountManagement");
    await page.getByTestId("change-history-link").click();
    await expect(page).toHaveTitle(t.page);
    await page.locator("#filter-entity").click();
    await page.locator(".ant-select-dropdown:visible").getByTitle(t.placement, { exact: true }).click();
    await page.getByTestId("filter-search").click();
    await expect(page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: appName })).toHaveCount(
      0,
    );
    const listed = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: placementName });
    await expect(listed.first()).toContainText(t.updated);
    await expect(listed.first()).toContainText(t.before);
    await expect(listed.first()).toContainText(t.after);
  });
}
