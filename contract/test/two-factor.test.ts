import { describe, expect, it } from "vitest";
import { can } from "../src/permissions.ts";
import { formatRecoveryCode, parseTwoFactorCode, twoFactorCodeInput } from "../src/two-factor.ts";

describe("two-step verification codes", () => {
  it("reads the app's 6 digits, spaces allowed", () => {
    expect(parseTwoFactorCode("123456")).toEqual({ kind: "totp", code: "123456" });
    expect(parseTwoFactorCode(" 123 456 ")).toEqual({ kind: "totp", code: "123456" });
    expect(parseTwoFactorCode("12345")).toBeNull();
    expect(parseTwoFactorCode("1234567")).toBeNull();
  });

  it("reads a recovery code in any case, with or without its dashes", () => {
    const code = { kind: "recovery", code: "abcdefghjkmn" };
    expect(parseTwoFactorCode("abcd-efgh-jkmn")).toEqual(code);
    expect(parseTwoFactorCode("ABCD EFGH JKMN")).toEqual(code);
    expect(parseTwoFactorCode("abcdefghjkmn")).toEqual(code);
    // 0, 1, l and o are not in the alphabet
    expect(parseTwoFactorCode("abcd-efgh-jkm0")).toBeNull();
    expect(parseTwoFactorCode("abcd-efgh-jkml")).toBeNull();
    expect(formatRecoveryCode("abcdefghjkmn")).toBe("abcd-efgh-jkmn");
  });

  it("names the catalogue's messages for a missing or unreadable code", () => {
    const issue = (value: unknown) => {
      const parsed = twoFactorCodeInput.safeParse(value);
      return parsed.success ? null : parsed.error.issues[0]?.message;
    };
    expect(issue("")).toBe("twoFactorCodeRequired");
    expect(issue(undefined)).toBe("twoFactorCodeRequired");
    expect(issue("12ab")).toBe("twoFactorCodeInvalid");
    expect(issue("654321")).toBeNull();
  });

  it("lets only a super admin require it of the company", () => {
    const principal = (roleIds: number[]) => ({ roleIds, reportScope: "all" as const, isOperator: false });
    expect(can(principal([2]), "account.policy")).toBe(true);
    expect(can(principal([1]), "account.policy")).toBe(false);
    expect(can(principal([3]), "account.policy")).toBe(false);
  });
});
