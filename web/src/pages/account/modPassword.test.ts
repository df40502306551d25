import { describe, expect, it } from "vitest";
import { ApiError } from "../../api/client.ts";
import { handedEmail } from "../login/LoginPage.tsx";
import { passwordFieldOf } from "./ModPasswordPage.tsx";

describe("passwordFieldOf", () => {
  it("puts a wrong old password (606) on the old-password field", () => {
    expect(
      passwordFieldOf(new ApiError("business", 606, "The old password is wrong", { field: "old_password" })),
    ).toBe("old_password");
    expect(passwordFieldOf(new ApiError("business", 606, "Wrong password", null))).toBe("old_password");
  });

  it("puts a 604 naming a field of the form on that field, anything else nowhere", () => {
    expect(passwordFieldOf(new ApiError("business", 604, "unchanged", { field: "new_password" }))).toBe(
      "new_password",
    );
    expect(passwordFieldOf(new ApiError("business", 604, "bad", { field: "token" }))).toBeUndefined();
    expect(passwordFieldOf(new ApiError("business", 601, "locked", null))).toBeUndefined();
  });
});

describe("handedEmail", () => {
  it("reads the email a page hands to the login page, ignoring anything else", () => {
    expect(handedEmail({ email: " new@demo.test " })).toBe("new@demo.test");
    expect(handedEmail({ email: "" })).toBeNull();
    expect(handedEmail({ email: 3 })).toBeNull();
    expect(handedEmail(null)).toBeNull();
    expect(handedEmail("x")).toBeNull();
  });
});
