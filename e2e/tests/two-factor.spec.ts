/**
 * Two-step verification, in both languages: a staff user turns it on from the account page
 * (the key read from the page, the code made from it here as an authenticator app would), saves the recovery
 * codes, signs out, and signs in again with the password and then a code; a wrong code is refused on its field.
 */
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { accountsApi } from "./accountsApi.ts";
import { fillLogin, type Lang, signIn, signInAs, TEXT } from "./support.ts";

const T = {
  zh: {
    title: "两步验证",
    on: "已开启",
    off: "未开启",
    setupTitle: "开启两步验证",
    recoveryTitle: "保存您的恢复码",
    codeWrong: "验证码错误或已过期，请输入身份验证器应用当前显示的验证码，或一个恢复码",
    codesLeft: "剩余恢复码：10 个",
    loginTitle: "两步验证",
  },
  en: {
    title: "Two-step verification",
    on: "On",
    off: "Off",
    setupTitle: "Turn on two-step verification",
    recoveryTitle: "Save your recovery codes",
    codeWrong:
      "The code is wrong or expired: enter the code your authenticator app shows now, or a recovery code",
    codesLeft: "Recovery codes left: 10",
    loginTitle: "Two-step verification",
  },
} as const;

/** The authenticator app: the code of a key at an instant (now, or a step later). */
const codeOf = (key: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp });

/** A code that is wrong for this key now and in the steps next to it. */
function wrongCode(key: string): string {
  const near = [-30_000, 0, 30_000, 60_000].map((offset) => codeOf(key, Date.now() + offset));
  return ["000000", "111111", "222222", "333333", "444444"].find((code) => !near.includes(code)) ?? "555555";
}

const fieldError = (page: Page, text: string) =>
  page.locator(".ant-form-item-explain-error").filter({ hasText: text });

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test.describe(`two-step verification (${lang})`, () => {
    test("turns it on from the account page, then signs in with the password and a code", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, lang);
      const staff = await accountsApi.createStaff(page, `2fa-${lang}`);

      const user = await (await browser.newContext()).newPage();
      await signInAs(user, staff, lang);
      await user.goto("/account/index");
      const card = user.getByTestId("two-factor-card");
      await expect(card.getByText(t.title, { exact: true })).toBeVisible();
      await expect(card.getByTestId("two-factor-state")).toHaveText(t.off);

      // the setup: a QR code and the key as text, which the "app" here reads
      await card.getByTestId("two-factor-turn-on").click();
      const dialog = user.getByRole("dialog");
      await expect(dialog.getByText(t.setupTitle)).toBeVisible();
      await expect(dialog.getByTestId("two-factor-qr")).toBeVisible();
      const key = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
      expect(key).toMatch(/^[A-Z2-7]{32}$/);

      await dialog.locator("#two_factor_code").fill(wrongCode(key));
      await dialog.getByTestId("two-factor-enable-submit").click();
      await expect(fieldError(user, t.codeWrong)).toBeVisible();

      await dialog.locator("#two_factor_code").fill(codeOf(key));
      await dialog.getByTestId("two-factor-enable-submit").click();
      await expect(dialog.getByText(t.recoveryTitle)).toBeVisible();
      const codes = dialog.getByTestId("recovery-codes").locator("li");
      await expect(codes).toHaveCount(10);
      await expect(codes.first()).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      await dialog.getByTestId("two-factor-done").click();
      await expect(card.getByTestId("two-factor-state")).toHaveText(t.on);
      await expect(card.getByTestId("recovery-codes-left")).toHaveText(t.codesLeft);

      // sign out, and in again: the password, then the second step asks for a code
      await user.getByTestId("logout").click();
      await expect(user).toHaveURL(/\/login/);
      if (lang === "en") await expect(user.locator("html")).toHaveAttribute("lang", "en");
      await fillLogin(user, staff.email, staff.password);
      const step = user.getByTestId("two-factor-step");
      await expect(step.getByRole("heading", { name: t.loginTitle })).toBeVisible();
      await expect(user).toHaveURL(/\/login/);
      expect((await user.context().cookies()).find((cookie) => cookie.name === "token")).toBeUndefined();

      await step.locator("#two_factor_code").fill(wrongCode(key));
      await step.getByTestId("two-factor-submit").click();
      await expect(fieldError(user, t.codeWrong)).toBeVisible();

      // the code that turned it on was taken: the app's next one (a step later) is accepted
      await step.locator("#two_factor_code").fill(codeOf(key, Date.now() + 30_000));
      await step.getByTestId("two-factor-submit").click();
      await user.getByRole("dialog").getByRole("button", { name: TEXT[lang].accept }).click();
      await expect(user).toHaveURL(/\/home$/);
      await expect(user.getByTestId("logout")).toBeVisible();

      await user.context().close();
    });
  });
}

test("a recovery code signs in once; the password page comes back; a super admin resets it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const staff = await accountsApi.createStaff(page, "2fa-recovery");
  const user = await (await browser.newContext()).newPage();
  await signInAs(user, staff);
  await user.goto("/account/index");
  await user.getByTestId("two-factor-turn-on").click();
  const dialog = user.getByRole("dialog");
  const key = ((await dialog.getByTestId("two-factor-secret").textContent()) ?? "").replace(/\s+/g, "");
  await dialog.locator("#two_factor_code").fill(codeOf(key));
  await dialog.getByTestId("two-factor-enable-submit").click();
  const recovery = (await dialog.getByTestId("recovery-codes").locator("li").first().textContent()) ?? "";
  await dialog.getByTestId("two-factor-done").click();
  await user.getByTestId("logout").click();

  await fillLogin(user, staff.email, staff.password);
  await user.getByTestId("two-factor-back").click();
  await expect(user.locator("#password")).toBeVisible();
  await fillLogin(user, staff.email, staff.password);
  await user.locator("#two_factor_code").fill(recovery.toUpperCase());
  await user.getByTestId("two-factor-submit").click();
  await user.getByRole("dialog").getByRole("button", { name: TEXT.zh.accept }).click();
  await expect(user).toHaveURL(/\/home$/);

  await user.goto("/account/index");
  await expect(user.getByTestId("recovery-codes-left")).toHaveText("剩余恢复码：9 个");

  // the super admin resets it (a lost phone): the member's session ends, and the password alone signs in
  await page.goto("/account/accountManagement");
  const row = page.locator(".ant-table-row").filter({ hasText: staff.email });
  await row.locator("[data-action=more]").click();
  await page.getByRole("menuitem", { name: "重置两步验证" }).click();
  await page
    .locator(".ant-modal-confirm")
    .getByRole("button", { name: /确\s*定|OK/ })
    .click();
  await user.reload();
  await expect(user).toHaveURL(/\/login/);
  await fillLogin(user, staff.email, staff.password);
  await user.getByRole("dialog").getByRole("button", { name: TEXT.zh.accept }).click();
  // back where the ended session was (the sign-in page's redirect), without a second step
  await expect(user).toHaveURL(/\/account\/index$/);
  await expect(user.getByTestId("two-factor-state")).toHaveText("未开启");
  await user.context().close();
});
