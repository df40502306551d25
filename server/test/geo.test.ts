/** The country list: GET /api/v1/geo/country is public and answers {Key, Value}. */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Code, type CountryItem, ISO_COUNTRY_CODES } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApp, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const countries = () => call<CountryItem[]>(t.app, { method: "GET", url: "/api/v1/geo/country" });

describe("GET /api/v1/geo/country", () => {
  it("answers every ISO 3166-1 alpha-2 code plus ALL, OTHER and UNK without a session", async () => {
    const answer = await countries();
    expect(answer.code).toBe(Code.Ok);
    expect(answer.data).toHaveLength(249 + 3);
    const keys = answer.data.map((c) => c.Key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ISO_COUNTRY_CODES).toHaveLength(249);
    for (const code of ISO_COUNTRY_CODES) expect(keys).toContain(code);
    expect(keys).toEqual(expect.arrayContaining(["ALL", "OTHER", "UNK"]));
  });

  it("sorts by key with ALL first and OTHER last", async () => {
    const keys = (await countries()).data.map((c) => c.Key);
    expect(keys[0]).toBe("ALL");
    expect(keys.at(-1)).toBe("OTHER");
    const middle = keys.slice(1, -1);
    expect(middle).toEqual([...middle].sort());
  });

  it("gives each Value as the Chinese then the English name", async () => {
    const byKey = new Map((await countries()).data.map((c) => [c.Key, c.Value]));
    expect(byKey.get("US")).toBe("美国 United States");
    expect(byKey.get("CN")).toBe("中国 China");
    expect(byKey.get("DE")).toBe("德国 Germany");
    expect(byKey.get("ALL")).toBe("全部 All");
    expect(byKey.get("OTHER")).toBe("其他 Other");
    expect(byKey.get("UNK")).toBe("未知 Unknown");
    for (const [key, value] of byKey) {
      expect(value, key).toMatch(/^\S.* [A-Z].*$/);
      expect(value, key).not.toContain(` ${key}`);
    }
  });

  it("may be cached by the browser", async () => {
    const answer = await countries();
    expect(answer.headers["cache-control"]).toMatch(/max-age=\d+/);
  });
});

describe("compressed answers", () => {
  const ask = (acceptEncoding: string) =>
    t.app.inject({
      method: "GET",
      url: "/api/v1/geo/country",
      headers: { "accept-encoding": acceptEncoding },
    });

  it("sends a large answer brotli or gzip compressed to a client that takes it, the same JSON inside", async () => {
    const plain = await ask("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [encoding, inflate] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const answer = await ask(`${encoding}`);
      expect(answer.headers["content-encoding"]).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(inflate(answer.rawPayload).toString("utf8"))).toEqual(plain.json());
    }
  });

  it("leaves a small answer as it is", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
  });
});
