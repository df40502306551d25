import { expect, type Locator, type Page, test } from "@playwright/test";
import { consoleApi, unique, uniquePkg } from "./consoleApi.ts";
import { cancelThenDelete } from "./rowDelete.ts";
import { type Lang, signIn, toast } from "./support.ts";

const LIST = "/appManagement/appManagementList";

const T = {
  zh: {
    addTitle: "新增应用",
    editTitle: "编辑应用",
    ok: /^确\s?定$/,
    cancel: /^取\s?消$/,
    success: "成功",
    cancelled: "已取消删除",
    confirm: "此操作将永久删除，是否继续？",
    illegal: "请输入合法字符",
    urlRequired: "请输入URL",
    urlInvalid: "请输入以https或http开头的URL",
    dupName: "应用名称重复",
    dupPkg: "应用包名重复",
    hasPlacements: "该应用下存在广告位，不能删除",
    placements: "广告位管理",
    edit: "编辑",
    delete: "删除",
    online: "已上线",
    android: "Android",
    total: (n: number) => `共 ${n} 条`,
    perPage: (n: number) => `${n} 条/页`,
  },
  en: {
    addTitle: "Add application",
    editTitle: "Edit application",
    ok: /^OK$/,
    cancel: /^Cancel$/,
    success: "Success",
    cancelled: "Cancel",
    confirm: "This deletes permanently. Continue?",
    illegal: "Please enter valid characters",
    urlRequired: "Please enter the URL",
    urlInvalid: "Please enter a URL starting with https or http",
    dupName: "Duplicate app name",
    dupPkg: "Duplicate app package name",
    hasPlacements: "Ad placement exists under this app and cannot be deleted",
    placements: "Placements",
    edit: "Edit",
    delete: "Delete",
    online: "Online",
    android: "Android",
    total: (n: number) => `${n} in total`,
    perPage: (n: number) => `${n} / page`,
  },
} as const;

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const rowOf = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole("cell", { name, exact: true }) });
const dialogOf = (page: Page, title: string) => page.getByRole("dialog").filter({ hasText: title });

async function searchByName(page: Page, name: string) {
  await page.locator("#filter-name").fill(name);
  await page.getByTestId("filter-search").click();
}

