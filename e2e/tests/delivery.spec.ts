import { expect, test } from "@playwright/test";
import { measureInitialJs } from "../../bench/web-size.ts";

/** DESIGN §9: the web's initial JavaScript, gzipped. */
const INITIAL_JS_BUDGET_BYTES = 300 * 1024;

test.describe("delivery of the console (issue 12 item 1)", () => {
  test("sends scripts brotli- or gzip-compressed as the browser accepts, hashed files cached for good", async ({
    request,
  }) => {
    const page = await request.get("/login");
    expect(page.headers()["cache-control"]).toBe("no-cache");
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const plain = await request.get(script ?? "", { headers: { "accept-encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    for (const { accept, encoding } of [
      { accept: "gzip, deflate, br", encoding: "br" },
      { accept: "gzip", encoding: "gzip" },
    ]) {
      const answer = await request.get(script ?? "", { headers: { "accept-encoding": accept } });
      expect(answer.headers()["content-encoding"]).toBe(encoding);
      expect(answer.headers().vary).toMatch(/accept-encoding/i);
      expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(await answer.text()).toBe(await plain.text());
    }
  });

  test("keeps the initial JavaScript within 300 KB gzip", () => {
    expect(measureInitialJs().gzipBytes).toBeLessThanOrEqual(INITIAL_JS_BUDGET_BYTES);
  });
});
