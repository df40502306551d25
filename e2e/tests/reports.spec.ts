import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { count, money, perUnit } from "./numbers.ts";
import { PRESETS, pickPreset, rangePicker } from "./rangePicker.ts";
import { iso, reportApi } from "./reportApi.ts";
import { columnTexts } from "./reportTable.ts";
import { type Lang, OPERATOR, signIn, signInAs, textContrast } from "./support.ts";

const SDK = "/reports/sdkReports";
const AFFILIATE = "/reports/affiliateReports";

const T = {
  zh: {
    total: "合计",
    totalOf: (n: number) => `共 ${n} 条`,
    perPage: (n: number) => `${n} 条/页`,
    date: "日期",
    appName: "应用名称",
    adId: "广告位ID",
    country: "国家",
    adStyle: "广告类型",
    request: "请求数",
    banner: "横幅",
    apply: /^应\s?用$/,
    selectAll: "全选",
    dimensionRequired: "请至少选择一个维度",
    metricRequired: "请至少选择一个数据指标",
    integer: "请输入整数",
    sdkHeader:
      "日期,广告位ID,国家,广告类型,请求数,填充数,填充率,展示数,展示率,点击数,点击率,收入（USD）,eCPM（USD）",
    affiliateColumns: ["日期", "Offer ID", "包名", "国家", "点击数", "拒绝数", "CPC（USD）", "收入（USD）"],
    subChannel: "子渠道",
    affiliateHeader: "日期,Offer ID,包名,国家,点击数,拒绝数,CPC（USD）,收入（USD）",
    detail: "详情",
    unpublished: "暂无可查看的报表",
    exportDone: "导出完成",
    revenue: "收入（USD）",
    trendMetric: "趋势指标",
    ecpm: "eCPM（USD）",
    cpc: "CPC（USD）",
    emptyRange: "所选日期范围内暂无数据",
    emptyUnpublished: "尚未发布",
  },
  en: {
    total: "Total",
    totalOf: (n: number) => `${n} in total`,
    perPage: (n: number) => `${n} / page`,
    date: "Date",
    appName: "App name",
    adId: "Placement ID",
    country: "Country",
    adStyle: "Ad type",
    request: "Requests",
    banner: "Banner",
    apply: /^Apply$/,
    selectAll: "Select all",
    dimensionRequired: "Please select at least one dimension",
    metricRequired: "Please select at least one data column",
    integer: "Please enter an integer",
    sdkHeader:
      "Date,Placement ID,Country,Ad type,Requests,Fills,Fill rate,Impressions,Show rate,Clicks,CTR,Revenue (USD),eCPM (USD)",
    affiliateColumns: [
      "Date",
      "Offer ID",
      "Package name",
      "Country",
      "Clicks",
      "Rejections",
      "CPC (USD)",
      "Revenue (USD)",
    ],
    subChannel: "Sub-channel",
    affiliateHeader: "Date,Offer ID,Package name,Country,Clicks,Rejections,CPC (USD),Revenue (USD)",
    detail: "Details",
    unpublished: "no report to show yet",
    exportDone: "Export complete",
    revenue: "Revenue (USD)",
    trendMetric: "Trend metric",
    ecpm: "eCPM (USD)",
    cpc: "CPC (USD)",
    emptyRange: "No data for this range",
    emptyUnpublished: "Not published yet",
  },
} as const;

const table = (page: Page) => page.getByTestId("report-table");
const bodyRows = (scope: Locator) => scope.locator(".ant-table-tbody tr.ant-table-row");
const totalRow = (scope: Locator) => scope.getByTestId("report-total");
/** The box the report table scrolls in (at most 500 px high; docs/rules/constants.md). */
const scrollBox = (scope: Locator) => scope.locator(".ant-table-content");
const headers = (scope: Locator) =>
  scope
    .locator(".ant-table-thead th")
    .evaluateAll((cells) =>
      cells.map((cell) => cell.textContent?.trim() ?? "").filter((text) => text !== ""),
    );

/** The distinct texts of a column over the shown rows (null while it is not drawn): poll it after a search. */
async function columnValues(scope: Locator, title: string): Promise<string[] | null> {
  const texts = await columnTexts(scope, title);
  return texts && [...new Set(texts)];
}