async function fieldError(dialog: Locator, text: string) {
  await expect(dialog.locator(".ant-form-item-explain-error").filter({ hasText: text })).toBeVisible();
}

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test.describe(`applications (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test("adds an app; URL rules, duplicate name and package are refused; edit keeps its own name", async ({
      page,
    }) => {
      await signIn(page, lang, LIST);
      const taken = unique("E2E Taken");
      const takenPkg = uniquePkg();
      await consoleApi.createApp(page, taken, takenPkg);

      await page.getByTestId("add-app").click();
      const dialog = dialogOf(page, t.addTitle);
      await expect(dialog).toBeVisible();
      // 424px wide, platform fixed to Android, not online by default
      // polled: the dialog zooms in, so its width is short of 424 until the animation ends
      const dialogBox = dialog.locator(".ant-modal-container, .ant-modal-content").first();
      await expect.poll(async () => Math.round((await dialogBox.boundingBox())?.width ?? 0)).toBe(424);
      await expect(dialog.locator(".ant-select-disabled")).toContainText(t.android);
      await expect(dialog.getByRole("radio", { checked: true })).not.toHaveAccessibleName(t.online);

      // a click outside does not close it
      await page.mouse.click(10, 400);
      await expect(dialog).toBeVisible();

      await dialog.getByRole("button", { name: t.ok }).click();
      await fieldError(dialog, t.urlRequired);
      await dialog.locator("#app-url").fill("ftp://example.com");
      await fieldError(dialog, t.urlInvalid);

      await dialog.locator("#app-name").fill(taken);
      await fieldError(dialog, t.dupName);
      await dialog.locator("#app-pkg").fill(takenPkg);
      await fieldError(dialog, t.dupPkg);
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(dialog).toBeVisible();

      const name = unique("E2E App");
      const pkg = uniquePkg();
      await dialog.locator("#app-url").fill("https://play.google.com/store/apps/details?id=e2e");
      await dialog.locator("#app-name").fill(name);
      await dialog.locator("#app-pkg").fill(pkg);
      await dialog.getByRole("radio", { name: t.online, exact: true }).check();
      await expect(dialog.locator(".ant-form-item-explain-error")).toHaveCount(0);
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(toast(page, t.success)).toBeVisible();
      await expect(dialog).toBeHidden();

      await searchByName(page, name);
      await expect(rows(page)).toHaveCount(1);
      const row = rowOf(page, name);
      await expect(row).toContainText(pkg);
      const saved = await consoleApi.findApp(page, name);
      expect(saved?.is_online).toBe(1);
      await expect(row).toContainText(saved?.app_key ?? "missing");
      await expect(row.getByRole("cell").nth(4)).toHaveText("0");

      // edit: its own name and package are not duplicates; the dialog shows the saved values
      await row.locator("[data-action=edit]").click();
      const edit = dialogOf(page, t.editTitle);
      await expect(edit.locator("#app-name")).toHaveValue(name);
      await expect(edit.locator("#app-pkg")).toHaveValue(pkg);
      await expect(edit.getByRole("radio", { name: t.online, exact: true })).toBeChecked();
      const renamed = `${name} v2`;
      await edit.locator("#app-name").fill(renamed);
      await edit.locator("#app-pkg").fill(takenPkg);
      await fieldError(edit, t.dupPkg);
      await edit.locator("#app-pkg").fill(pkg);
      await edit.getByRole("button", { name: t.ok }).click();
      await expect(edit).toBeHidden();
      await searchByName(page, renamed);
      await expect(rowOf(page, renamed)).toBeVisible();
    });

    test("filters: emoji refused, values trimmed, reset and paging", async ({ page }) => {
      await signIn(page, lang, LIST);
      await expect(rows(page)).toHaveCount(10);

      await page.locator("#filter-name").fill("game 🎮");
      await page.getByTestId("filter-search").click();
      await expect(page.locator(".pc-filter-bar .ant-form-item-explain-error")).toHaveText(t.illegal);

      const listCall = page.waitForRequest((request) => request.url().includes("/v1/app/list?"));
      await page.locator("#filter-name").fill("  Budget Planner  ");
      await page.getByTestId("filter-search").click();
      const url = new URL((await listCall).url());
      expect(url.searchParams.get("name")).toBe("Budget Planner");
      expect(url.searchParams.has("pkg")).toBe(false);
      await expect(page.locator("#filter-name")).toHaveValue("Budget Planner");
      await expect(rows(page)).toHaveCount(1);
      await expect(page.getByText(t.total(1))).toBeVisible();

      await page.getByTestId("filter-reset").click();
      await expect(page.locator("#filter-name")).toHaveValue("");
      await expect(rows(page)).toHaveCount(10);

      // page 2, then a new page size goes back to page 1
      await page.locator(".ant-pagination-item-2").click();
      await expect(page.locator(".ant-pagination-item-active")).toHaveText("2");
      const sized = page.waitForRequest((request) => request.url().includes("page_size=20"));
      await page.locator(".ant-pagination-options .ant-select").click();
      await page.locator(".ant-select-dropdown:visible").getByText(t.perPage(20)).click();
      const sizedUrl = new URL((await sized).url());
      expect(sizedUrl.searchParams.get("page_no")).toBe("1");
      await expect(page.locator(".ant-pagination-item-active")).toHaveText("1");
      for (const size of [10, 30, 40]) {
        await page.locator(".ant-pagination-options .ant-select").click();
        await expect(page.locator(".ant-select-dropdown:visible").getByText(t.perPage(size))).toBeVisible();
        await page.keyboard.press("Escape");
      }
    });

    test("placement management opens the app's placements; delete is refused while it has placements", async ({
      page,
    }) => {
      await signIn(page, lang, LIST);
      const name = unique("E2E Owner");
      const app = await consoleApi.createApp(page, name);
      await consoleApi.createPlacement(page, app.id, unique("E2E Slot"));
      await consoleApi.createPlacement(page, app.id, unique("E2E Slot"));

      await searchByName(page, name);
      const row = rowOf(page, name);
      await expect(row.getByRole("cell").nth(4)).toHaveText("2");
      await row.locator("[data-action=placements]").click();
      await expect(page).toHaveURL(/\/adSpace\/adSpaceList\?name=/);
      expect(new URL(page.url()).searchParams.get("name")).toBe(name);
      await expect(page.locator("#filter-app-name")).toHaveValue(name);
      await expect(rows(page)).toHaveCount(2);
      for (const cell of await rows(page).all()) await expect(cell).toContainText(name);

      await page.goto(LIST);
      await searchByName(page, name);
      // the row shows placements, so the refusal shows at once, without the confirm dialog
      const deletes: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "DELETE") deletes.push(request.url());
      });
      await rowOf(page, name).locator("[data-action=delete]").click();
      await expect(toast(page, t.hasPlacements)).toBeVisible();
      await expect(page.getByRole("dialog").filter({ hasText: t.confirm })).toHaveCount(0);
      expect(deletes).toEqual([]);
      await expect(rowOf(page, name)).toBeVisible();
    });

    test("deletes an app: cancel keeps it, confirm removes it", async ({ page }) => {
      await signIn(page, lang, LIST);
      const name = unique("E2E Gone");
      await consoleApi.createApp(page, name);
      await searchByName(page, name);
      const row = rowOf(page, name);

      await cancelThenDelete(page, row, t);
      expect(await consoleApi.findApp(page, name)).toBeUndefined();
    });
  });
}
