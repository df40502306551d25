import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { iso, reportApi } from "./reportApi.ts";
import { type Lang, signIn } from "./support.ts";

const SDK = "/reports/sdkReports";
const AFFILIATE = "/reports/affiliateReports";

const T = {
  zh: {
    total: "合计",
    totalOf: (n: number) => `共 ${n} 条`,
    perPage: (n: number) => `${n} 条/页`,
    date: "日期",
    appName: "应用名称",
    adId: "广告位 ID",
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
      "日期,广告位 ID,国家,广告类型,请求数,填充数,填充率,展示数,展示率,点击数,点击率,结算金额（USD）,eCPM（USD）",
    affiliateColumns: [
      "日期",
      "Offer ID",
      "包名",
      "国家",
      "点击数",
      "拒绝数",
      "CPC（USD）",
      "结算收入（USD）",
    ],
    subChannel: "子渠道",
    affiliateHeader: "日期,Offer ID,包名,国家,点击数,拒绝数,CPC（USD）,结算收入（USD）",
    detail: "详情",
    unpublished: "暂无可查看的报表",
    exportDone: "导出完成",
  },
  en: {
    total: "Total",
    totalOf: (n: number) => `${n} in total`,
    perPage: (n: number) => `${n} / page`,
    date: "Date",
    appName: "App Name",
    adId: "Ad ID",
    country: "Country",
    adStyle: "Ad Style",
    request: "Request",
    banner: "Banner",
    apply: /^Apply$/,
    selectAll: "Select all",
    dimensionRequired: "Please select at least one dimension",
    metricRequired: "Please select at least one data column",
    integer: "Please enter an integer",
    sdkHeader:
      "Date,Ad ID,Country,Ad Style,Request,Fill,Fill Rate,Display,Display Rate,Click,Click Rate,Settlement Amount (USD),eCPM (USD)",
    affiliateColumns: [
      "Date",
      "Offer ID",
      "Package Name",
      "Country",
      "Hits",
      "Rejections",
      "CPC (USD)",
      "Settlement Income (USD)",
    ],
    subChannel: "Sub-channel",
    affiliateHeader: "Date,Offer ID,Package Name,Country,Hits,Rejections,CPC (USD),Settlement Income (USD)",
    detail: "Details",
    unpublished: "no report to show yet",
    exportDone: "Export complete",
  },
} as const;

const table = (page: Page) => page.getByTestId("report-table");
const bodyRows = (scope: Locator) => scope.locator(".ant-table-tbody tr.ant-table-row");
const totalRow = (scope: Locator) => scope.getByTestId("report-total");
const headers = (scope: Locator) =>
  scope
    .locator(".ant-table-thead th")
    .evaluateAll((cells) =>
      cells.map((cell) => cell.textContent?.trim() ?? "").filter((text) => text !== ""),
    );

/** The column index (0-based) of a header. */
async function columnIndex(scope: Locator, title: string): Promise<number> {
  const titles = await scope
    .locator(".ant-table-thead th")
    .evaluateAll((cells) => cells.map((cell) => cell.textContent?.trim() ?? ""));
  const index = titles.indexOf(title);
  expect(index, `column ${title} in ${titles.join("|")}`).toBeGreaterThanOrEqual(0);
  return index;
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
    });

    test("SDK report: published rows, the total row, filters and paging", async ({ page }) => {
      const dates = await reportApi.defaultDates(page);
      const query = { ...dates, dimensions: [1, 3, 4, 5], pageIndex: 1, pageSize: 10 };
      const [first, summary] = await Promise.all([
        reportApi.list(page, "online", query),
        reportApi.summary(page, "online", query),
      ]);
      expect(first.total).toBeGreaterThan(40);

      await expect(page.locator("#report_startDate")).toHaveValue(iso(dates.startDate));
      await expect(page.locator("#report_endDate")).toHaveValue(iso(dates.endDate));
      await expect(bodyRows(table(page))).toHaveCount(10);
      await expect(totalRow(table(page))).toContainText(t.total);
      await expect(totalRow(table(page))).toContainText(String(summary.total.requestNum));
      await expect(page.locator(".ant-pagination-total-text")).toHaveText(t.totalOf(first.total));
      // the seed's yesterday is calculated but not published: publishers do not see it
      await expect(page.getByRole("alert")).toContainText(t.unpublished);
      await expect(page.getByRole("alert")).toContainText(iso(dates.endDate));
      // the trend chart of the chosen metric
      await expect(page.getByTestId("trend-chart").locator("svg path").first()).toBeVisible();
      // first row = the server's first row
      const firstRow = bodyRows(table(page)).first();
      await expect(firstRow).toContainText(String(first.list[0]?.dt));
      await expect(firstRow).toContainText(String(first.list[0]?.requestNum));

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
      await expect(totalRow(table(page))).toContainText(String(filtered.total.requestNum));
      const countryColumn = await columnIndex(table(page), t.country);
      const countries = await bodyRows(table(page)).evaluateAll(
        (rows, index) => rows.map((row) => row.children[index]?.textContent ?? ""),
        countryColumn,
      );
      expect(countries.length).toBeGreaterThan(0);
      expect(new Set(countries)).toEqual(new Set(["US"]));
      await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");

      // reset: default filters, page 1, 10 rows
      await page.getByTestId("filter-reset").click();
      await expect(page.locator("#report_country")).toHaveValue("");
      await expect(bodyRows(table(page))).toHaveCount(10);
      await expect(totalRow(table(page))).toContainText(String(summary.total.requestNum));
      await expect(page.locator(".ant-pagination-options")).toContainText(t.perPage(10));
    });

    test("custom columns: at least one of each, the choice applied and kept after reload", async ({
      page,
    }) => {
      await page.getByTestId("report-columns").click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // spec §9: the dialog is 800px wide (measured once its opening animation is over)
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
      await expect(drawer.locator("#detail_range")).toHaveValue(iso(dates.startDate));
      await expect(drawer.locator("#detail_adId")).toHaveValue(String(row.adId));
      // the row's placement, country and ad style over the range, one row per published day, and their total
      const expected = await reportApi.summary(page, "online", {
        ...dates,
        adId: row.adId,
        country: row.country,
        adStyle: row.adStyle,
        dimensions: [1],
      });
      await expect(totalRow(detail)).toContainText(String(expected.total.requestNum));
      await expect(bodyRows(detail)).toHaveCount(expected.days.filter((day) => day.visible).length);
    });

    test("affiliate report: its columns and defaults, sub-channel as text, export name", async ({ page }) => {
      await page.goto(AFFILIATE);
      await expect(bodyRows(table(page)).first()).toBeVisible();
      const dates = await reportApi.defaultDates(page);
      const summary = await reportApi.summary(page, "offline", { ...dates, dimensions: [1, 3, 4, 5] });
      await expect.poll(() => headers(table(page))).toEqual(expect.arrayContaining([...t.affiliateColumns]));
      await expect(totalRow(table(page))).toContainText(String(summary.total.clickNum));

      // the sub-channel dimension, filtered
      await page.getByTestId("report-columns").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("checkbox", { name: t.subChannel, exact: true }).check();
      await dialog.getByRole("button", { name: t.apply }).click();
      await page.locator("#report_subChannel").fill("beta");
      await page.getByTestId("filter-search").click();
      const column = await columnIndex(table(page), t.subChannel);
      await expect
        .poll(() =>
          bodyRows(table(page)).evaluateAll(
            (rows, index) => [...new Set(rows.map((row) => row.children[index]?.textContent ?? ""))],
            column,
          ),
        )
        .toEqual(["sub_beta"]);

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
