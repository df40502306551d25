import { describe, expect, it } from "vitest";
import {
  accountCreateForm,
  accountEditForm,
  accountRowActions,
  idListParam,
  passwordChangeForm,
  registerForm,
  resetPasswordForm,
  userCreateBody,
  userUpdateBody,
} from "../src/accounts.ts";

const firstIssue = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => {
  const issue = result.error?.issues[0];
  return issue ? { message: issue.message, path: issue.path.join(".") } : undefined;
};

describe("account list row actions", () => {
  const boss = { user_id: 1, role_id: [2] };
  it("hides freeze and delete on role 1/2 rows and on one's own row, locks the permission of role 1/2", () => {
    expect(accountRowActions({ user_id: 5, role_ids: [3] }, boss)).toEqual({
      edit: true,
      freeze: true,
      remove: true,
      roleLocked: false,
      credentialsLocked: false,
    });
    expect(accountRowActions({ user_id: 5, role_ids: [2] }, boss)).toMatchObject({
      freeze: false,
      remove: false,
      roleLocked: true,
    });
    expect(accountRowActions({ user_id: 5, role_ids: [1, 3] }, boss)).toMatchObject({
      freeze: false,
      roleLocked: true,
    });
    expect(accountRowActions({ user_id: 1, role_ids: [3] }, boss)).toMatchObject({
      edit: true,
      freeze: false,
      remove: false,
    });
  });

  it("locks the email and password of a row at or above the caller's level, unless the caller is the super admin", () => {
    const admin = { user_id: 2, role_id: [1] };
    const locked = (row: { user_id: number; role_ids: number[] }, session: typeof admin) =>
      accountRowActions(row, session).credentialsLocked;
    expect(locked({ user_id: 1, role_ids: [2] }, admin)).toBe(true);
    expect(locked({ user_id: 3, role_ids: [1] }, admin)).toBe(true);
    expect(locked({ user_id: 2, role_ids: [1] }, admin)).toBe(true);
    expect(locked({ user_id: 4, role_ids: [3] }, admin)).toBe(false);
    expect(locked({ user_id: 3, role_ids: [1] }, boss)).toBe(false);
    expect(locked({ user_id: 1, role_ids: [2] }, boss)).toBe(false);
    expect(locked({ user_id: 4, role_ids: [3] }, { user_id: 0, role_id: [] })).toBe(true);
  });
});

describe("the account form", () => {
  const form = { user_name: "Ann", email: "Ann@Example.test", password: "Abcdefg1", role_ids: [3] };

  it("takes a valid form, lower-casing the email", () => {
    expect(accountCreateForm.parse(form)).toEqual({ ...form, email: "ann@example.test" });
  });

  it("names each rule's message", () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ user_name: " " }, "user_name", "userNameRequired"],
      [{ user_name: "x".repeat(31) }, "user_name", "userNameTooLong"],
      [{ email: "" }, "email", "emailRequired"],
      [{ email: "nope" }, "email", "emailInvalid"],
      [{ email: `${"a".repeat(95)}@b.test` }, "email", "emailTooLong"],
      [{ password: "" }, "password", "passwordRequired"],
      [{ password: "Abc1" }, "password", "accountPasswordLength"],
      [{ password: `Ab1${"x".repeat(97)}` }, "password", "accountPasswordLength"],
      [{ password: "abcdefg1" }, "password", "passwordWeak"],
      [{ password: "ABCDEFGH" }, "password", "passwordWeak"],
      [{ role_ids: [] }, "role_ids", "roleRequired"],
      [{ role_ids: [2] }, "role_ids", "roleNotAssignable"],
    ];
    for (const [change, path, message] of cases) {
      expect(firstIssue(accountCreateForm.safeParse({ ...form, ...change })), JSON.stringify(change)).toEqual(
        {
          path,
          message,
        },
      );
    }
    expect(accountCreateForm.safeParse({ ...form, password: `Ab1${"x".repeat(96)}` }).success).toBe(true);
  });

  it("leaves the password optional on edit and keeps a super admin's roles", () => {
    expect(accountEditForm.parse({ ...form, password: "", role_ids: [2] })).toMatchObject({
      password: undefined,
      role_ids: [2],
    });
    expect(firstIssue(accountEditForm.safeParse({ ...form, password: "short" }))).toEqual({
      path: "password",
      message: "accountPasswordLength",
    });
  });
});

describe("request bodies", () => {
  const md5 = "0123456789abcdef0123456789abcdef";

  it("wants MD5 digests and role 3 on create", () => {
    const body = { user_name: "Ann", email: "a@b.test", password: md5, role_ids: [3, 3], account_id: 100001 };
    expect(userCreateBody.parse(body)).toMatchObject({ role_ids: [3], status: 1 });
    expect(firstIssue(userCreateBody.safeParse({ ...body, password: "Abcdefg1" }))).toEqual({
      path: "password",
      message: "passwordDigestInvalid",
    });
  });

  it("treats an empty or null password on edit as unchanged", () => {
    const body = {
      user_info: { user_name: "A", email: "a@b.test" },
      user_id: 1,
      role_ids: [3],
      account_id: 1,
    };
    for (const password of ["", null, undefined]) {
      expect(
        userUpdateBody.parse({ ...body, user_info: { ...body.user_info, password } }).user_info.password,
      ).toBe(undefined);
    }
  });

  it("reads ids repeated or comma-separated, without duplicates", () => {
    expect(idListParam.parse(["1", "2,3", " 3 "])).toEqual([1, 2, 3]);
    expect(idListParam.parse("4,5")).toEqual([4, 5]);
    for (const bad of ["", "a", "1.5", "-2", "0", ["1", "x"]]) {
      expect(idListParam.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe("password forms", () => {
  it("checks the confirmation and that the new password differs", () => {
    const change = { old_password: "Old12345", new_password: "New12345", confirm_password: "New12345" };
    expect(passwordChangeForm.safeParse(change).success).toBe(true);
    expect(firstIssue(passwordChangeForm.safeParse({ ...change, confirm_password: "x" }))).toEqual({
      path: "confirm_password",
      message: "passwordMismatch",
    });
    expect(
      firstIssue(
        passwordChangeForm.safeParse({ ...change, new_password: "Old12345", confirm_password: "Old12345" }),
      ),
    ).toEqual({ path: "new_password", message: "passwordUnchanged" });
    expect(
      firstIssue(passwordChangeForm.safeParse({ ...change, new_password: "x".repeat(31) }))?.message,
    ).toBe("loginPasswordLength");
  });

  it("checks the reset and register forms, code included", () => {
    const reset = { email: "a@b.test", code: "123456", password: "New12345", confirm_password: "New12345" };
    expect(resetPasswordForm.safeParse(reset).success).toBe(true);
    expect(firstIssue(resetPasswordForm.safeParse({ ...reset, code: "12345" }))).toEqual({
      path: "code",
      message: "emailCodeInvalid",
    });
    const register = { ...reset, company_name: "Co", user_name: "Ann" };
    expect(registerForm.safeParse(register).success).toBe(true);
    expect(firstIssue(registerForm.safeParse({ ...register, company_name: "" }))).toEqual({
      path: "company_name",
      message: "companyNameRequired",
    });
  });
});
