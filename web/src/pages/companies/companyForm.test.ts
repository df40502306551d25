import { describe, expect, it } from "vitest";
import { companyFieldOf, createBody, readBrandImage, toBase64 } from "./companyForm.ts";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];

describe("the Companies screen's rules", () => {
  it("sends the password as its MD5 digest and trimmed values", () => {
    expect(
      createBody({
        name: " Acme ",
        hosts: [" a.test ", ""],
        admin_email: " b@a.test ",
        admin_password: "Secret123",
      }),
    ).toEqual({
      name: "Acme",
      hosts: ["a.test"],
      admin_email: "b@a.test",
      admin_password: "5c90b96a75d4f9d5a1cfaa6f532afdc8",
    });
  });

  it("puts a refusal of hosts.2 on the hosts field, and ignores fields the form lacks", () => {
    const fieldOf = companyFieldOf(["name", "hosts"] as const);
    expect(fieldOf({ field: "hosts.2" })).toBe("hosts");
    expect(fieldOf({ field: "name" })).toBe("name");
    expect(fieldOf({ field: "theme" })).toBeUndefined();
    expect(fieldOf({ field: undefined })).toBeUndefined();
  });

  it("encodes large files in base64 like btoa", () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => i % 251);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });

  it("checks a file as the server does: PNG passes, SVG and oversize are refused", async () => {
    // IHDR: 200 × 40 pixels
    const png = new Blob([Uint8Array.from([...PNG_HEAD, 0, 0, 0, 200, 0, 0, 0, 40])]);
    expect(await readBrandImage("logo", png)).toEqual({ ok: true, data: expect.any(String) });
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']);
    expect(await readBrandImage("logo", svg)).toEqual({ ok: false, message: "svgRefused" });
    const big = new Blob([
      Uint8Array.from([...PNG_HEAD, 0, 0, 0, 200, 0, 0, 0, 40]),
      new Uint8Array(64 * 1024),
    ]);
    expect(await readBrandImage("icon", big)).toEqual({ ok: false, message: "iconTooLarge" });
    expect(await readBrandImage("logo", big)).toEqual({ ok: true, data: expect.any(String) });
    const wide = new Blob([Uint8Array.from([...PNG_HEAD, 0, 0, 0x04, 0x01, 0, 0, 0, 40])]);
    expect(await readBrandImage("logo", wide)).toEqual({ ok: false, message: "logoPixels" });
  });
});
