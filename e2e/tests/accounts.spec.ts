/**
 * Account management: create a staff account, sign in as it in another browser and see only its
 * menu, freeze it and see its open session thrown out to /login on its next call, thaw it; edit with a
 * password change confirmation, the locked permission of the super admin, and delete with its confirmation.
 */
import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { accountsApi, uniqueEmail, uniqueName } from "./accountsApi.ts";
import { DEMO, fillLogin, type Lang, signIn, signInAs, TEXT, toast } from "./support.ts";

const LIST = "/account/accountManagement";

const T = {
  zh: {
    addTitle: "新增账号",
    editTitle: "编辑账号",
    ok: /^确\s?定$/,
    cancel: /^取\s?消$/,
    success: "成功",
    menuAccounts: "账号管理",
    menuApps: "应用",
    normal: "正常",
    frozen: "冻结",
    freezeConfirm: "冻结后该用户将立即退出登录且无法登录，是否继续？",
    thawConfirm: "解冻后该用户可以重新登录，是否继续？",
    frozenLogin: "账号已被冻结，请联系管理员",
    passwordLength: "密码长度须为 8 到 99 个字符",
    passwordWeak: "密码须包含大写字母、小写字母和数字",
    emailInvalid: "邮箱格式不正确",
    emailTaken: "该邮箱已被使用",
    userNameTooLong: "用户名最多 30 个字符",
    passwordWillChange: "该用户的密码将被修改，其所有登录将被退出，是否继续？",
    deleteConfirm: "此操作将永久删除，是否继续？",
    deleteCancelled: "已取消删除",
    roleLocked: "管理员和超级管理员的权限不能更改",
    staffRole: "运营人员",
  },
  en: {
    addTitle: "Add account",
    editTitle: "Edit account",
    ok: /^OK$/,
    cancel: /^Cancel$/,
    success: "Success",
    menuAccounts: "Account Management",
    menuApps: "Application",
    normal: "Normal",
    frozen: "Frozen",
    freezeConfirm: "The user will be signed out at once and cannot sign in. Freeze?",
    thawConfirm: "The user will be able to sign in again. Thaw?",
    frozenLogin: "This account is frozen, please contact the administrator",
    passwordLength: "The password must have 8 to 99 characters",
    passwordWeak: "The password needs an upper-case letter, a lower-case letter and a digit",
    emailInvalid: "The mailbox format is incorrect",
    emailTaken: "This email is already in use",
    userNameTooLong: "The user name has at most 30 characters",
    passwordWillChange: "The user's password will be changed and all their sessions signed out. Continue?",
    deleteConfirm: "This deletes permanently. Continue?",
    deleteCancelled: "Cancel",
    roleLocked: "The permission of an administrator or super admin cannot be changed",
    staffRole: "Operations staff",
  },
} as const;

const rows = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row");
const rowOf = (page: Page, email: string) =>
  rows(page).filter({ has: page.getByRole("cell", { name: email, exact: true }) });
const dialogOf = (page: Page, title: string) => page.locator(".ant-modal").filter({ hasText: title });
const confirmOf = (page: Page, text: string) => page.locator(".ant-modal-confirm").filter({ hasText: text });

async function searchByName(page: Page, name: string) {
  await page.locator("#filter-name").fill(name);
  await page.getByTestId("filter-search").click();
}

async function fieldError(scope: Locator, text: string) {
  await expect(scope.locator(".ant-form-item-explain-error").filter({ hasText: text })).toBeVisible();
}

/** A second browser (its own cookies and storage) for the staff user. */
async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

