import { expect, type Locator, type Page, test } from "@playwright/test";
import { consoleApi, unique } from "./consoleApi.ts";
import { cancelThenDelete } from "./rowDelete.ts";
import { type Lang, signIn, toast } from "./support.ts";

const LIST = "/adSpace/adSpaceList";

const T = {
  zh: {
    addTitle: "新增广告位",
    editTitle: "编辑广告位",
    floorTitle: "底价设置",
    ok: /^确\s?定$/,
    cancel: /^取\s?消$/,
    success: "成功",
    cancelled: "已取消删除",
    confirm: "此操作将永久删除，是否继续？",
    styles: { 1: "横幅", 2: "原生", 3: "激励视频", 4: "插屏" },
    contentTypes: { 1: "横屏图片", 2: "竖屏图片", 3: "横屏视频", 4: "竖屏视频", 5: "320×50", 6: "300×250" },
    autoRotation: "自动轮播",
    dupName: "广告位名称重复",
    contentRequired: "请选择内容类型",
    integer: "请输入整数",
    defaultRequired: "请输入默认底价",
    countriesRequired: "请选择国家",
    priceRequired: "请输入底价",
    duplicated: "已选国家在不同的底价配置中重复",
    priceInvalid: "底价须为 0 到 1000000 之间、最多 4 位小数的数字",
  },
  en: {
    addTitle: "Add placement",
    editTitle: "Edit placement",
    floorTitle: "Floor price",
    ok: /^OK$/,
    cancel: /^Cancel$/,
    success: "Success",
    cancelled: "Cancel",
    confirm: "This deletes permanently. Continue?",
    styles: { 1: "Banner", 2: "Native", 3: "Reward Video", 4: "Interstitial" },
    contentTypes: {
      1: "Horizontal image",
      2: "Vertical image",
      3: "Horizontal video",
      4: "Vertical video",
      5: "320×50",
      6: "300×250",
    },
    autoRotation: "Auto rotation",
    dupName: "Duplicate ad placement name",
    contentRequired: "Please select the content types",
    integer: "Please enter an integer",
    defaultRequired: "The default price must be entered",
    countriesRequired: "Please select the countries",
    priceRequired: "Please enter the price",
    duplicated: "The already selected countries are duplicated across different floor-price configurations",
    priceInvalid: "The price must be a number from 0 to 1000000 with at most 4 decimals",
  },
} as const;

/** The content types each ad style allows (docs/rules/validation.md#placement-form). */
type ContentTypeId = 1 | 2 | 3 | 4 | 5 | 6;
const ALLOWED: Record<1 | 2 | 3 | 4, ContentTypeId[]> = {
  1: [5, 6],
  2: [1, 2, 3, 4],
  3: [3, 4],
  4: [1, 2, 3, 4],
};

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const rowOf = (page: Page, name: string) =>
  rows(page).filter({ has: page.getByRole("cell", { name, exact: true }) });
const dialogOf = (page: Page, title: string) => page.getByRole("dialog").filter({ hasText: title });
const dropdown = (page: Page) => page.locator(".ant-select-dropdown:visible");
const fieldError = (scope: Locator, text: string) =>
  scope.locator(".ant-form-item-explain-error").filter({ hasText: text });

