import { appListQuery, appName, appUrl, placementListQuery } from "@pc/contract";
import { describe, expect, it } from "vitest";
import { schemaError, schemaRule } from "./schemaRule.ts";

describe("schemaError", () => {
  it("refuses emoji in a search filter with 请输入合法字符 or its English", () => {
    expect(schemaError(appListQuery.shape.name, "game 🎮", "zh")).toBe("请输入合法字符");
    expect(schemaError(appListQuery.shape.name, "game 🎮", "en")).toBe("Please enter valid characters");
    expect(schemaError(appListQuery.shape.pkg, "  com.demo  ", "zh")).toBeNull();
  });

  it("accepts integers only in the placement id filter", () => {
    const id = placementListQuery.shape.id;
    expect(schemaError(id, "12", "zh")).toBeNull();
    expect(schemaError(id, " 12 ", "zh")).toBeNull();
    expect(schemaError(id, "1.5", "zh")).toBe("请输入整数");
    expect(schemaError(id, "abc", "en")).toBe("Please enter an integer");
  });

  it("uses the app form's messages", () => {
    expect(schemaError(appUrl, "", "zh")).toBe("请输入URL");
    expect(schemaError(appUrl, "ftp://x", "zh")).toBe("请输入以https或http开头的URL");
    expect(schemaError(appUrl, "ftp://x", "en")).toBe("Please enter a URL starting with https or http");
    expect(schemaError(appName, "x".repeat(31), "en")).toBe("The app name has at most 30 characters");
  });
});

describe("schemaRule", () => {
  it("leaves empty values to a required rule unless told otherwise", async () => {
    await expect(schemaRule(appUrl, "zh").validator(null, "")).resolves.toBeUndefined();
    await expect(schemaRule(appUrl, "zh", { skipEmpty: false }).validator(null, "")).rejects.toThrow(
      "请输入URL",
    );
  });
});