for (const lang of ["zh", "en"] as const satisfies readonly Lang[]) {
  const t = T[lang];

  test.describe(`account management (${lang})`, () => {
    test("creates a staff account that sees only its menu; freezing throws its session out, thawing lets it back", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, lang, LIST);
      await expect(rowOf(page, DEMO.email)).toBeVisible();

      // the form's rules: name ≤ 30, email format, password 8 to 99 with upper, lower and a digit
      await page.getByTestId("add-account").click();
      const dialog = dialogOf(page, t.addTitle);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("radio", { name: t.staffRole })).toBeChecked();
      await dialog.locator("#account-user-name").fill("x".repeat(31));
      await dialog.locator("#account-email").fill("not-an-email");
      await dialog.locator("#account-password").fill("Ab1");
      await dialog.getByRole("button", { name: t.ok }).click();
      await fieldError(dialog, t.userNameTooLong);
      await fieldError(dialog, t.emailInvalid);
      await fieldError(dialog, t.passwordLength);
      await dialog.locator("#account-password").fill("alllowercase1");
      await fieldError(dialog, t.passwordWeak);

      const name = uniqueName(`Staff ${lang}`);
      const email = uniqueEmail(`staff-${lang}`);
      const password = "Staff12345";
      await dialog.locator("#account-user-name").fill(name);
      await dialog.locator("#account-email").fill(email);
      await dialog.locator("#account-password").fill(password);
      await dialog.getByRole("button", { name: t.ok }).click();
      await expect(toast(page, t.success)).toBeVisible();
      await expect(dialog).toBeHidden();
      await searchByName(page, name);
      const row = rowOf(page, email);
      await expect(row).toBeVisible();
      await expect(row).toContainText(t.normal);
      await expect(row).toContainText(DEMO.name); // the reviser
      await expect(row.getByRole("cell", { name: /^\d{4}-\d{2}-\d{2}$/ })).toHaveCount(2);

      // the staff user signs in elsewhere: no account management in its menu, and the route is refused
      const staff = await otherBrowser(browser);
      await signInAs(staff, { email, password }, lang);
      await expect(staff).toHaveURL(/\/home$/);
      await expect(staff.getByRole("menuitem", { name: t.menuApps })).toBeVisible();
      await expect(staff.getByRole("menuitem", { name: t.menuAccounts })).toHaveCount(0);
      await staff.goto(LIST);
      await expect(staff.getByText(TEXT[lang].noPermission)).toBeVisible();
      await expect(staff).toHaveURL(/\/home$/);
      // the home page's overview has loaded, so the menu click below is the staff user's next call
      await expect(staff.getByTestId(/^home-overview(-empty)?$/)).toBeVisible();

      // freeze: confirmation, then the row shows frozen and offers thaw
      await row.locator("[data-action=freeze]").click();
      const freeze = confirmOf(page, t.freezeConfirm);
      await freeze.getByRole("button", { name: t.ok }).click();
      await expect(toast(page, t.success)).toBeVisible();
      await expect(row).toContainText(t.frozen);
      await expect(row.locator("[data-action=thaw]")).toBeVisible();

      // the staff user's next call is refused: the session is dropped and it is sent to sign in
      await staff.getByRole("menuitem", { name: t.menuApps }).click();
      await expect(staff).toHaveURL(/\/login\?redirect=/);
      await fillLogin(staff, email, password);
      await expect(staff.getByText(t.frozenLogin)).toBeVisible();
      await expect(staff).toHaveURL(/\/login/);

      // thaw: it signs in again
      await row.locator("[data-action=thaw]").click();
      await confirmOf(page, t.thawConfirm).getByRole("button", { name: t.ok }).click();
      await expect(row).toContainText(t.normal);
      await signInAs(staff, { email, password }, lang);
      await expect(staff).toHaveURL(/\/home$/);
      await staff.context().close();
    });

    test("edits with a confirmed password change, keeps the super admin's permission, deletes with confirmation", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await signIn(page, lang, LIST);
      const staff = await accountsApi.createStaff(page, `edit-${lang}`);

      // the super admin's row: edit only, its permission locked
      const adminRow = rowOf(page, DEMO.email);
      await expect(adminRow.locator("[data-action=edit]")).toBeVisible();
      await expect(adminRow.locator("[data-action=freeze], [data-action=delete]")).toHaveCount(0);
      await adminRow.locator("[data-action=edit]").click();
      const adminDialog = dialogOf(page, t.editTitle);
      await expect(adminDialog.getByText(t.roleLocked)).toBeVisible();
      await expect(adminDialog.getByRole("radio", { name: t.staffRole })).toBeDisabled();
      await adminDialog.getByRole("button", { name: t.cancel }).click();
      await expect(adminDialog).toBeHidden();

      await searchByName(page, staff.user_name);
      const row = rowOf(page, staff.email);
      await expect(row).toBeVisible();
      await row.locator("[data-action=edit]").click();
      const dialog = dialogOf(page, t.editTitle);
      await expect(dialog.locator("#account-email")).toHaveValue(staff.email);
      await expect(dialog.locator("#account-password")).toHaveValue("");

      // another user's email is refused on the email field
      await dialog.locator("#account-email").fill(DEMO.email);
      await dialog.getByRole("button", { name: t.ok }).click();
      await fieldError(dialog, t.emailTaken);

      // a new password asks first; cancelling keeps the dialog open
      const renamed = uniqueName(`Renamed ${lang}`);
      await dialog.locator("#account-email").fill(staff.email);
      await dialog.locator("#account-user-name").fill(renamed);
      await dialog.locator("#account-password").fill("Changed12345");
      await dialog.getByRole("button", { name: t.ok }).click();
      const confirm = confirmOf(page, t.passwordWillChange);
      await confirm.getByRole("button", { name: t.cancel }).click();
      await expect(confirm).toBeHidden();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: t.ok }).click();
      await confirmOf(page, t.passwordWillChange).getByRole("button", { name: t.ok }).click();
      await expect(toast(page, t.success)).toBeVisible();
      await expect(dialog).toBeHidden();
      await searchByName(page, renamed);
      await expect(row).toContainText(renamed);

      // delete: cancelling says so; confirming removes the row
      await row.locator("[data-action=delete]").click();
      await confirmOf(page, t.deleteConfirm).getByRole("button", { name: t.cancel }).click();
      await expect(toast(page, t.deleteCancelled)).toBeVisible();
      await expect(row).toBeVisible();
      await row.locator("[data-action=delete]").click();
      await confirmOf(page, t.deleteConfirm).getByRole("button", { name: t.ok }).click();
      await expect(toast(page, t.success)).toBeVisible();
      await expect(rowOf(page, staff.email)).toHaveCount(0);
    });
  });
}
