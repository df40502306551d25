/**
 * The phone layout at 390×844, in Chinese and English: the top bar's menu button opens the
 * menu in a drawer that navigates and closes, the language switch and the user menu (with Logout) stay on
 * screen, the app list keeps its name column, and no page is wider than the screen. The reports show their
 * numbers as cards, the total first, those below the screen laid out as they come near, and no widths to
 * reset; lists keep the columns that tell their rows apart; report management shows each batch's company,
 * kind and status. At 1366×768 the top bar keeps its horizontal menu with every item of an operator's
 * English menu; a tablet's width (900 px) has the drawer; a touch screen has no widths to reset.
 */
import {
  DEFAULT_OFFLINE_COLUMNS,
  DEFAULT_ONLINE_COLUMNS,
  type MetricInfo,
  OFFLINE_METRICS,
  ONLINE_METRICS,
  REPORT_KIND_TITLES,
  REPORT_STATUS_TITLES,
  REPORT_STATUSES,
} from "@pc/contract";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { metricText } from "./numbers.ts";
import { PRESETS, pickPreset, rangePicker, rangePopup } from "./rangePicker.ts";
import { addDays, iso, type ReportRow, reportApi } from "./reportApi.ts";
import { openReportCards, reportCards } from "./reportTable.ts";
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
    total: "合计",
    /** The columns that tell a list's rows apart, by the list's path. */
    identifying: {
      "/account/accountManagement": ["登录邮箱", "状态"],
      "/appManagement/appManagementList": ["包名"],
      "/adSpace/adSpaceList": ["应用名称", "广告类型"],
    },
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
    total: "Total",
    identifying: {
      "/account/accountManagement": ["Login email", "Status"],
      "/appManagement/appManagementList": ["Package name"],
      "/adSpace/adSpaceList": ["App name", "Ad type"],
    },
  },
} as const;

const SDK = "/reports/sdkReports";
const AFFILIATE = "/reports/affiliateReports";
/** A report's first card (a phone's report rows). */
const firstReportCard = (page: Page) => reportCards(page).first();

/** The two reports with their default column choice: what a new user's cards show. */
const REPORTS: {
  path: string;
  kind: "online" | "offline";
  dimensions: readonly number[];
  metrics: readonly MetricInfo<string>[];
}[] = [
  {
    path: SDK,
    kind: "online",
    dimensions: DEFAULT_ONLINE_COLUMNS.dimensions,
    metrics: ONLINE_METRICS.filter((m) => DEFAULT_ONLINE_COLUMNS.metrics.includes(m.key)),
  },
  {
    path: AFFILIATE,
    kind: "offline",
    dimensions: DEFAULT_OFFLINE_COLUMNS.dimensions,
    metrics: OFFLINE_METRICS.filter((m) => DEFAULT_OFFLINE_COLUMNS.metrics.includes(m.key)),
  },
];

