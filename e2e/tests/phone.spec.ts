/**
 * The phone layout (issue 12 item 2) at 390×844, in Chinese and English: the top bar's menu button opens the
 * menu in a drawer that navigates and closes, the language switch and the user menu (with Logout) stay on
 * screen, the app list keeps its name column, and no page is wider than the screen. At 1366×768 the top bar
 * keeps its horizontal menu with every item of an operator's English menu; a tablet's width (900 px) has the
 * drawer.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { PRESETS, pickPreset, rangePicker, rangePopup } from "./rangePicker.ts";
import { addDays, iso, reportApi } from "./reportApi.ts";
import { type Lang, OPERATOR, signIn, signInAs } from "./support.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const TABLET = { width: 900, height: 1024 };
/** The operator's menu in English: the longest the console has. */
const OPERATOR_MENU = ["Home", "Application", "Placement", "Account Management", "Reports", "Companies"];

const T = {
  zh: {
    menu: "菜单",
    menuApps: "应用",
    appListTitle: "应用管理",
    nameColumn: "应用名称",
    appKeyColumn: "App Key",
    userMenu: "用户菜单",
    modPassword: "修改密码",
    logout: "退出登录",
    // after the icon's name; antd spaces out a button's two Chinese characters
    showFilters: /筛 ?选$/,
    hideFilters: /收起筛选$/,
    banner: "横幅",
    oneFilterOn: "已筛选 1 项",
  },
  en: {
    menu: "Menu",
    menuApps: "Application",
    appListTitle: "Application Management",
    nameColumn: "App name",
    appKeyColumn: "App key",
    userMenu: "User menu",
    modPassword: "Password Change",
    logout: "Logout",
    showFilters: /(?<!Hide )Filters$/,
    hideFilters: /Hide filters$/,
    banner: "Banner",
    oneFilterOn: "Filters on: 1",
  },
} as const;

/** The pages a phone user reaches, each with what shows once its content has loaded. */
const PAGES: { path: string; loaded: (page: Page) => Locator }[] = [
  { path: "/home", loaded: (page) => page.locator(".pc-home-figure").first() },
  { path: "/appManagement/appManagementList", loaded: (page) => page.locator(".ant-table-row").first() },
  { path: "/adSpace/adSpaceList", loaded: (page) => page.locator(".ant-table-row").first() },
  { path: "/account/accountManagement", loaded: (page) => page.locator(".ant-table-row").first() },
  { path: "/account/index", loaded: (page) => page.getByTestId("account-name") },
  {
    path: "/reports/sdkReports",
    loaded: (page) => page.getByTestId("report-table").locator(".ant-table-row").first(),
  },
];

/** Neither the document nor the page frame is wider than the window. */
async function expectNoHorizontalOverflow(page: Page, path: string) {
  const widths = await page.evaluate(() => ({
    document: document.documentElement.scrollWidth,
    frame: document.querySelector(".pc-layout")?.scrollWidth ?? 0,
    window: window.innerWidth,
  }));
  expect(widths.document, `${path}: the document's width`).toBeLessThanOrEqual(widths.window);
  expect(widths.frame, `${path}: the page frame's width`).toBeLessThanOrEqual(widths.window);
}

