/**
 * Change history: a placement's floor-price change shows in its History drawer, before and
 * after, with who made it; the company-wide page lists it under its kind of record.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
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
    app: "应用",
    contentTypes: "内容类型",
    contentTypeTitles: "横屏图片, 竖屏图片, 横屏视频",
    platform: "平台",
    company: "公司",
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
    app: "App",
    contentTypes: "Content types",
    contentTypeTitles: "Horizontal image, Vertical image, Horizontal video",
    platform: "Platform",
    company: "Company",
  },
} as const;

const floors = (price: number) => ({
  default_bottom_price: 0.5,
  country_open_flag: 1,
  country_open_items: [{ countrys: ["US", "CA"], price }],
});

/** The demo seed's publisher company (server/src/seed/demo.ts). */
const DEMO_COMPANY = "Demo Publisher";

/** Opens the History drawer of the listed row named `name` from its more-menu; answers the drawer. */
async function openHistory(page: Page, name: string, t: (typeof T)[Lang], title: string) {
  const tableRow = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: name });
  await tableRow.locator("[data-action=more]").click();
  await page.locator(".ant-dropdown:visible").getByRole("menuitem", { name: t.history }).click();
  const drawer = page.getByRole("dialog").filter({ hasText: title });
  await expect(drawer).toBeVisible();
  return drawer;
}

/** The drawer lies inside the window, and its table (the changes' cells too) inside the drawer: nothing scrolls. */
async function expectFits(page: Page, drawer: Locator) {
  const width = page.viewportSize()?.width ?? 0;
  const panel = await drawer.boundingBox();
  expect(panel).not.toBeNull();
  expect((panel?.x ?? -1) >= 0 && (panel?.x ?? 0) + (panel?.width ?? 0) <= width + 0.5).toBe(true);
  const right = (panel?.x ?? 0) + (panel?.width ?? 0);
  for (const cell of await drawer.locator(".ant-table-tbody td").all()) {
    const box = await cell.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(right + 0.5);
  }
  const overflow = await drawer
    .locator(".ant-table-content, .ant-table-body")
    .first()
    .evaluate((box) => box.scrollWidth - box.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

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
    const drawer = await openHistory(page, placementName, t, t.title(placementName));
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
    // the app's own changes are filtered out (its placement's changes name it)
    const recordCell = page.locator("td:nth-child(4)", { hasText: appName });
    await expect(page.locator(".ant-table-tbody tr.ant-table-row").filter({ has: recordCell })).toHaveCount(
      0,
    );
    const listed = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: placementName });
    await expect(listed.first()).toContainText(t.updated);
    await expect(listed.first()).toContainText(t.before);
    await expect(listed.first()).toContainText(t.after);
  });
}

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test(`history names an app, its platform and content types; the drawer fits at 1366 and 390 px (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, lang);
    const appName = unique("Named app");
    const app = await consoleApi.createApp(page, appName);
    const placement = await consoleApi.createPlacement(page, app.id, unique("Named slot"), 2, "1,2,3");

    await page.goto(`/adSpace/index?name=${encodeURIComponent(appName)}`);
    const drawer = await openHistory(page, placement.name, t, t.title(placement.name));
    const fields = drawer.locator(".pc-history-changes li");
    await expect(fields.filter({ hasText: `${t.app}: ` })).toHaveText(`${t.app}: ${appName}`);
    await expect(fields.filter({ hasText: t.contentTypes })).toHaveText(
      `${t.contentTypes}: ${t.contentTypeTitles}`,
    );
    await expectFits(page, drawer);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFits(page, drawer);

    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto("/appManagement/appManagementList");
    await page.locator("#filter-name").fill(appName);
    await page.getByTestId("filter-search").click();
    const appDrawer = await openHistory(page, appName, t, t.title(appName));
    await expect(appDrawer.locator(".pc-history-changes li").filter({ hasText: t.platform })).toHaveText(
      `${t.platform}: Android`,
    );

    await page.goto("/account/index");
    const company = page.locator(".pc-account-details tr").filter({ hasText: t.company });
    await expect(company).toContainText(DEMO_COMPANY);
  });
}
