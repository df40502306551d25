import { describe, expect, it } from "vitest";
import {
  BRAND_ASSET_RULES,
  checkBrandAsset,
  companyAssetUrl,
  companyHosts,
  hostName,
  sniffImageType,
  themeColor,
} from "../src/companies.ts";
import { allowedRoutes, can, type Principal } from "../src/permissions.ts";

const principal = (roleIds: number[], isOperator: boolean): Principal => ({
  roleIds,
  reportScope: "all",
  isOperator,
});

const bytes = (...values: number[]) => Uint8Array.from(values);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0);
const text = (value: string) => new TextEncoder().encode(value);

describe("company management permission", () => {
  it("is the operator's administrators' and super admins' only", () => {
    expect(can(principal([1], true), "company.manage")).toBe(true);
    expect(can(principal([2], true), "company.manage")).toBe(true);
    expect(can(principal([3], true), "company.manage")).toBe(false);
    expect(can(principal([2], false), "company.manage")).toBe(false);
    expect(allowedRoutes(principal([2], true))).toContain("companies");
    expect(allowedRoutes(principal([2], false))).not.toContain("companies");
  });
});

describe("hosts", () => {
  it("takes host names in lower case and refuses schemes, ports, paths and bad labels", () => {
    expect(hostName.parse(" Console.Example.COM ")).toBe("console.example.com");
    expect(hostName.parse("xn--fiqs8s.example")).toBe("xn--fiqs8s.example");
    expect(hostName.parse("localhost")).toBe("localhost");
    for (const bad of [
      "https://a.test",
      "a.test:8080",
      "a.test/x",
      "-a.test",
      "a-.test",
      "a..test",
      "a.test.",
      "a b",
      "例子.test",
      `${"a".repeat(64)}.test`,
    ]) {
      expect(hostName.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("drops repeats and allows at most 20", () => {
    expect(companyHosts.parse(["a.test", "A.test", "b.test"])).toEqual(["a.test", "b.test"]);
    expect(companyHosts.safeParse(Array.from({ length: 21 }, (_, i) => `h${i}.test`)).success).toBe(false);
    expect(
      companyHosts.parse([...Array.from({ length: 20 }, (_, i) => `h${i}.test`), "h0.test"]),
    ).toHaveLength(20);
  });
});

describe("theme colour", () => {
  it("is #RRGGBB, stored upper case", () => {
    expect(themeColor.parse("#1677ff")).toBe("#1677FF");
    for (const bad of ["#1677f", "1677ff", "#1677ffaa", "blue", "#GGGGGG"]) {
      expect(themeColor.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe("brand images", () => {
  it("reads the type from the bytes", () => {
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBe("image/jpeg");
    expect(sniffImageType(text("RIFF\0\0\0\0WEBPVP8 \0\0\0\0"))).toBe("image/webp");
    expect(sniffImageType(bytes(0, 0, 1, 0, 1, 0, ...new Array(16).fill(0)))).toBe("image/x-icon");
    expect(sniffImageType(text('\uFEFF <?xml version="1.0"?><svg/>'))).toBe("image/svg+xml");
    expect(sniffImageType(text("<svg onload=alert(1)>"))).toBe("image/svg+xml");
    expect(sniffImageType(text("GIF89a"))).toBeNull();
  });

  it("refuses SVG, other types per kind, empty files and files over the limit", () => {
    expect(checkBrandAsset("logo", PNG)).toEqual({ ok: true, contentType: "image/png" });
    expect(checkBrandAsset("icon", PNG)).toEqual({ ok: true, contentType: "image/png" });
    expect(checkBrandAsset("logo", text("<svg/>"))).toEqual({ ok: false, message: "svgRefused" });
    expect(checkBrandAsset("icon", bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toEqual({
      ok: false,
      message: "iconType",
    });
    expect(checkBrandAsset("logo", bytes(0, 0, 1, 0, 1, 0, ...new Array(16).fill(0)))).toEqual({
      ok: false,
      message: "logoType",
    });
    expect(checkBrandAsset("logo", new Uint8Array())).toEqual({ ok: false, message: "assetEmpty" });
    const big = new Uint8Array(BRAND_ASSET_RULES.logo.maxBytes + 1);
    big.set(PNG);
    expect(checkBrandAsset("logo", big)).toEqual({ ok: false, message: "logoTooLarge" });
    expect(checkBrandAsset("logo", big.subarray(0, BRAND_ASSET_RULES.logo.maxBytes)).ok).toBe(true);
  });

  it("names a stored image by company, kind and digest", () => {
    expect(companyAssetUrl(3, "icon", "ab".repeat(32))).toBe(
      `/common/company_asset/3/icon/${"ab".repeat(32)}`,
    );
  });
});
