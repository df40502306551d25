/**
 * The reporting API's keys: the super admin creates a key on the API keys screen (from the
 * user menu), reads its secret from the dialog shown once, calls the reporting API with it (Playwright's
 * request, no session) and gets the console's rows; after revoking it on the screen, the call is refused.
 */
import { expect, test } from "@playwright/test";
import { unique } from "./consoleApi.ts";
import { reportApi } from "./reportApi.ts";
import { type Lang, signIn, toast } from "./support.ts";

const T = {
  zh: {
    menu: "API 密钥",
    title: "API 密钥",
    add: "创建 API 密钥",
    affiliate: "联盟结算报表",
    created: (name: string) => `已创建 API 密钥 ${name}`,
    done: "我已复制密钥",
    active: "有效",
    revoked: "已撤销",
    revoke: "撤销",
    ok: /确\s?定/,
    success: "成功",
    revokedMessage: "API 密钥已被撤销",
  },
  en: {
    menu: "API Keys",
    title: "API Keys",
    add: "Create API key",
    affiliate: "Affiliate report",
    created: (name: string) => `API key ${name} created`,
    done: "I have copied the key",
    active: "Active",
    revoked: "Revoked",
    revoke: "Revoke",
    ok: "OK",
    success: "Success",
    revokedMessage: "The API key has been revoked",
  },
} as const;

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test(`a super admin creates an API key, reads the SDK report with it, revokes it (${lang})`, async ({
    page,
    playwright,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, lang);
    await page.getByTestId("user-menu").hover();
    await page.getByRole("menuitem", { name: t.menu }).click();
    await expect(page).toHaveURL(/\/account\/apiKeys$/);
    await expect(page).toHaveTitle(t.title);

    // Create: SDK report only (the affiliate scope unticked), no expiry.
    const name = unique(`E2E key ${lang}`);
    const dialog = page.getByTestId("api-key-dialog");
    // the user menu opened on hover stays open while the pointer is near it, over the page's buttons
    await expect(async () => {
      await page.mouse.move(10, 700);
      await page.getByTestId("add-api-key").click({ timeout: 3000 });
      await expect(dialog.locator("#api-key-name")).toBeVisible({ timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await dialog.locator("#api-key-name").fill(name);
    await dialog.getByLabel(t.affiliate).uncheck();
    await dialog.getByRole("button", { name: t.ok }).click();

    const shown = page.getByTestId("api-key-secret-dialog");
    await expect(shown.getByText(t.created(name))).toBeVisible();
    const secret = (await shown.getByTestId("api-key-secret").locator("code").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^pck_\d+_[A-Za-z0-9_-]{43}$/);
    await expect(shown.getByTestId("api-key-curl")).toContainText(`Authorization: Bearer ${secret}`);
    await shown.getByTestId("api-key-secret-done").click();
    await expect(shown).toBeHidden();

    const row = page.locator(".ant-table-tbody tr.ant-table-row").filter({ hasText: name });
    await expect(row.locator("[data-status]")).toHaveText(t.active);
    // The secret is never shown again: the list has its first characters only.
    await expect(page.getByText(secret)).toHaveCount(0);

    // The reporting API with the key alone (no cookie, no session): the console's rows for the same query.
    const dates = await reportApi.defaultDates(page);
    const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const read = () =>
      api.get("/api/v1/reports/sdk", {
        params: { ...dates, dimensions: "1,4", pageSize: 40 },
        headers: { authorization: `Bearer ${secret}`, lang },
      });
    const answer = await read();
    expect(answer.status()).toBe(200);
    const body = (await answer.json()) as { code: number; data: { list: unknown[]; total: number } };
    expect(body.code).toBe(200);
    const consoleRows = await reportApi.list(page, "online", { ...dates, dimensions: [1, 4], pageSize: 40 });
    // the demo seed's published days: the comparison is of real rows
    expect(consoleRows.total).toBeGreaterThan(0);
    expect(body.data.total).toBe(consoleRows.total);
    expect(body.data.list).toEqual(consoleRows.list);
    const affiliate = await api.get("/api/v1/reports/affiliate", {
      params: dates,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(affiliate.status()).toBe(403);

    // Revoke on the screen, after the confirmation: the next call is refused.
    await row.getByRole("button", { name: t.revoke }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: t.ok }).click();
    await expect(toast(page, t.success)).toBeVisible();
    await expect(row.locator("[data-status]")).toHaveText(t.revoked);
    const refused = await read();
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { msg: string }).msg).toBe(t.revokedMessage);
    await api.dispose();
  });
}