async function pickCountry(page: Page, id: string, code: string) {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(code);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().click();
}

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`reports (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test.beforeEach(async ({ page }) => {
      await signIn(page, lang);
      await page.goto(SDK);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      // the filters' form and its fields are chunks of their own and may draw after the rows, moving the table
      // down: what a test measures or drags is read once they are there
      await expect(page.getByTestId("filter-search")).toBeVisible();
    });

    test("SDK report: published rows, the total row, filters and paging", async ({ page }) => {
      const dates = await reportApi.defaultDates(page);
      const query = { ...dates, dimensions: [1, 3, 4, 5], pageIndex: 1, pageSize: 10 };
      const [first, summary] = await Promise.all([
        reportApi.list(page, "online", query),
        reportApi.summary(page, "online", query),
      ]);
      expect(first.total).toBeGreaterThan(40);

      const range = rangePicker(page, "report");
      await expect(range.start).toHaveValue(iso(dates.startDate));
      await expect(range.end).toHaveValue(iso(dates.endDate));
      await expect(bodyRows(table(page))).toHaveCount(10);
      await expect(totalRow(table(page))).toContainText(t.total);
      await expect(totalRow(table(page))).toContainText(count(summary.total.requestNum, lang));
      await expect(page.locator(".ant-pagination-total-text")).toHaveText(t.totalOf(first.total));
      // the seed's yesterday is calculated but not published: publishers do not see it
      await expect(page.getByRole("alert")).toContainText(t.unpublished);
      await expect(page.getByRole("alert")).toContainText(iso(dates.endDate));
      // the trend chart of the chosen metric, chosen in a select that says what it chooses
      await expect(page.getByTestId("trend-chart").locator("svg path").first()).toBeVisible();
      await expect(page.getByRole("combobox", { name: t.trendMetric })).toBeVisible();
      // first row = the server's first row
      const firstRow = bodyRows(table(page)).first();
      await expect(firstRow).toContainText(String(first.list[0]?.dt));
      await expect(firstRow).toContainText(count(first.list[0]?.requestNum, lang));

      // paging: next page, then another size goes back to page 1
      await page.locator(".ant-pagination-item-2").click();
      await expect(page.locator(".ant-pagination-item-active")).toHaveText("2");
      await page.locator(".ant-pagination-options .ant-select").click();
      await page.getByTitle(t.perPage(20)).click();
      await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");
      await expect(bodyRows(table(page))).toHaveCount(20);

      // the ad-space id takes numbers only
      await page.locator("#report_adId").fill("12a");
      await page.getByTestId("filter-search").click();
      await expect(page.getByText(t.integer)).toBeVisible();
      await page.locator("#report_adId").fill("");

      // country and ad style filters: every row matches, the total is the filtered one
      await pickCountry(page, "report_country", "US");
      await page.locator("#report_adStyle").click();
      await page.locator(".ant-select-dropdown:visible").getByTitle(t.banner).click();
      await page.getByTestId("filter-search").click();
      const filtered = await reportApi.summary(page, "online", { ...query, country: "US", adStyle: 1 });
      await expect(totalRow(table(page))).toContainText(count(filtered.total.requestNum, lang));
      // the rows and the total come from two calls: wait for the rows' answer too
      await expect.poll(() => columnValues(table(page), t.country)).toEqual(["US"]);
      await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");

      // reset: default filters, page 1, 10 rows
      await page.getByTestId("filter-reset").click();
      await expect(page.locator("#report_country")).toHaveValue("");
      await expect(bodyRows(table(page))).toHaveCount(10);
      await expect(totalRow(table(page))).toContainText(count(summary.total.requestNum, lang));
      await expect(page.locator(".ant-pagination-options")).toContainText(t.perPage(10));
    });

    test("custom columns: at least one of each, the choice applied and kept after reload", async ({
      page,
    }) => {
      await page.getByTestId("report-columns").click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // the dialog is 800px wide (docs/rules/constants.md) (measured once its opening animation is over)
      await expect
        .poll(async () => Math.round((await page.locator(".ant-modal").boundingBox())?.width ?? 0))
        .toBe(800);
      // nothing chosen: each group says why
      for (const all of ["columns-all-dimensions", "columns-all-metrics"]) {
        // a partial choice is completed first, then cleared
        const box = dialog.getByTestId(all);
        if (await box.isChecked()) await dialog.getByTestId(all).click();
        else {
          await dialog.getByTestId(all).click();
          await dialog.getByTestId(all).click();
        }
        await expect(box).not.toBeChecked();
      }
      await dialog.getByRole("button", { name: t.apply }).click();
      await expect(dialog.getByText(t.dimensionRequired)).toBeVisible();
      await expect(dialog.getByText(t.metricRequired)).toBeVisible();

      // date and app name by request only
      await dialog.getByRole("checkbox", { name: t.date, exact: true }).check();
      await dialog.getByRole("checkbox", { name: t.appName, exact: true }).check();
      await expect(dialog.getByText(t.dimensionRequired)).toBeHidden();
      await dialog.getByRole("checkbox", { name: t.request, exact: true }).check();
      await expect(dialog.getByText(t.metricRequired)).toBeHidden();
      await dialog.getByRole("button", { name: t.apply }).click();
      await expect(dialog).toBeHidden();

      const expected = [t.date, t.appName, t.request];
      await expect.poll(() => headers(table(page))).toEqual(expect.arrayContaining(expected));
      expect(
        (await headers(table(page))).filter((title) => title !== (lang === "zh" ? "操作" : "Actions")),
      ).toEqual(expected);
      const dates = await reportApi.defaultDates(page);
      const byApp = await reportApi.list(page, "online", { ...dates, dimensions: [1, 2], pageSize: 10 });
      await expect(page.locator(".ant-pagination-total-text")).toHaveText(t.totalOf(byApp.total));
      await expect(bodyRows(table(page)).first()).toContainText(String(byApp.list[0]?.appName));

      await page.reload();
      await expect(bodyRows(table(page)).first()).toBeVisible();
      await expect.poll(() => headers(table(page))).toEqual(expect.arrayContaining(expected));
      expect(await headers(table(page))).not.toContain(t.country);
    });

    test("resized columns are kept per report until reset", async ({ page }) => {
      const dateHeader = table(page).locator(".ant-table-thead th").first();
      const before = (await dateHeader.boundingBox())?.width ?? 0;
      const handle = table(page).locator('[data-resize="dt"]').first();
      const box = await handle.boundingBox();
      if (!box) throw new Error("no resize handle");
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 40, box.y + box.height / 2, { steps: 4 });
      await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 });
      await page.mouse.up();
      await expect
        .poll(async () => (await dateHeader.boundingBox())?.width ?? 0)
        .toBeGreaterThan(before + 60);

      await page.reload();
      await expect(bodyRows(table(page)).first()).toBeVisible();
      await expect
        .poll(async () => (await dateHeader.boundingBox())?.width ?? 0)
        .toBeGreaterThan(before + 60);

      await page.getByTestId("report-reset-widths").click();
      await expect
        .poll(async () => Math.round((await dateHeader.boundingBox())?.width ?? 0))
        .toBe(Math.round(before));
    });

    test("export: the CSV of the table's query, with the BOM and the headers in the language", async ({
      page,
    }) => {
      const dates = await reportApi.defaultDates(page);
      const { total } = await reportApi.list(page, "online", { ...dates, dimensions: [1, 3, 4, 5] });
      const downloading = page.waitForEvent("download");
      await page.getByTestId("report-export").click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^\d+_\d+\.csv$/);
      const bytes = readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString("utf8").trimEnd().split(/\r?\n/);
      expect(lines[0]).toBe(t.sdkHeader);
      expect(lines).toHaveLength(total + 1);
      await expect(page.getByText(t.exportDone)).toBeVisible();
    });

    test("detail view of a row: its own date range and filters, day by day", async ({ page }) => {
      const dates = await reportApi.defaultDates(page);
      const first = await reportApi.list(page, "online", {
        ...dates,
        dimensions: [1, 3, 4, 5],
        pageSize: 10,
      });
      const row = first.list[0];
      if (!row) throw new Error("no report row");
      await bodyRows(table(page)).first().locator("[data-action=detail]").click();
      const drawer = page.locator(".pc-report-detail");
      const detail = drawer.getByTestId("detail-table");
      await expect(bodyRows(detail).first()).toBeVisible();
      await expect(rangePicker(drawer, "detail").start).toHaveValue(iso(dates.startDate));
      await expect(rangePicker(drawer, "detail").end).toHaveValue(iso(dates.endDate));
      await expect(drawer.locator("#detail_adId")).toHaveValue(String(row.adId));
      // the row's placement, country and ad style over the range, one row per published day, and their total
      const expected = await reportApi.summary(page, "online", {
        ...dates,
        adId: row.adId,
        country: row.country,
        adStyle: row.adStyle,
        dimensions: [1],
      });
      await expect(totalRow(detail)).toContainText(count(expected.total.requestNum, lang));
      await expect(bodyRows(detail)).toHaveCount(expected.days.filter((day) => day.visible).length);
    });

    test("affiliate report: its columns and defaults, sub-channel as text, export name", async ({ page }) => {
      await page.goto(AFFILIATE);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      const dates = await reportApi.defaultDates(page);
      const summary = await reportApi.summary(page, "offline", { ...dates, dimensions: [1, 3, 4, 5] });
      await expect.poll(() => headers(table(page))).toEqual(expect.arrayContaining([...t.affiliateColumns]));
      await expect(totalRow(table(page))).toContainText(count(summary.total.clickNum, lang));

      // the sub-channel dimension, filtered
      await page.getByTestId("report-columns").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("checkbox", { name: t.subChannel, exact: true }).check();
      await dialog.getByRole("button", { name: t.apply }).click();
      await page.locator("#report_subChannel").fill("beta");
      await page.getByTestId("filter-search").click();
      await expect.poll(() => columnValues(table(page), t.subChannel)).toEqual(["sub_beta"]);

      await page.getByTestId("filter-reset").click();
      const downloading = page.waitForEvent("download");
      await page.getByTestId("report-export").click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^\d+_Affiliate_Reports_Detail_List_\d+\.csv$/);
      const text = readFileSync(await download.path(), "utf8");
      expect(text.startsWith("\ufeff")).toBe(true);
      expect(text.slice(1).split(/\r?\n/)[0]).toBe(
        t.affiliateHeader.replace(`${t.date},`, `${t.date},${t.subChannel},`),
      );
    });
  });
}

/** The header cell of a column, by its title. */
const headerCell = (scope: Locator, title: string) =>
  scope.locator(".ant-table-thead th").filter({ hasText: new RegExp(`^${title.replace(/[()]/g, "\\$&")}$`) });

/** Whether a header is wholly in the viewport and left of the fixed actions column (nothing scrolled). */
async function expectInView(page: Page, scope: Locator, title: string) {
  const box = await headerCell(scope, title).boundingBox();
  const fixed = scope.locator(".ant-table-thead th.ant-table-cell-fix-end");
  const actions = (await fixed.count()) > 0 ? await fixed.first().boundingBox() : null;
  const viewport = page.viewportSize();
  expect(box, title).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, title).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, title).toBeLessThanOrEqual(actions ? actions.x + 1 : viewport.width);
  expect(box.y + box.height, title).toBeLessThanOrEqual(viewport.height + 400);
}

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`reports a publisher can read at 1366×768 (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });
    test.use({ viewport: { width: 1366, height: 768 } });

    test("its text reads (WCAG AA 4.5:1): the primary button, the current page, the ad names, the menu, the filters, the brand's name", async ({
      page,
    }) => {
      await signIn(page, lang);
      await page.goto(SDK);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      const texts = {
        "primary button": page.locator(".pc-list-toolbar .ant-btn-primary span").first(),
        "current page": page.locator(".ant-pagination-item-active a"),
        "ad name": table(page).locator(".pc-muted").first(),
        "selected menu": page.locator(
          ".ant-menu-submenu-selected > .ant-menu-submenu-title .ant-menu-title-content",
        ),
        "filter placeholder": page.locator(".ant-select-placeholder").first(),
      };
      for (const [name, text] of Object.entries(texts)) {
        expect(await textContrast(text), name).toBeGreaterThanOrEqual(4.5);
      }
      // named by what it shows: a label would leave the mark's letter out of the link's name
      await expect(page.locator("a.pc-brand")).not.toHaveAttribute("aria-label");
    });

    test("money columns in view without scrolling; thousands separators and USD in the table, total row, drawer and trend", async ({
      page,
    }) => {
      await signIn(page, lang);
      await page.goto(SDK);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      // the saved column choice of an earlier test of this language does not apply: reset to the defaults
      await page.evaluate(() => {
        localStorage.removeItem("report_columns_sdk");
        localStorage.removeItem("report_column_widths_sdk");
      });
      await page.reload();
      await expect(bodyRows(table(page)).first()).toBeVisible();

      for (const title of [t.revenue, t.ecpm]) await expectInView(page, table(page), title);
      expect(await scrollBox(table(page)).evaluate((box) => box.scrollLeft)).toBe(0);

      const dates = await reportApi.defaultDates(page);
      const query = { ...dates, dimensions: [1, 3, 4, 5], pageIndex: 1, pageSize: 10 };
      const [first, summary] = await Promise.all([
        reportApi.list(page, "online", query),
        reportApi.summary(page, "online", query),
      ]);
      const requests = count(summary.total.requestNum, lang);
      expect(requests).toMatch(/\d,\d{3}/);
      await expect(totalRow(table(page))).toContainText(requests);
      await expect(totalRow(table(page))).toContainText(money(summary.total.settleAmount, lang));
      await expect(totalRow(table(page))).toContainText(perUnit(summary.total.settleEcpm, lang));
      await expect(totalRow(table(page))).toContainText(lang === "zh" ? "US$" : "$");
      const row = bodyRows(table(page)).first();
      await expect(row).toContainText(money(first.list[0]?.settleAmount, lang));
      await expect(row).toContainText(count(first.list[0]?.requestNum, lang));

      // the trend: axis ticks and the read-out in the same format
      const chart = page.getByTestId("trend-chart");
      await expect(chart.getByTestId("trend-tick").last()).toContainText(lang === "zh" ? "US$" : "$");
      const area = await chart.locator("svg").boundingBox();
      if (!area) throw new Error("no trend chart");
      await page.mouse.move(area.x + area.width - 30, area.y + area.height / 2);
      await expect(page.getByTestId("trend-tip")).toContainText(/US\$|\$/);
      await expect(page.getByTestId("trend-tip")).toContainText(/\d\.\d{2}\b/);

      // the detail drawer: money first and formatted, its total row too
      await row.locator("[data-action=detail]").click();
      const detail = page.locator(".pc-report-detail").getByTestId("detail-table");
      await expect(bodyRows(detail).first()).toBeVisible();
      await expectInView(page, detail, t.revenue);
      await expect(totalRow(detail)).toContainText(lang === "zh" ? "US$" : "$");
      await expect(totalRow(detail)).toContainText(/\d,\d{3}/);
    });

    test("the table scrolls in a box at most 500 px high; its header, total row and detail column stay in view", async ({
      page,
    }) => {
      await signIn(page, lang);
      await page.goto(SDK);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      await expect(totalRow(table(page))).toBeVisible();
      const box = scrollBox(table(page));
      const size = await box.evaluate((element) => ({
        height: element.clientHeight,
        scrollsDown: element.scrollHeight > element.clientHeight,
        scrollsRight: element.scrollWidth > element.clientWidth,
      }));
      expect(size.height).toBeLessThanOrEqual(500);
      expect(size).toMatchObject({ scrollsDown: true, scrollsRight: true });

      // scrolled part of the way down and right, the edges still show the header, the total and the actions
      const edges = await box.evaluate((element) => {
        element.scrollTop = 40;
        element.scrollLeft = 200;
        const inner = element.getBoundingClientRect();
        const rect = (selector: string) => element.querySelector(selector)?.getBoundingClientRect();
        return {
          top: inner.top,
          bottom: inner.top + element.clientHeight,
          right: inner.left + element.clientWidth,
          header: rect("thead th")?.top,
          total: rect("[data-testid=report-total] td")?.bottom,
          detail: rect("tbody tr.ant-table-row:nth-child(4) td:last-child [data-action=detail]")?.right,
        };
      });
      expect(Math.abs((edges.header ?? 0) - edges.top)).toBeLessThanOrEqual(1);
      expect(Math.abs((edges.total ?? 0) - edges.bottom)).toBeLessThanOrEqual(1);
      expect(edges.detail).toBeDefined();
      expect(edges.right - (edges.detail ?? 0)).toBeGreaterThan(0);
      expect(edges.right - (edges.detail ?? 0)).toBeLessThan(90);
    });

    test("the first load carries no schema library; a filter loads it when its value is checked", async ({
      page,
    }) => {
      // signed in without loading the app: the scripts counted below are the report's first load's alone, not
      // the home page's still arriving (its overview brings the schemas)
      await signIn(page, lang, "/healthz");
      // zod's own property name, which minifying keeps
      const schemaCode = "._zod";
      const scripts: Promise<string>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
      });
      const loadedSchemaCode = async () =>
        (await Promise.all(scripts)).some((text) => text.includes(schemaCode));
      await page.goto(SDK);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      await expect(totalRow(table(page))).toBeVisible();
      expect(scripts.length).toBeGreaterThan(3);
      expect(await loadedSchemaCode()).toBe(false);

      await page.locator("#report_adId").fill("12a");
      await page.getByTestId("filter-search").click();
      await expect(page.getByText(t.integer)).toBeVisible();
      expect(await loadedSchemaCode()).toBe(true);
    });

    test("the affiliate report: revenue and CPC in view, in USD", async ({ page }) => {
      await signIn(page, lang);
      await page.goto(AFFILIATE);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      for (const title of [t.revenue, t.cpc]) await expectInView(page, table(page), title);
      const dates = await reportApi.defaultDates(page);
      const summary = await reportApi.summary(page, "offline", { ...dates, dimensions: [1, 3, 4, 5] });
      await expect(totalRow(table(page))).toContainText(money(summary.total.settleAmount, lang));
      await expect(totalRow(table(page))).toContainText(perUnit(summary.total.cpc, lang));
      await expect(totalRow(table(page))).toContainText(count(summary.total.clickNum, lang));
    });

    test("an empty table says whether the range has no data or data not published yet", async ({ page }) => {
      // the operator opens on a company with published data (the demo publisher), not on its own empty one
      await signInAs(page, OPERATOR, lang);
      await page.goto(SDK);
      await expect(
        page.locator("#report_companyId").locator("xpath=ancestor::*[contains(@class,'ant-select')][1]"),
      ).toContainText("Demo Publisher");
      await expect(bodyRows(table(page)).first()).toBeVisible();
      // its own company has no data at all
      const company = page.locator(".ant-form-item").filter({ has: page.locator("#report_companyId") });
      await company.locator(".ant-select").hover();
      await company.locator(".ant-select-clear").click();
      await page.getByTestId("filter-search").click();
      await expect(page.getByTestId("report-empty").locator(".ant-empty-description")).toHaveText(
        t.emptyRange,
      );
      await expect(page.getByTestId("report-waiting")).toHaveCount(0);
      await expect(page.getByTestId("trend-empty")).toContainText(t.emptyRange);

      // a publisher's yesterday is calculated, not published: data waits to be published
      await page.context().clearCookies();
      await signIn(page, lang);
      await page.goto(SDK);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      const { maxDate } = await reportApi.dateWindow(page);
      await pickPreset(page, "report", PRESETS[lang].yesterday);
      await page.getByTestId("filter-search").click();
      await expect(page.getByTestId("report-empty")).toContainText(t.emptyUnpublished);
      await expect(page.getByTestId("report-empty")).toContainText(iso(maxDate));
      await expect(page.getByTestId("report-waiting")).toContainText(iso(maxDate));
      await expect(page.getByTestId("trend-empty")).toContainText(t.emptyUnpublished);
    });
  });
}
