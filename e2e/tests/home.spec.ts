/**
 * The home page: the demo publisher sees the SDK report's key figures of the latest
 * published day (the seed leaves yesterday calculated but unpublished), each formatted in the language's
 * locale and equal to what the SDK report answers for that day, with the change against the day before,
 * a 7-day sparkline and the day's top apps; the operator, whose company publishes nothing, sees the empty
 * state.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { addDays, iso, type ReportRow, reportApi } from "./reportApi.ts";
import { type Lang, OPERATOR, signIn, signInAs } from "./support.ts";

const T = {
  zh: {
    latestDay: (date: string) => `最近发布日 · ${date}`,
    notPublished: (yesterday: string) => `昨天（${yesterday}）的报表尚未发布`,
    titles: ["收入（USD）", "eCPM（USD）", "填充率", "展示数"],
    points: (value: string) => `${value} 个百分点`,
    change: (absolute: string, relative: string) => `${absolute}（${relative}）`,
    vsDayBefore: "较前一天",
    topApps: "收入最高的应用",
    appName: "应用名称",
    empty: "暂无已发布的 SDK 报表",
    viewReport: "查看 SDK 报表",
  },
  en: {
    latestDay: (date: string) => `Latest published day · ${date}`,
    notPublished: (yesterday: string) => `Yesterday's report (${yesterday}) is not published yet`,
    titles: ["Revenue (USD)", "eCPM (USD)", "Fill rate", "Impressions"],
    points: (value: string) => `${value} pp`,
    change: (absolute: string, relative: string) => `${absolute} (${relative})`,
    vsDayBefore: "vs. the day before",
    topApps: "Top apps by revenue",
    appName: "App name",
    empty: "No SDK report has been published yet",
    viewReport: "Open the SDK report",
  },
} as const;

const LOCALE: Record<Lang, string> = { zh: "zh-CN", en: "en-US" };

/**
 * The home page's number formats, the SDK report's: the locale's own USD sign ("US$" in
 * zh-CN), eCPM with 4 decimals.
 */
const FORMATS = {
  settleAmount: { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 },
  settleEcpm: { style: "currency", currency: "USD", minimumFractionDigits: 4, maximumFractionDigits: 4 },
  recallRate: { style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 2 },
  showNum: { maximumFractionDigits: 0 },
} satisfies Record<string, Intl.NumberFormatOptions>;
type Metric = keyof typeof FORMATS;
const METRICS = Object.keys(FORMATS) as Metric[];

const format = (lang: Lang, metric: Metric, value: number, signed = false) =>
  new Intl.NumberFormat(LOCALE[lang], {
    ...FORMATS[metric],
    ...(signed ? { signDisplay: "exceptZero" } : {}),
  }).format(value);

/** The change text of a figure against the day before. */
function changeText(lang: Lang, metric: Metric, current: number, previous: number): string {
  const difference = current - previous;
  const absolute =
    metric === "recallRate"
      ? T[lang].points(
          new Intl.NumberFormat(LOCALE[lang], {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
            signDisplay: "exceptZero",
          }).format(difference * 100),
        )
      : format(lang, metric, difference, true);
  const relative =
    previous === 0
      ? "—"
      : new Intl.NumberFormat(LOCALE[lang], {
          style: "percent",
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
          signDisplay: "exceptZero",
        }).format(difference / previous);
  return T[lang].change(absolute, relative);
}

const card = (page: Page, metric: Metric): Locator => page.getByTestId(`home-figure-${metric}`);
const num = (row: ReportRow, key: string) => Number(row[key]);

async function dayTotal(page: Page, ymd: string): Promise<ReportRow> {
  return (await reportApi.summary(page, "online", { startDate: ymd, endDate: ymd })).total;
}

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`home (${lang})`, () => {
    test("the SDK figures of the latest published day, their change, sparklines and top apps", async ({
      page,
    }) => {
      await signIn(page, lang);
      await expect(page).toHaveURL(/\/home$/);
      const window = await reportApi.dateWindow(page);
      // the seed's yesterday is calculated but not published: the day before is the latest published
      const day = addDays(window.maxDate, -1);
      const [current, previous, top] = await Promise.all([
        dayTotal(page, day),
        dayTotal(page, addDays(day, -1)),
        reportApi.list(page, "online", {
          startDate: day,
          endDate: day,
          dimensions: [2],
          orderBy: "settleAmount",
          order: "desc",
          pageSize: 5,
        }),
      ]);

      await expect(page.getByTestId("home-overview-day")).toHaveText(t.latestDay(iso(day)));
      await expect(page.getByRole("alert")).toContainText(t.notPublished(iso(window.maxDate)));
      await expect(page.getByRole("link", { name: t.viewReport })).toHaveAttribute(
        "href",
        "/reports/sdkReports",
      );

      for (const [index, metric] of METRICS.entries()) {
        const figure = card(page, metric);
        await expect(figure).toContainText(t.titles[index] ?? "");
        await expect(figure.getByTestId("home-figure-value")).toHaveText(
          format(lang, metric, num(current, metric)),
        );
        const change = figure.getByTestId("home-figure-change");
        await expect(change).toHaveText(
          `${changeText(lang, metric, num(current, metric), num(previous, metric))}${t.vsDayBefore}`,
        );
        const difference = num(current, metric) - num(previous, metric);
        await expect(change).toHaveAttribute(
          "data-direction",
          difference > 0 ? "up" : difference < 0 ? "down" : "flat",
        );
        // the 7 published days ending at the day, in one line
        const line = figure.getByTestId("home-sparkline").locator("polyline");
        await expect(line).toHaveCount(1);
        expect((await line.getAttribute("points"))?.split(" ")).toHaveLength(7);
      }

      const topApps = page.getByTestId("home-top-apps");
      await expect(topApps).toContainText(t.topApps);
      // the report's titles: revenue, impressions, eCPM
      await expect(topApps.locator(".ant-table-thead th")).toHaveText([
        t.appName,
        t.titles[0],
        t.titles[3],
        t.titles[1],
      ]);
      const rows = topApps.locator(".ant-table-tbody tr.ant-table-row");
      expect(top.list.length).toBeGreaterThan(1);
      await expect(rows).toHaveCount(top.list.length);
      for (const [index, app] of top.list.entries()) {
        await expect(rows.nth(index).locator("td")).toHaveText([
          String(app.appName),
          format(lang, "settleAmount", num(app, "settleAmount")),
          format(lang, "showNum", num(app, "showNum")),
          format(lang, "settleEcpm", num(app, "settleEcpm")),
        ]);
      }
    });

    test("a company with no published report sees the empty state", async ({ page }) => {
      await signInAs(page, OPERATOR, lang);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByTestId("home-overview-empty")).toContainText(t.empty);
      await expect(page.getByTestId("home-figure-settleAmount")).toHaveCount(0);
    });
  });
}