/** The pages a phone user reaches, each with what shows once its content has loaded. */
const PAGES: { path: string; loaded: (page: Page) => Locator }[] = [
  { path: "/home", loaded: (page) => page.locator(".pc-home-figure").first() },
  { path: "/appManagement/appManagementList", loaded: (page) => page.locator(".ant-table-row").first() },
  { path: "/adSpace/adSpaceList", loaded: (page) => page.locator(".ant-table-row").first() },
  { path: "/account/accountManagement", loaded: (page) => page.locator(".ant-table-row").first() },
  { path: "/account/index", loaded: (page) => page.getByTestId("account-name") },
  { path: SDK, loaded: firstReportCard },
  { path: AFFILIATE, loaded: firstReportCard },
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

/** Each metric's title and value in a report card, on screen, as the server's row has it. */
async function expectMetrics(
  card: Locator,
  metrics: readonly MetricInfo<string>[],
  row: ReportRow | undefined,
  lang: Lang,
) {
  for (const metric of metrics) {
    const pair = card.locator(`[data-metric="${metric.key}"]`);
    await expect(pair.locator("dt")).toHaveText(metric.title[lang]);
    await expect(pair.locator("dd")).toHaveText(metricText(metric.format, row?.[metric.key], lang));
    await expectOnScreen(pair.locator("dd"));
  }
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
      await page.goto(SDK);
      const firstRow = firstReportCard(page);
      await expect(firstRow).toBeVisible();
      // the cards are drawn without the table's code, which a phone never fetches, and the folded filters
      // without their fields' (the date picker and antd's Input among them); the columns dialog's Checkbox
      // comes when it is opened
      const fetched = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => entry.name),
      );
      expect(
        fetched.filter((url) =>
          /\/assets\/(ReportTable|table|ReportFilterForm|SdkFilterFields|date-picker|input|Input|checkbox)-/.test(
            url,
          ),
        ),
      ).toEqual([]);
      const dates = await reportApi.defaultDates(page);
      const shown = page.getByTestId("filter-dates");
      await expect(shown).toHaveText(`${iso(dates.startDate)} ~ ${iso(dates.endDate)}`);
      await expect(page.locator("#report_range")).toHaveCount(0);
      // the report's numbers start on the first screen: the total card's title and its first metric
      const firstTotal = await page.getByTestId("report-total").locator("dd").first().boundingBox();
      expect((firstTotal?.y ?? PHONE.height) + (firstTotal?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);

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
      await expectNoHorizontalOverflow(page, SDK);

      // a row's detail drawer: its date range and filters fit the screen too, its days are cards
      await firstRow.locator("[data-action=detail]").click();
      const drawer = page.locator(".pc-report-detail");
      const dayCard = drawer.getByTestId("detail-table").getByTestId("report-card").first();
      await expect(dayCard).toBeVisible();
      await expectOnScreen(dayCard.locator("dd").first());
      await expectOnScreen(drawer.locator(".ant-picker-range"));
      await expectOnScreen(drawer.locator("#detail_adId"));
    });

    test("a report's cards show each chosen metric of the total and of the first row; no widths to reset", async ({
      page,
    }) => {
      await signIn(page, lang);
      for (const report of REPORTS) {
        await page.goto(report.path);
        const dates = await reportApi.defaultDates(page);
        const query = { ...dates, dimensions: [...report.dimensions], pageIndex: 1, pageSize: 10 };
        const [rows, summary] = await Promise.all([
          reportApi.list(page, report.kind, query),
          reportApi.summary(page, report.kind, query),
        ]);
        const total = page.getByTestId("report-total");
        const first = firstReportCard(page);
        await expect(total.getByRole("heading")).toHaveText(t.total);
        await expectMetrics(total, report.metrics, summary.total, lang);
        await expect(first.getByRole("heading")).toContainText(String(rows.list[0]?.dt));
        await expectMetrics(first, report.metrics, rows.list[0], lang);
        // the total comes first
        expect((await total.boundingBox())?.y ?? 0).toBeLessThan((await first.boundingBox())?.y ?? 0);
        await expect(page.getByTestId("report-reset-widths")).toBeHidden();
        await expect(page.getByTestId("report-columns")).toBeVisible();
      }
    });

    test("a report's cards below the screen are laid out as they scroll near, not with the first screen", async ({
      page,
    }) => {
      const cards = await openReportCards(page, lang, SDK);
      const lastValue = cards.last().locator("dd").first();
      // content-visibility (listPage.css): the browser skips what is far below the screen
      const drawn = () =>
        lastValue.evaluate((value) => value.checkVisibility({ contentVisibilityAuto: true }));
      expect(await drawn()).toBe(false);
      await lastValue.scrollIntoViewIfNeeded();
      await expect.poll(drawn).toBe(true);
      await expect(lastValue).toBeInViewport();
    });

    test("lists keep the columns that tell their rows apart", async ({ page }) => {
      await signIn(page, lang);
      for (const [path, columns] of Object.entries(t.identifying)) {
        await page.goto(path);
        const firstRow = page.locator(".ant-table-row").first();
        await expect(firstRow).toBeVisible();
        const titles = await page
          .locator(".ant-table-thead th")
          .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
        for (const column of columns) {
          expect(titles, path).toContain(column);
          await expect(firstRow.locator("td").nth(titles.indexOf(column))).not.toHaveText("");
        }
      }
    });

    test("report management shows each batch's company, kind and status", async ({ page }) => {
      await signInAs(page, OPERATOR, lang);
      await page.goto("/reports/reportManagement");
      const card = page.getByTestId("batch-card").first();
      await expect(card).toBeVisible();
      // the screen's default range: the last 14 days ending yesterday
      const { maxDate } = await reportApi.dateWindow(page);
      const first = (await reportApi.batches(page, addDays(maxDate, -13), maxDate)).list[0];
      await expect(card.getByRole("heading")).toContainText(first?.company_name ?? "?");
      await expectOnScreen(
        card.getByText(REPORT_KIND_TITLES[first?.kind ?? "online"][lang], { exact: true }),
      );
      // (another spec may calculate or publish a day meanwhile: any status, on screen)
      const statuses = card.locator("[data-status]").first();
      const statusTitles = REPORT_STATUSES.map((status) => REPORT_STATUS_TITLES[status][lang]);
      expect(statusTitles).toContain((await statuses.textContent())?.trim());
      await expectOnScreen(statuses);
      await expectNoHorizontalOverflow(page, "/reports/reportManagement");
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

test.describe("desktop, a touch screen", () => {
  test.use({ viewport: DESKTOP, hasTouch: true });

  test("keeps the report table, without the button resetting widths no finger can drag", async ({ page }) => {
    await signIn(page, "en");
    await page.goto(SDK);
    await expect(page.getByTestId("report-table").locator(".ant-table-row").first()).toBeVisible();
    await expect(page.getByTestId("report-columns")).toBeVisible();
    await expect(page.getByTestId("report-reset-widths")).toBeHidden();
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
