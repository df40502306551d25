import type { UserRow } from "@pc/contract";
import SparkMD5 from "spark-md5";
import { describe, expect, it } from "vitest";
import {
  changesPassword,
  createBody,
  datePart,
  formFieldOf,
  initialValues,
  ROLE_CHOICES,
  roleLocked,
  roleOf,
  updateBody,
} from "./accountForm.ts";

const row = (over: Partial<UserRow> = {}): UserRow => ({
  user_id: 7,
  user_name: "Staff",
  email: "staff@demo.test",
  status: 1,
  role_ids: [3],
  report_scope: "all",
  create_time: "2026-03-04 05:06:07",
  modify_time: "2026-03-05 08:09:10",
  modify_user_id: 1,
  modify_user_name: "Demo Admin",
  ...over,
});

describe("datePart", () => {
  it("shows the date of a yyyy-MM-DD HH:mm:ss time", () => {
    expect(datePart("2026-03-04 05:06:07")).toBe("2026-03-04");
    expect(datePart("2026-03-04")).toBe("2026-03-04");
    expect(datePart("")).toBe("");
    expect(datePart(null)).toBe("");
    expect(datePart("yesterday")).toBe("yesterday");
  });
});

describe("the permission choice", () => {
  it("lists every role with only operations staff assignable", () => {
    expect(ROLE_CHOICES).toEqual([
      { value: 1, assignable: false },
      { value: 2, assignable: false },
      { value: 3, assignable: true },
    ]);
  });

  it("shows a row's highest role and locks it for administrators and super admins", () => {
    expect(roleOf([3])).toBe(3);
    expect(roleOf([2, 3])).toBe(2);
    expect(roleOf([])).toBeUndefined();
    expect(roleLocked(row({ role_ids: [2] }))).toBe(true);
    expect(roleLocked(row({ role_ids: [1] }))).toBe(true);
    expect(roleLocked(row())).toBe(false);
    expect(roleLocked(null)).toBe(false);
  });

  it("starts a new account as operations staff and an edited one with its own values, password empty", () => {
    expect(initialValues(null)).toEqual({ user_name: "", email: "", role: 3, password: "" });
    expect(initialValues(row())).toEqual({
      user_name: "Staff",
      email: "staff@demo.test",
      role: 3,
      password: "",
    });
  });
});

describe("the bodies", () => {
  it("creates with the trimmed fields, the MD5 of the password and the session's account", () => {
    expect(
      createBody({ user_name: " New ", email: " New@Demo.test ", role: 3, password: "Secret123" }, 5),
    ).toEqual({
      user_name: "New",
      email: "New@Demo.test",
      password: SparkMD5.hash("Secret123"),
      role_ids: [3],
      account_id: 5,
    });
  });

  it("edits without a password when none is given, and with its MD5 when one is", () => {
    const values = { user_name: "Renamed", email: "staff@demo.test", role: 3 as const, password: "" };
    expect(updateBody(values, row(), 5)).toEqual({
      user_info: { user_name: "Renamed", email: "staff@demo.test" },
      user_id: 7,
      role_ids: [3],
      account_id: 5,
    });
    expect(changesPassword(values)).toBe(false);
    const withPassword = { ...values, password: "Changed123" };
    expect(changesPassword(withPassword)).toBe(true);
    expect(updateBody(withPassword, row(), 5).user_info.password).toBe(SparkMD5.hash("Changed123"));
  });

  it("keeps a super admin's roles as they are whatever the form holds", () => {
    const admin = row({ user_id: 1, role_ids: [1, 2] });
    expect(updateBody({ user_name: "A", email: "a@b.co", role: 3, password: "" }, admin, 5).role_ids).toEqual(
      [1, 2],
    );
  });
});

describe("formFieldOf", () => {
  it("puts a refusal on the form field it names", () => {
    expect(formFieldOf("email")).toBe("email");
    expect(formFieldOf("user_info.email")).toBe("email");
    expect(formFieldOf("user_info.user_name")).toBe("user_name");
    expect(formFieldOf("user_info.password")).toBe("password");
    expect(formFieldOf("role_ids")).toBe("role");
    expect(formFieldOf("account_id")).toBeUndefined();
    expect(formFieldOf(undefined)).toBeUndefined();
  });
});
