/**
 * Password change from the user menu (606 on the old-password field; this session stays, the others end) and
 * password reset through the emailed code, in both languages.
 */
import { expect, type Page, test } from "@playwright/test";
import { accountsApi } from "./accountsApi.ts";
import { codeOf, waitForMail } from "./mailbox.ts";
import { chooseLanguage, fillLogin, type Lang, loginForm, signIn, signInAs, TEXT, toast } from "./support.ts";

const T = {
  zh: {
    modPassword: "修改密码",
    accountInfo: "账号信息",
    oldWrong: "旧密码错误",
    mismatch: "两次输入的密码不一致",
    unchanged: "新密码不能与旧密码相同",
    changed: "密码已修改，其他设备上的登录已退出",
    menuApps: "应用",
    forgot: "忘记密码？",
    resetTitle: "重置密码",
    codeSent: "如果该邮箱已注册，验证码已发送至该邮箱，10 分钟内有效",
    resendIn: /\d+ 秒后重发/,
    codeWrong: "邮箱验证码错误或已过期",
    resetDone: "密码已重置，请使用新密码登录",
    captchaBlank: "验证码不能为空",
    mailSubject: "重置密码验证码",
  },
  en: {
    modPassword: "Password Change",
    accountInfo: "Account Info",
    oldWrong: "The old password is wrong",
    mismatch: "The two passwords do not match",
    unchanged: "The new password must differ from the old one",
    changed: "Password changed; your other sessions were signed out",
    menuApps: "Application",
    forgot: "Forgot password?",
    resetTitle: "Reset password",
    codeSent: "If an account uses this address, a code has been sent to it; it is valid for 10 minutes",
    resendIn: /Again in \d+ s/,
    codeWrong: "The email code is wrong or expired",
    resetDone: "Your password was reset; sign in with the new one",
    captchaBlank: "The verification code cannot be blank",
    mailSubject: "Your password reset code",
  },
} as const;

const fieldError = (page: Page, text: string) =>
  page.locator(".ant-form-item-explain-error").filter({ hasText: text });

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test.describe(`passwords (${lang})`, () => {
    test("changes the password from the user menu: 606 on the old password, this session stays, the other ends", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, lang);
      const staff = await accountsApi.createStaff(page, `pw-${lang}`);
      const newPassword = "Newer12345";

      const here = await (await browser.newContext()).newPage();
      const elsewhere = await (await browser.newContext()).newPage();
      await signInAs(here, staff, lang);
      await signInAs(elsewhere, staff, lang);

      // the user menu: account info, then password change
      await here.getByTestId("user-menu").hover();
      await here.getByRole("menuitem", { name: t.accountInfo }).click();
      await expect(here).toHaveURL(/\/account\/index$/);
      await expect(here.getByTestId("account-name")).toHaveText(staff.user_name);
      await expect(here.getByText(staff.email).first()).toBeVisible();
      await here.getByTestId("user-menu").hover();
      await here.getByRole("menuitem", { name: t.modPassword }).click();
      await expect(here).toHaveURL(/\/account\/modPassword$/);

      // the form's own rules: confirmation, and a new password that differs from the old one
      await here.locator("#old_password").fill(staff.password);
      await here.locator("#new_password").fill(staff.password);
      await here.locator("#confirm_password").fill("Other12345");
      await here.getByTestId("mod-password-submit").click();
      await expect(fieldError(here, t.unchanged)).toBeVisible();
      await expect(fieldError(here, t.mismatch)).toBeVisible();

      // a wrong old password: the server's 606 on the old-password field
      await here.locator("#old_password").fill("Wrong12345");
      await here.locator("#new_password").fill(newPassword);
      await here.locator("#confirm_password").fill(newPassword);
      await here.getByTestId("mod-password-submit").click();
      await expect(fieldError(here, t.oldWrong)).toBeVisible();

      await here.locator("#old_password").fill(staff.password);
      await here.getByTestId("mod-password-submit").click();
      await expect(toast(here, t.changed)).toBeVisible();
      await expect(here.locator("#old_password")).toHaveValue("");

      // this session goes on; the other one is thrown out at its next call
      await here.getByRole("menuitem", { name: t.menuApps }).click();
      await expect(here).toHaveURL(/\/appManagement\/appManagementList$/);
      await expect(here.locator(".ant-table")).toBeVisible();
      await elsewhere.getByRole("menuitem", { name: t.menuApps }).click();
      await expect(elsewhere).toHaveURL(/\/login\?redirect=/);
      await fillLogin(elsewhere, staff.email, newPassword);
      await elsewhere.getByRole("dialog").getByRole("button", { name: TEXT[lang].accept }).click();
      await expect(elsewhere).toHaveURL(/\/appManagement\/appManagementList$/);

      await here.context().close();
      await elsewhere.context().close();
    });

    test("resets a forgotten password with the code from the mail, then signs in with the new one", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, lang);
      const staff = await accountsApi.createStaff(page, `reset-${lang}`);
      const newPassword = "Reset12345";

      // a session open before the reset ends with it
      const before = await (await browser.newContext()).newPage();
      await signInAs(before, staff, lang);

      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto("/login");
      if (lang === "en") await chooseLanguage(visitor, "en");
      await visitor.getByRole("link", { name: t.forgot }).click();
      await expect(visitor).toHaveURL(/\/resetPassword$/);
      await expect(visitor.getByRole("heading", { name: t.resetTitle })).toBeVisible();

      // sending needs the captcha
      await visitor.locator("#email").fill(staff.email);
      await visitor.getByTestId("send-code").click();
      await expect(fieldError(visitor, t.captchaBlank)).toBeVisible();
      await visitor.locator("#captcha_answer").fill("42");
      await visitor.getByTestId("send-code").click();
      await expect(toast(visitor, t.codeSent)).toBeVisible();
      await expect(visitor.getByTestId("send-code")).toBeDisabled();
      await expect(visitor.getByTestId("send-code")).toHaveText(t.resendIn);
      await expect(visitor.locator("#captcha_answer")).toHaveValue("");

      const mail = await waitForMail(staff.email);
      expect(mail.subject).toBe(t.mailSubject);
      const code = codeOf(mail);

      // a wrong code is refused on the code field
      await visitor.locator("#code").fill(code === "000000" ? "111111" : "000000");
      await visitor.locator("#password").fill(newPassword);
      await visitor.locator("#confirm_password").fill(newPassword);
      await visitor.getByTestId("reset-submit").click();
      await expect(fieldError(visitor, t.codeWrong)).toBeVisible();

      await visitor.locator("#code").fill(code);
      await visitor.getByTestId("reset-submit").click();
      await expect(visitor).toHaveURL(/\/login$/);
      await expect(toast(visitor, t.resetDone)).toBeVisible();
      await expect(loginForm(visitor).locator("#email")).toHaveValue(staff.email);

      await fillLogin(visitor, staff.email, newPassword);
      await visitor.getByRole("dialog").getByRole("button", { name: TEXT[lang].accept }).click();
      await expect(visitor).toHaveURL(/\/home$/);

      await before.getByRole("menuitem", { name: t.menuApps }).click();
      await expect(before).toHaveURL(/\/login\?redirect=/);

      await before.context().close();
      await visitor.context().close();
    });
  });
}
