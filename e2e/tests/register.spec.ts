/**
 * Registration: a new publisher company with the registrant as its super admin, confirmed by the
 * code of a real mail; then sign in with the email filled in, and manage that company's accounts. An address
 * already in use gets the same answer and a sign-in hint by mail, never a code.
 */
import { expect, type Page, test } from "@playwright/test";
import { uniqueEmail, uniqueName } from "./accountsApi.ts";
import { codeOf, mailsTo, waitForMail } from "./mailbox.ts";
import { chooseLanguage, DEMO, fillLogin, type Lang, loginForm, TEXT, toast } from "./support.ts";

const T = {
  zh: {
    register: "注册",
    title: "注册",
    codeSent: "邮件已发送至该邮箱：未注册的邮箱会收到验证码（10 分钟内有效），已注册的邮箱会收到登录提示",
    registeredSubject: "该邮箱已注册",
    mismatch: "两次输入的密码不一致",
    companyRequired: "请输入公司名称",
    done: "注册成功，请登录",
    mailSubject: "注册验证码",
    menuAccounts: "账号管理",
  },
  en: {
    register: "Register",
    title: "Register",
    codeSent:
      "An email has been sent to this address: a code valid for 10 minutes, or a sign-in hint if the address is already registered",
    registeredSubject: "This address is already registered",
    mismatch: "The two passwords do not match",
    companyRequired: "Please enter the company name",
    done: "Registered; please sign in",
    mailSubject: "Your registration code",
    menuAccounts: "Account Management",
  },
} as const;

const fieldError = (page: Page, text: string) =>
  page.locator(".ant-form-item-explain-error").filter({ hasText: text });

// wide enough for the whole English menu beside a long user name (narrower, antd folds it into "…")
test.use({ viewport: { width: 1440, height: 900 } });

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test(`registers a new company through the mailed code and signs in as its super admin (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail(`register-${lang}`);
    const company = uniqueName(`E2E Company ${lang}`);
    const name = uniqueName(`Founder ${lang}`);
    const password = "Found12345";

    await page.goto("/login");
    if (lang === "en") await chooseLanguage(page, "en");
    await page.getByRole("link", { name: t.register, exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { name: t.title })).toBeVisible();

    // an address already in use is answered like a new one; its owner is mailed a sign-in hint
    await page.locator("#email").fill(DEMO.email);
    await page.locator("#captcha_answer").fill("42");
    await page.getByTestId("send-code").click();
    await expect(toast(page, t.codeSent)).toBeVisible();
    await expect
      .poll(() => mailsTo(DEMO.email).some((mail) => mail.subject === t.registeredSubject))
      .toBe(true);

    // a fresh page, so the resend countdown of that address does not hold the next one
    await page.reload();
    await page.locator("#email").fill(email);
    await page.locator("#captcha_answer").fill("42");
    await page.getByTestId("send-code").click();
    await expect(toast(page, t.codeSent)).toBeVisible();
    const mail = await waitForMail(email);
    expect(mail.subject).toBe(t.mailSubject);

    await page.locator("#code").fill(codeOf(mail));
    await page.locator("#password").fill(password);
    await page.locator("#confirm_password").fill(`${password}x`);
    await page.getByTestId("register-submit").click();
    await expect(fieldError(page, t.companyRequired)).toBeVisible();
    await page.locator("#company_name").fill(company);
    await page.locator("#user_name").fill(name);
    await page.getByTestId("register-submit").click();
    await expect(fieldError(page, t.mismatch)).toBeVisible();
    await page.locator("#confirm_password").fill(password);
    await page.getByTestId("register-submit").click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page, t.done)).toBeVisible();
    await expect(loginForm(page).locator("#email")).toHaveValue(email);
    await fillLogin(page, email, password);
    await page.getByRole("dialog").getByRole("button", { name: TEXT[lang].accept }).click();
    await expect(page).toHaveURL(/\/home$/);

    // the registrant is the new company's super admin: account management, with only itself in it
    await page.getByRole("menuitem", { name: t.menuAccounts }).click();
    await expect(page).toHaveURL(/\/account\/accountManagement$/);
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(email);
    await expect(rows.first()).toContainText(name);
  });
}
