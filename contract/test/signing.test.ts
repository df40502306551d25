import { describe, expect, it } from "vitest";
import { hmacSha256Hex, sign, signingString } from "../src/signing.ts";

describe("the signing rule", () => {
  it("signs the values ordered by name, arrays joined with commas, then the timestamp (DESIGN §5 example)", () => {
    expect(signingString({ b: 2, a: "x", c: [1, 3] }, 1700000000)).toBe("x21,31700000000");
  });

  it("skips sign, timestamp and absent values", () => {
    expect(signingString({ sign: "abc", timestamp: 5, a: null, b: undefined, c: "v" }, 9)).toBe("v9");
  });

  it("is HMAC-SHA256 in lower-case hex", async () => {
    // RFC 4231 test case 2
    expect(await hmacSha256Hex("Jefe", "what do ya want for nothing?")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
    expect(await sign("Jefe", { b: 2, a: "x" }, 1)).toBe(await hmacSha256Hex("Jefe", "x21"));
  });
});