/** Picks an option of a select, opening it again if a click landed while the dropdown was moving. */
async function choose(page: Page, dialog: Locator, selectId: string, label: string, search?: string) {
  const item = dialog.locator(".ant-form-item").filter({ has: page.locator(`#${selectId}`) });
  await expect(async () => {
    const option = dropdown(page).locator(`.ant-select-item-option[title="${label}"]`);
    if (!(await option.isVisible())) {
      await dialog.locator(`#${selectId}`).click();
      if (search) await page.keyboard.type(search);
    }
    await option.click({ timeout: 3000 });
    await expect(item.locator(`[title="${label}"]`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
}

const chooseApp = (page: Page, dialog: Locator, name: string) =>
  choose(page, dialog, "placement-app", name, name);
const chooseStyle = (page: Page, dialog: Locator, label: string) =>
  choose(page, dialog, "placement-ad-style", label);

async function pickCountries(page: Page, group: Locator, keys: string[]) {
  await group.locator("input[id^=floor-countries-]").click();
  for (const key of keys) {
    await page.keyboard.type(key);
    await dropdown(page).locator(`.ant-select-item-option[title="${key}"]`).click();
  }
  await page.keyboard.press("Escape");
}

const floorOf = async (page: Page, appName: string, name: string) => {
  const placement = (await consoleApi.placementsOfApp(page, appName)).find((row) => row.name === name);
  return JSON.parse(placement?.country_bottom_price ?? "null") as unknown;
};

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test.describe(`placements (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test("adds a placement of each ad style; content types follow the style; duplicate name refused", async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, lang, LIST);
      const appName = unique("E2E Styles");
      await consoleApi.createApp(page, appName);

      const names: Record<number, string> = {};
      for (const style of [1, 2, 3, 4] as const) {
        await page.getByTestId("add-placement").click();
        const dialog = dialogOf(page, t.addTitle);
        await expect(dialog).toBeVisible();
        await expect(dialog.getByTestId("material-sizes")).toContainText("1280×720 (16:9)");
        await expect(dialog.getByTestId("material-sizes")).toContainText("640×960 (2:3)");
        await expect(dialog.getByTestId("material-sizes")).toContainText("320×50");
        await expect(dialog.getByTestId("material-sizes")).toContainText("300×250");

        await chooseApp(page, dialog, appName);
        names[style] = unique(`E2E ${t.styles[style]}`).slice(0, 30);
        await dialog.locator("#placement-name").fill(names[style]);

        if (style === 2) {
          // a style's content types can be narrowed; choosing another style resets them to all it allows
          await chooseStyle(page, dialog, t.styles[3]);
          await dialog.getByRole("checkbox", { name: t.contentTypes[4] }).uncheck();
          await chooseStyle(page, dialog, t.styles[4]);
          await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(4);
          for (const type of [3, 4] as const)
            await dialog.getByRole("checkbox", { name: t.contentTypes[type] }).uncheck();
          for (const type of [1, 2] as const)
            await dialog.getByRole("checkbox", { name: t.contentTypes[type] }).uncheck();
          await expect(fieldError(dialog, t.contentRequired)).toBeVisible();
        }
        await chooseStyle(page, dialog, t.styles[style]);

        const boxes = dialog.getByRole("checkbox");
        await expect(boxes).toHaveCount(ALLOWED[style].length);
        for (const type of ALLOWED[style]) {
          await expect(dialog.getByRole("checkbox", { name: t.contentTypes[type] })).toBeChecked();
        }
        if (style === 1) {
          await dialog.getByRole("switch").click();
          await expect(dialog.getByRole("switch")).toBeChecked();
        } else {
          await expect(dialog.getByText(t.autoRotation)).toHaveCount(0);
        }
        if (style === 2) await dialog.getByRole("checkbox", { name: t.contentTypes[4] }).uncheck();

        await dialog.getByRole("button", { name: t.ok }).click();
        await expect(toast(page, t.success).first()).toBeVisible();
        await expect(dialog).toBeHidden();
      }

      // the name is unique within the company
      await page.getByTestId("add-placement").click();
      const dialog = dialogOf(page, t.addTitle);
      await chooseApp(page, dialog, appName);
      await dialog.locator("#placement-name").fill(names[3] ?? "");
      await expect(fieldError(dialog, t.dupName)).toBeVisible();
      await chooseStyle(page, dialog, t.styles[3]);
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t.cancel }).click();

      const saved = await consoleApi.placementsOfApp(page, appName);
      const byStyle = (style: number) => saved.find((row) => row.ad_style === style);
      expect(saved).toHaveLength(4);
      expect(byStyle(1)).toMatchObject({ name: names[1], content_type: "5,6", auto_rotation: 1 });
      expect(byStyle(2)).toMatchObject({ name: names[2], content_type: "1,2,3", auto_rotation: 2 });
      expect(byStyle(3)).toMatchObject({ name: names[3], content_type: "3,4", auto_rotation: 2 });
      expect(byStyle(4)).toMatchObject({ name: names[4], content_type: "1,2,3,4", auto_rotation: 2 });

      // the list filtered by app name and ad type
      await page.locator("#filter-app-name").fill(appName);
      await page.getByTestId("filter-search").click();
      await expect(rows(page)).toHaveCount(4);
      await page.locator("#filter-ad-style").click();
      await dropdown(page).locator(`.ant-select-item-option[title="${t.styles[3]}"]`).click();
      await page.getByTestId("filter-search").click();
      await expect(rows(page)).toHaveCount(1);
      await expect(rowOf(page, names[3] ?? "")).toContainText(t.styles[3]);
    });

    test("edits a placement: the app is fixed, its own name is not a duplicate", async ({ page }) => {
      await signIn(page, lang, LIST);
      const appName = unique("E2E Edit");
      const app = await consoleApi.createApp(page, appName);
      const name = unique("E2E Slot");
      await consoleApi.createPlacement(page, app.id, name, 2, "1,3");
      await page.locator("#filter-name").fill(name);
      await page.getByTestId("filter-search").click();
      await rowOf(page, name).locator("[data-action=edit]").click();

      const dialog = dialogOf(page, t.editTitle);
      await expect(dialog.locator(".ant-select-disabled").first()).toContainText(appName);
      await expect(dialog.locator("#placement-name")).toHaveValue(name);
      await expect(dialog.getByRole("checkbox", { checked: true })).toHaveCount(2);
      const renamed = `${name}x`;
      await dialog.locator("#placement-name").fill(renamed);
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(dialog).toBeHidden();
      const saved = (await consoleApi.placementsOfApp(page, appName))[0];
      expect(saved).toMatchObject({ name: renamed, app_id: app.id, content_type: "1,3" });
    });

    test("sets per-country floor prices in two groups and sees them saved", async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, lang, LIST);
      const appName = unique("E2E Floors");
      const app = await consoleApi.createApp(page, appName);
      const name = unique("E2E Floor");
      const placement = await consoleApi.createPlacement(page, app.id, name);

      // the id filter accepts integers only
      for (const bad of ["abc", "1.5"]) {
        await page.locator("#filter-id").fill(bad);
        await page.getByTestId("filter-search").click();
        await expect(fieldError(page.locator(".pc-filter-bar"), t.integer)).toBeVisible();
      }
      await page.locator("#filter-id").fill(String(placement.id));
      await page.getByTestId("filter-search").click();
      await expect(rows(page)).toHaveCount(1);

      const open = async () => {
        await rowOf(page, name).locator("[data-action=bottomPrice]").click();
        const dialog = dialogOf(page, t.floorTitle);
        await expect(dialog).toBeVisible();
        return dialog;
      };
      let dialog = await open();
      const group = (index: number) => dialog.getByTestId(`floor-group-${index}`);
      await expect(group(0)).toHaveCount(0);

      // the switch creates one empty group that cannot be deleted
      await dialog.locator("#floor-switch").click();
      await expect(group(0)).toBeVisible();
      await expect(group(1)).toHaveCount(0);
      await expect(dialog.getByTestId("floor-group-delete-0")).toBeDisabled();
      // the country list is fetched once and kept for the session
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem("countries")))
        .toContain('"Key":"US"');
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(fieldError(dialog, t.defaultRequired)).toBeVisible();
      await expect(fieldError(group(0), t.countriesRequired)).toBeVisible();
      await expect(fieldError(group(0), t.priceRequired)).toBeVisible();

      await dialog.locator("#floor-default").fill("0.5");
      await pickCountries(page, group(0), ["US", "CA"]);
      await group(0).locator("#floor-price-0").fill("1.2");
      await dialog.getByTestId("floor-group-add").click();
      await expect(dialog.getByTestId("floor-group-delete-0")).toBeEnabled();
      await pickCountries(page, group(1), ["CA"]);
      await group(1).locator("#floor-price-1").fill("0.12345");
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(fieldError(group(1), t.duplicated)).toBeVisible();
      await expect(fieldError(group(1), t.priceInvalid)).toBeVisible();
      await expect(dialog).toBeVisible();

      await group(1)
        .locator(".ant-select-selection-item[title=CA] .ant-select-selection-item-remove")
        .click();
      await pickCountries(page, group(1), ["GB", "DE"]);
      await group(1).locator("#floor-price-1").fill("0.8");
      await expect(dialog.locator(".ant-form-item-explain-error")).toHaveCount(0);
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(toast(page, t.success).first()).toBeVisible();
      await expect(dialog).toBeHidden();

      expect(await floorOf(page, appName, name)).toEqual({
        default_bottom_price: 0.5,
        country_open_flag: 1,
        country_open_items: [
          { countrys: ["US", "CA"], price: 1.2 },
          { countrys: ["GB", "DE"], price: 0.8 },
        ],
      });

      // reopened, the dialog shows what was saved
      dialog = await open();
      await expect(dialog.locator("#floor-switch")).toBeChecked();
      await expect(dialog.locator("#floor-default")).toHaveValue(/^0\.50?$/);
      await expect(group(0).locator(".ant-select-selection-item")).toHaveText(["US", "CA"]);
      await expect(group(1).locator(".ant-select-selection-item")).toHaveText(["GB", "DE"]);
      await expect(group(0).locator("#floor-price-0")).toHaveValue(/^1\.20?$/);
      await expect(group(1).locator("#floor-price-1")).toHaveValue(/^0\.80?$/);

      // deleting a group, then the switch off clears every group
      await dialog.getByTestId("floor-group-delete-1").click();
      await expect(group(1)).toHaveCount(0);
      await expect(dialog.getByTestId("floor-group-delete-0")).toBeDisabled();
      await dialog.locator("#floor-switch").click();
      await expect(group(0)).toHaveCount(0);
      await dialog.locator("#floor-default").fill("0.25");
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(dialog).toBeHidden();
      expect(await floorOf(page, appName, name)).toEqual({
        default_bottom_price: 0.25,
        country_open_flag: 2,
        country_open_items: [],
      });
      dialog = await open();
      await expect(dialog.locator("#floor-switch")).not.toBeChecked();
      await expect(group(0)).toHaveCount(0);
    });

    test("deletes a placement: cancel keeps it, confirm removes it", async ({ page }) => {
      await signIn(page, lang, LIST);
      const appName = unique("E2E Del");
      const app = await consoleApi.createApp(page, appName);
      const name = unique("E2E Doomed");
      await consoleApi.createPlacement(page, app.id, name, 3, "3,4");
      await page.locator("#filter-app-name").fill(appName);
      await page.getByTestId("filter-search").click();
      const row = rowOf(page, name);

      await cancelThenDelete(page, row, t);
      expect(await consoleApi.placementsOfApp(page, appName)).toEqual([]);
    });
  });
}

test("the app select searches on the server and loads more near the bottom", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "zh", LIST);
  const prefix = unique("E2E Many");
  for (let index = 0; index < 13; index += 1) {
    await consoleApi.createApp(page, `${prefix} ${String(index).padStart(2, "0")}`);
  }
  await page.getByTestId("add-placement").click();
  const dialog = dialogOf(page, T.zh.addTitle);
  // Typing on a busy machine may pause long enough for a search of part of the text first: wait for the whole.
  const searched = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname.endsWith("/v1/app/list") &&
      url.searchParams.get("page_no") === "1" &&
      url.searchParams.get("name") === prefix
    );
  });
  await dialog.locator("#placement-app").click();
  await page.keyboard.type(prefix);
  await searched;
  // newest first: the last app created is on the first page, the first one on the second
  await expect(dropdown(page).locator(`.ant-select-item-option[title="${prefix} 12"]`)).toBeVisible();
  await expect(dropdown(page).locator(`.ant-select-item-option[title="${prefix} 00"]`)).toHaveCount(0);
  const secondPage = page.waitForRequest((request) => request.url().includes("page_no=2"));
  await dropdown(page).hover();
  for (let step = 0; step < 5; step += 1) await page.mouse.wheel(0, 300);
  const second = new URL((await secondPage).url());
  expect(second.searchParams.get("name")).toBe(prefix);
  expect(second.searchParams.get("page_size")).toBe("10");
  await expect(async () => {
    await page.mouse.wheel(0, 300);
    await expect(dropdown(page).locator(`.ant-select-item-option[title="${prefix} 00"]`)).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
});
