import { passwordChangeForm, registerForm, resetPasswordForm } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { formFieldError } from "./schemaRule.ts";

describe("formFieldError", () => {
  const good = { old_password: "Old12345", new_password: "New12345", confirm_password: "New12345" };

  it("passes a valid password change", () => {
    for (const field of Object.keys(good)) {
      expect(formFieldError(passwordChangeForm, good, field, "zh")).toBeNull();
    }
  });

  it("puts the mismatch on the confirmation and the unchanged password on the new one", () => {
    expect(
      formFieldError(passwordChangeForm, { ...good, confirm_password: "New12346" }, "confirm_password", "zh"),
    ).toBe("两次输入的密码不一致");
    expect(
      formFieldError(
        passwordChangeForm,
        { ...good, new_password: "Old12345", confirm_password: "Old12345" },
        "new_password",
        "en",
      ),
    ).toBe("The new password must differ from the old one");
  });

  it("uses the sign-in password rule for a new password, in both languages", () => {
    expect(formFieldError(resetPasswordForm, { password: "Short1" }, "password", "en")).toBe(
      "The password must have 8 to 30 characters",
    );
    expect(formFieldError(resetPasswordForm, { password: "alllower123" }, "password", "zh")).toBe(
      "密码须包含大写字母、小写字母和数字",
    );
    expect(formFieldError(resetPasswordForm, { password: "x".repeat(31) }, "password", "en")).toBe(
      "The password must have 8 to 30 characters",
    );
  });

  it("reports each field of the registration form on its own path only", () => {
    const values = {
      company_name: "",
      user_name: "x".repeat(31),
      email: "not-an-email",
      code: "12a",
      password: "Good12345",
      confirm_password: "",
    };
    expect(formFieldError(registerForm, values, "company_name", "en")).toBe("Please enter the company name");
    expect(formFieldError(registerForm, values, "user_name", "en")).toBe(
      "The user name has at most 30 characters",
    );
    expect(formFieldError(registerForm, values, "email", "zh")).toBe("邮箱格式不正确");
    expect(formFieldError(registerForm, values, "code", "en")).toBe("The email code has 6 digits");
    expect(formFieldError(registerForm, values, "password", "en")).toBeNull();
  });

  it("asks for a missing confirmation once the rest of the form is valid", () => {
    const values = { email: "a@b.co", code: "123456", password: "Good12345", confirm_password: undefined };
    expect(formFieldError(resetPasswordForm, values, "confirm_password", "en")).toBe(
      "Please enter the password",
    );
    expect(
      formFieldError(
        resetPasswordForm,
        { ...values, confirm_password: "Good12346" },
        "confirm_password",
        "en",
      ),
    ).toBe("The two passwords do not match");
  });
});
