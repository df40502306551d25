import { readFileSync } from "node:fs";
import path from "node:path";
import { ONLINE_VIEW_ROUTES } from "@pc/contract";
import { expect, test } from "@playwright/test";
import { measureInitialJs } from "../../bench/web-size.ts";
import { INITIAL_JS_BUDGET_GZIP_BYTES } from "../../web/build/initialJs.ts";
import { MANIFEST } from "../../web/build/pageFiles.ts";
import { signIn } from "./support.ts";

/** The build's files of some modules (as Vite's manifest names them, from web/) and of all they import. */
function filesWithImports(modules: readonly string[]): Set<string> {
  const dist = path.resolve(import.meta.dirname, "../../web/dist");
  const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST), "utf8")) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return files;
}

test.describe("delivery of the console", () => {
  test("sends scripts brotli- or gzip-compressed as the browser accepts, hashed files cached for good", async ({
    request,
  }) => {
    const page = await request.get("/login");
    expect(page.headers()["cache-control"]).toBe("no-cache");
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const plain = await request.get(script ?? "", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    for (const { accept, encoding } of [
      { accept: "gzip, deflate, br", encoding: "br" },
      { accept: "gzip", encoding: "gzip" },
    ]) {
      const answer = await request.get(script ?? "", { headers: { "accept-encoding": accept } });
      expect(answer.headers()["content-encoding"]).toBe(encoding);
      expect(answer.headers().vary).toMatch(/accept-encoding/i);
      expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await answer.text()).toBe(await plain.text());
    }
  });

  test("the sign-in page and a report run within the page's content security policy", async ({ page }) => {
    // each page the browser loads keeps what it reports breaking the policy (a blocked eval, script or style)
    await page.addInitScript(() => {
      const reported: string[] = [];
      Object.assign(window, { reportedViolations: reported });
      document.addEventListener("securitypolicyviolation", (event) =>
        reported.push(`${event.effectiveDirective} ${event.blockedURI} in ${event.sourceFile}`),
      );
    });
    const reported = () =>
      page.evaluate(() => (window as unknown as { reportedViolations: string[] }).reportedViolations);

    await page.goto("/login");
    // the form's rules parse what is typed with the contract's schemas
    await page.locator("#email").fill("not-an-email");
    await expect(page.locator(".ant-form-item-explain-error")).toBeVisible();
    expect(await reported()).toEqual([]);

    await signIn(page, "zh", "/reports/sdkReports");
    await expect(page.getByTestId("report-table").locator(".ant-table-row").first()).toBeVisible();
    expect(await reported()).toEqual([]);
  });

  test("a report asks for its date window, its data and the saved views while its page's files load, each once, and leaves what it shows later for later", async ({
    page,
  }) => {
    await signIn(page);
    const calls: string[] = [];
    const scripts: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      // a call with its question: the table's and the trend's are the same path
      if (/^\/(v1|api)\//.test(pathname)) calls.push(`${pathname} ${request.postData() ?? ""}`.trim());
      if (request.resourceType() === "script") scripts.push(pathname);
    });
    const dataCalls = () => calls.filter((call) => /\/online\/(ssp|summary)/.test(call));
    // the screen's file goes out once the date window and the table's, totals' and trend's calls have been
    // made (or after 5 s): calls made by the screen itself could not be
    let callsBeforeScreen: string[] = [];
    await page.route(/\/assets\/ReportScreen-[\w-]+\.js$/, async (route) => {
      await expect
        .poll(() => dataCalls().length, { timeout: 5000 })
        .toBe(3)
        .catch(() => undefined);
      callsBeforeScreen = [...calls];
      await route.continue();
    });
    await page.goto("/reports/sdkReports");
    await expect(page.getByTestId("report-table").locator(".ant-table-row").first()).toBeVisible();
    expect(callsBeforeScreen).toContain("/v1/report/date_window");
    expect(callsBeforeScreen).toContain(ONLINE_VIEW_ROUTES.list.path);
    expect(calls.filter((call) => call === ONLINE_VIEW_ROUTES.list.path)).toHaveLength(1);
    expect(callsBeforeScreen.filter((call) => /\/online\/(ssp|summary)/.test(call))).toHaveLength(3);
    // the screen took the answers the loader asked for: no call twice
    expect(dataCalls()).toHaveLength(3);
    expect(new Set(dataCalls()).size).toBe(3);
    // the export's progress bar, the schedule and saved view dialogs and antd's Result (with its three
    // drawings) are not part of the first load
    expect(
      scripts.filter((script) =>
        /\/(ExportProgress|ScheduleDialog|ReportViewDialog|progress|result)-/.test(script),
      ),
    ).toEqual([]);
  });

  test("a signed-in page names every file its page needs, so the app adds no preload of its own", async ({
    page,
  }) => {
    await signIn(page);
    const served = await (await page.request.get("/reports/sdkReports")).text();
    const named = [...served.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
      ([, href]) => href ?? "",
    );
    expect(named).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/SdkReportsPage-/)]));
    expect(named).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/SignedInFrame-/)]));
    for (const href of named) {
      const answer = await page.request.get(href);
      expect(answer.status(), href).toBe(200);
      expect(answer.headers()["content-type"], href).toMatch(
        href.endsWith(".css") ? /text\/css/ : /javascript/,
      );
    }

    await page.goto("/reports/sdkReports");
    await expect(page.getByTestId("report-table").locator(".ant-table-row").first()).toBeVisible();
    const inPage = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    // the app's loader adds a link for each file of a page that the served page did not name: only the files
    // the report imports when it draws them, the trend's chart and, on a screen this wide, the filters' form,
    // the report's own fields and the table
    const added = inPage.filter((href) => !named.includes(href) && !served.includes(href));
    const drawnLater = filesWithImports([
      "src/pages/reports/trend/TrendChart.tsx",
      "src/pages/reports/query/ReportFilterForm.tsx",
      "src/pages/reports/query/SdkFilterFields.tsx",
      "src/pages/reports/table/ReportTable.tsx",
    ]);
    expect(added.filter((href) => !drawnLater.has(href))).toEqual([]);
    for (const file of [
      /^\/assets\/ReportFilterForm-/,
      /^\/assets\/SdkFilterFields-/,
      /^\/assets\/ReportTable-/,
    ])
      expect(added).toEqual(expect.arrayContaining([expect.stringMatching(file)]));
  });

  test("a report's table does not measure the scrollbar when it mounts (a forced layout of the page)", async ({
    page,
  }) => {
    await signIn(page);
    await page.addInitScript(() => {
      const measured: string[] = [];
      Object.assign(window, { scrollbarMeasures: measured });
      new MutationObserver((changes) => {
        for (const change of changes)
          for (const node of change.addedNodes)
            if (node instanceof Element && node.id.startsWith("rc-scrollbar-measure")) measured.push(node.id);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/reports/sdkReports");
    await expect(page.getByTestId("report-table").locator(".ant-table-row").first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { scrollbarMeasures: string[] }).scrollbarMeasures),
    ).toEqual([]);
  });

  test("keeps the initial JavaScript within 300 KB gzip", () => {
    expect(measureInitialJs().gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP_BYTES);
  });
});
