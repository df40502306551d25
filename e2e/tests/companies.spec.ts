/**
 * Companies: the operator's admin creates a white-label company with a host, sets its theme
 * colour (the preview shows it before saving), uploads a logo, and the host's branding answers the new colour
 * and logo; an SVG is refused on the screen. A publisher's admin has no Companies menu.
 */
import { expect, type Page, test } from "@playwright/test";
import { SVG_WITH_SCRIPT, solidPng } from "../../server/test/support/images.ts";
import { type Lang, OPERATOR, primaryButtonRgb, signIn, signInAs, TEXT, toast } from "./support.ts";

const T = {
  zh: {
    menu: "公司管理",
    ok: /^确\s?定$/,
    success: "成功",
    branding: "品牌设置",
    svgRefused: "不支持 SVG 图片（可能包含脚本），请使用 PNG",
    noPermission: TEXT.zh.noPermission,
  },
  en: {
    menu: "Companies",
    ok: /^OK$/,
    success: "Success",
    branding: "Branding",
    svgRefused: "SVG images are not accepted (they can carry script); please use a PNG",
    noPermission: TEXT.en.noPermission,
  },
} as const;

/** Each language its own colour, so the two runs cannot pass on each other's change. */
const THEME: Record<Lang, { hex: string }> = {
  zh: { hex: "#D4380D" },
  en: { hex: "#531DAB" },
};

interface Branding {
  name: string;
  theme: string;
  logo: string;
}

/** The menu routes the server gives the signed-in user (the top bar folds what does not fit into "…"). */
async function menuOf(page: Page): Promise<string[]> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === "token")?.value ?? "";
  const response = await page.request.get("/api/v1/user/menu", { headers: { token } });
  return ((await response.json()) as { data: { routes: string[] } }).data.routes;
}

async function brandingOf(page: Page, host: string): Promise<Branding> {
  const response = await page.request.get(`/common/host?host=${encodeURIComponent(host)}`);
  return ((await response.json()) as { data: Branding }).data;
}

for (const lang of ["zh", "en"] as Lang[]) {
  const t = T[lang];

  test.describe(`companies (${lang})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test("the operator's admin creates a branded company: host, theme colour with preview, logo", async ({
      page,
    }) => {
      const stamp = `${lang}${Date.now().toString(36)}`;
      const name = `Brand ${stamp}`;
      const host = `console.${stamp}.test`;
      await signInAs(page, OPERATOR, lang);
      expect(await menuOf(page)).toContain("companies");
      await page.goto("/companies");
      await expect(page.locator(".pc-list-title")).toHaveText(t.menu);
      await expect(page).toHaveTitle(new RegExp(t.menu));

      // create the company with one host and its first super admin
      await page.getByTestId("add-company").click();
      const dialog = page.getByTestId("company-dialog");
      await dialog.locator("#company-name").fill(name);
      await dialog.locator("#company-hosts").fill(host);
      await dialog.locator("#company-hosts").press("Enter");
      await expect(dialog.locator(".ant-select-selection-item")).toHaveText(host);
      await dialog.locator("#company-admin-email").fill(`boss@${stamp}.test`);
      await dialog.locator("#company-admin-password").fill("Secret123");
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(page, t.success)).toBeVisible();

      // the new company is listed with its host, and its branding opens
      const row = page.locator("tr.ant-table-row").filter({ hasText: name });
      await expect(row).toContainText(host);
      const drawer = page.getByTestId("branding-drawer");
      await expect(drawer).toContainText(`${t.branding}`);
      await expect(drawer).toContainText(name);

      // the preview follows the colour as it is typed, before it is saved
      const preview = drawer.getByTestId("branding-preview");
      await drawer.locator("#branding-theme").fill(THEME[lang].hex);
      await expect(preview).toHaveAttribute("data-color", THEME[lang].hex);
      // the button as users will see it: white on the colour's readable shade
      await expect(preview.getByTestId("preview-button")).toHaveCSS(
        "background-color",
        primaryButtonRgb(THEME[lang].hex),
      );
      expect((await brandingOf(page, host)).theme).not.toBe(THEME[lang].hex);
      await drawer.getByTestId("save-theme").click();
      await expect(toast(page, t.success)).toBeVisible();
      await expect(row.locator(".pc-company-theme")).toHaveAttribute("data-theme", THEME[lang].hex);

      // an SVG logo is refused with the reason; a PNG is taken
      const fileInput = drawer.locator("input[type=file]").first();
      await fileInput.setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: SVG_WITH_SCRIPT });
      await expect(drawer).toContainText(t.svgRefused);
      const logo = solidPng(60, 20, THEME[lang].hex);
      await fileInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
      await expect(drawer.getByTestId("current-logo").locator("img")).toBeVisible();
      await expect(drawer).not.toContainText(t.svgRefused);
      await expect(row.locator("img.pc-company-logo")).toBeVisible();

      // the host's branding answers the new colour and logo, and the logo is the image uploaded
      const branding = await brandingOf(page, host);
      expect(branding).toMatchObject({ name, theme: THEME[lang].hex });
      expect(branding.logo).toMatch(/^\/common\/company_asset\/\d+\/logo\/[0-9a-f]{64}$/);
      const image = await page.request.get(branding.logo);
      expect(image.headers()["content-type"]).toBe("image/png");
      expect(image.headers()["x-content-type-options"]).toBe("nosniff");
      expect(Buffer.from(await image.body()).equals(logo)).toBe(true);
      // the preview shows the logo too
      await expect(preview.locator("img")).toHaveAttribute("src", branding.logo);
    });

    test("a publisher's admin has no Companies menu and cannot open the page", async ({ page }) => {
      await signIn(page, lang);
      await expect(page.getByTestId("logout")).toBeVisible();
      expect(await menuOf(page)).not.toContain("companies");
      await page.goto("/companies");
      await expect(page.getByText(t.noPermission)).toBeVisible();
      await expect(page.getByTestId("add-company")).toHaveCount(0);
    });
  });
}
