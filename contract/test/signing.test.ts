import { describe, expect, it } from "vitest";
import {
  canonicalQuery,
  hmacSha256Hex,
  percentEncode,
  sign,
  signingString,
  signingStringV2,
} from "../src/signing.ts";

describe("the signing rule", () => {
  it("signs the values ordered by name, arrays joined with commas, then the timestamp (the example of docs/api.md)", () => {
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

describe("the v2 rule", () => {
  it("percent-encodes all but the unreserved characters, as UTF-8 bytes in upper-case hex", () => {
    expect(percentEncode("aZ09-._~")).toBe("aZ09-._~");
    expect(percentEncode("a b&c=d,e\n")).toBe("a%20b%26c%3Dd%2Ce%0A");
    expect(percentEncode("!'()*+/")).toBe("%21%27%28%29%2A%2B%2F");
    expect(percentEncode("广告")).toBe("%E5%B9%BF%E5%91%8A");
  });

  it("orders pairs by name, keeps a repeated name's values as sent, leaves out sign and timestamp", () => {
    const query = [
      ["x", "3"],
      ["b", ""],
      ["x", "1"],
      ["sign", "s"],
      ["a", "v"],
      ["timestamp", "1"],
    ] as const;
    expect(canonicalQuery(query)).toBe("a=v&b=&x=3&x=1");
  });

  it("tells apart values that v1 signs alike: re-split, renamed or holding separators", () => {
    const string = (query: [string, string][]) =>
      signingStringV2({ method: "GET", path: "/p", query, timestamp: 1 });
    const v1 = (query: Record<string, string>) => signingString(query, 1);
    const pairs: [[string, string][], [string, string][]][] = [
      [
        [
          ["page_no", "1"],
          ["page_size", "120"],
        ],
        [
          ["page_no", "11"],
          ["page_size", "20"],
        ],
      ],
      [[["status", "1"]], [["page_no", "1"]]],
      [
        [["a", "12"]],
        [
          ["a", "1"],
          ["b", "2"],
        ],
      ],
    ];
    for (const [one, other] of pairs) {
      expect(v1(Object.fromEntries(one))).toBe(v1(Object.fromEntries(other)));
      expect(string(one)).not.toBe(string(other));
    }
    expect(string([["a", "1&b=2"]])).not.toBe(
      string([
        ["a", "1"],
        ["b", "2"],
      ]),
    );
  });

  it("ends with a line feed, so no v1 string (ending with the timestamp) equals one", () => {
    expect(signingStringV2({ method: "GET", path: "/p", query: [], timestamp: 1 })).toBe("GET\n/p\n\n1\n\n");
  });
});
