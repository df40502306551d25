import { describe, expect, it } from "vitest";
import {
  BRAND_ASSET_RULES,
  checkBrandAsset,
  companyAssetUrl,
  companyHosts,
  hostName,
  imageDimensions,
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
/** A PNG's signature and the start of its IHDR chunk: width × height. */
const pngHead = (width: number, height: number) =>
  bytes(
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    ...be32(width),
    ...be32(height),
  );
const be32 = (value: number) => [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const PNG = pngHead(300, 120);
/** A baseline JPEG's head: SOI, an APP0 segment, then SOF0 with height and width. */
const jpegHead = (width: number, height: number) =>
  bytes(
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    4,
    0,
    0,
    0xff,
    0xc0,
    0,
    17,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
  );
const riff = (chunk: string, data: number[]) =>
  Uint8Array.from([...text(`RIFF\0\0\0\0WEBP${chunk}\0\0\0\0`), ...data]);
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
    expect(checkBrandAsset("icon", pngHead(32, 32))).toEqual({ ok: true, contentType: "image/png" });
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

  it("reads the pixel size each type declares in its header", () => {
    expect(imageDimensions(PNG, "image/png")).toEqual({ width: 300, height: 120 });
    expect(imageDimensions(jpegHead(1500, 20), "image/jpeg")).toEqual({ width: 1500, height: 20 });
    // lossy: frame tag, start code, then 14-bit width and height
    const vp8 = riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x2c, 0x01, 0x78, 0x00]);
    expect(imageDimensions(vp8, "image/webp")).toEqual({ width: 300, height: 120 });
    // lossless: signature 0x2f, then width - 1 and height - 1 in 14 bits each
    const bits = 299 | (119 << 14);
    const vp8l = riff("VP8L", [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24]);
    expect(imageDimensions(vp8l, "image/webp")).toEqual({ width: 300, height: 120 });
    // extended: flags, then width - 1 and height - 1 in 24 bits each
    const vp8x = riff("VP8X", [0, 0, 0, 0, 0x2b, 0x01, 0, 0x77, 0, 0]);
    expect(imageDimensions(vp8x, "image/webp")).toEqual({ width: 300, height: 120 });
    // ICO: the largest directory entry; 0 is 256
    expect(
      imageDimensions(
        bytes(0, 0, 1, 0, 2, 0, 16, 16, ...new Array(14).fill(0), 0, 0, ...new Array(14).fill(0)),
        "image/x-icon",
      ),
    ).toEqual({
      width: 256,
      height: 256,
    });
    expect(imageDimensions(bytes(0xff, 0xd8, 0xff), "image/jpeg")).toBeNull();
  });

  it("refuses an image larger in pixels than its kind allows", () => {
    expect(checkBrandAsset("logo", pngHead(1024, 1024)).ok).toBe(true);
    expect(checkBrandAsset("logo", pngHead(1025, 10))).toEqual({ ok: false, message: "logoPixels" });
    expect(checkBrandAsset("logo", jpegHead(300, 5000))).toEqual({ ok: false, message: "logoPixels" });
    expect(checkBrandAsset("icon", pngHead(256, 256)).ok).toBe(true);
    expect(checkBrandAsset("icon", pngHead(512, 512))).toEqual({ ok: false, message: "iconPixels" });
    expect(checkBrandAsset("logo", pngHead(0, 10))).toEqual({ ok: false, message: "logoType" });
  });

  it("names a stored image by company, kind and digest", () => {
    expect(companyAssetUrl(3, "icon", "ab".repeat(32))).toBe(
      `/common/company_asset/3/icon/${"ab".repeat(32)}`,
    );
  });
});