/** The element lies wholly inside the window's width. */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
}

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test.describe(`phone (${lang})`, () => {
    test.use({ viewport: PHONE });

    test("the menu button's drawer navigates and closes; the user menu logs out", async ({ page }) => {
      await signIn(page, lang);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.locator(".pc-header .ant-menu-horizontal")).toHaveCount(0);
      await expectOnScreen(page.getByTestId("lang-switch"));
      await expectOnScreen(page.getByTestId("user-menu"));

      const menuButton = page.getByRole("button", { name: t.menu, exact: true });
      await expectOnScreen(menuButton);
      await menuButton.click();
      const drawer = page.locator(".pc-menu-drawer");
      await expect(drawer).toBeVisible();
      await drawer.getByRole("menuitem", { name: t.menuApps }).click();

      await expect(page).toHaveURL(/\/appManagement\/appManagementList$/);
      await expect(drawer).toBeHidden();
      await expect(page.getByRole("heading", { name: t.appListTitle })).toBeVisible();
      // the name column stays (and fits the screen); the secondary ones hide
      await expectOnScreen(page.getByRole("columnheader", { name: t.nameColumn, exact: true }));
      const firstName = page.locator(".ant-table-row").first().getByRole("cell").first();
      await expectOnScreen(firstName);
      await expect(firstName).not.toHaveText("");
      await expect(page.getByRole("columnheader", { name: t.appKeyColumn })).toHaveCount(0);

      const userMenu = page.getByRole("button", { name: t.userMenu, exact: true });
      await userMenu.click();
      await expect(page.getByRole("menuitem", { name: t.modPassword })).toBeVisible();
      await page.getByRole("menuitem", { name: t.logout }).click();
      await expect(page).toHaveURL(/\/login/);
      expect((await page.context().cookies()).find((cookie) => cookie.name === "token")).toBeUndefined();
    });

    test("the SDK report folds its filters to the dates: rows on the first screen, a search folds them again", async ({
      page,
    }) => {
      await signIn(page, lang);
      await page.goto("/reports/sdkReports");
      const firstRow = page.getByTestId("report-table").locator(".ant-table-row").first();
      await expect(firstRow).toBeVisible();
      const dates = await reportApi.defaultDates(page);
      const shown = page.getByTestId("filter-dates");
      await expect(shown).toHaveText(`${iso(dates.startDate)} ~ ${iso(dates.endDate)}`);
      await expect(page.locator("#report_range")).toHaveCount(0);
      // at least half of the first row shows on the first screen
      const row = await firstRow.boundingBox();
      expect((row?.y ?? PHONE.height) + (row?.height ?? 0) / 2).toBeLessThanOrEqual(PHONE.height);

      const unfold = page.getByRole("button", { name: t.showFilters });
      await unfold.click();
      const fold = page.getByRole("button", { name: t.hideFilters });
      await expect(fold).toHaveAttribute("aria-expanded", "true");
      const { picker, start } = rangePicker(page, "report");
      await expectOnScreen(picker);
      // the range picker's popup, its presets and months, fits the screen's width
      await start.click();
      await expectOnScreen(rangePopup(page).locator(".ant-picker-panel-container"));
      await start.press("Escape");
      // the last 30 days (yesterday's data is not published yet: the rows below are opened)
      await pickPreset(page, "report", PRESETS[lang].last30);
      const last30 = `${iso(addDays(dates.endDate, -29))} ~ ${iso(dates.endDate)}`;
      await page.getByTestId("filter-search").click();
      await expect(start).toBeHidden();
      await expect(unfold).toHaveAttribute("aria-expanded", "false");
      await expect(shown).toHaveText(last30);
      // unfolded again, the form keeps what was searched; a filter searched shows on the line
      await unfold.click();
      await expect(start).toHaveValue(iso(addDays(dates.endDate, -29)));
      await page.locator("#report_adStyle").click();
      await page.locator(".ant-select-dropdown:visible").getByTitle(t.banner).click();
      await page.getByTestId("filter-search").click();
      await expect(start).toBeHidden();
      await expect(shown).toHaveText(`${last30} · ${t.oneFilterOn}`);
      await expectNoHorizontalOverflow(page, "/reports/sdkReports");

      // a row's detail drawer: its date range and filters fit the screen too
      await firstRow.locator("[data-action=detail]").click();
      const drawer = page.locator(".pc-report-detail");
      await expect(drawer.getByTestId("detail-table").locator(".ant-table-row").first()).toBeVisible();
      await expectOnScreen(drawer.locator(".ant-picker-range"));
      await expectOnScreen(drawer.locator("#detail_adId"));
    });

    test("no page is wider than the phone's screen", async ({ page }) => {
      test.slow();
      await signIn(page, lang);
      for (const { path, loaded } of PAGES) {
        await page.goto(path);
        await expect(loaded(page)).toBeVisible();
        await expectNoHorizontalOverflow(page, path);
      }
    });
  });
}

test.describe("desktop", () => {
  test.use({ viewport: DESKTOP });

  test("keeps the horizontal menu, without a menu button", async ({ page }) => {
    await signIn(page, "en");
    await expect(page.locator(".pc-header .ant-menu-horizontal")).toBeVisible();
    await expect(page.locator(".pc-header").getByRole("menuitem", { name: T.en.menuApps })).toBeVisible();
    await expect(page.getByRole("button", { name: T.en.menu, exact: true })).toHaveCount(0);
    await expect(page.getByTestId("logout")).toBeVisible();
  });
});

test.describe("desktop, the longest menu", () => {
  test.use({ viewport: DESKTOP });

  test("shows every item of an operator's English menu, none folded into the overflow", async ({ page }) => {
    await signInAs(page, OPERATOR, "en");
    const menu = page.locator(".pc-header .ant-menu-horizontal");
    for (const name of OPERATOR_MENU) {
      await expect(menu.getByRole("menuitem", { name })).toBeVisible();
    }
    await expect(menu.locator(".ant-menu-overflow-item-rest")).toBeHidden();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  });
});

test.describe("tablet", () => {
  test.use({ viewport: TABLET });

  test("puts the menu in the drawer instead of folding it", async ({ page }) => {
    await signIn(page, "en");
    await expect(page.locator(".pc-header .ant-menu-horizontal")).toHaveCount(0);
    await page.getByRole("button", { name: T.en.menu, exact: true }).click();
    await expect(
      page.locator(".pc-menu-drawer").getByRole("menuitem", { name: T.en.menuApps }),
    ).toBeVisible();
    await expect(page.getByTestId("logout")).toBeVisible();
  });
});
