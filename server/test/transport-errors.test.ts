/**
 * Requests refused before a handler reads them: a URL that cannot be decoded or whose parameter is too
 * long, a body that is not JSON or not of a type served, a request Node cannot parse, headers too large, a
 * body that does not arrive within REQUEST_TIMEOUT_SECONDS. Each answers the envelope (code 604) with its
 * 4xx HTTP status and the part of the request at fault, never Fastify's own error body nor a 500, and each
 * is counted in /metrics like any other answer.
 */
import type { AddressInfo } from "node:net";
import { Code, MESSAGES } from "@pc/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApp, type TestApp } from "./support/app.ts";
import { openRawConnection } from "./support/raw-http.ts";

const REQUEST_TIMEOUT_SECONDS = 2;

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await startTestApp({ REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS) });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t?.close());

/** Sends raw request text on a new connection and reads the answer as JSON. */
async function sendRaw(text: string) {
  const connection = await openRawConnection(baseUrl);
  try {
    connection.write(text);
    const answer = await connection.answer();
    return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.body) as unknown };
  } finally {
    connection.close();
  }
}

describe("malformed URLs (item 12)", () => {
  it("answers a URL that cannot be decoded with the envelope, in the caller's language", async () => {
    for (const url of ["/v1/%", "/%E0%A4%A", "/v1/app/list%"]) {
      const answer = await call(t.app, { url, headers: { lang: "en" } });
      expect(answer, url).toMatchObject({
        status: 400,
        code: Code.ParamError,
        msg: MESSAGES.malformedUrl.en,
        data: { field: "url" },
      });
    }
  });

  it("answers a request Node cannot parse with the envelope and closes the connection", async () => {
    const answer = await sendRaw("GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toEqual({
      code: Code.ParamError,
      msg: MESSAGES.malformedRequest.zh,
      data: { field: "request" },
    });
  });

  it("answers headers over Node's limit with 431 and the envelope", async () => {
    const answer = await sendRaw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({
      code: Code.ParamError,
      msg: MESSAGES.headersTooLarge.zh,
      data: { field: "headers" },
    });
  });
});

describe("request timeout (item 9)", () => {
  it("answers 408 and closes a request whose body trickles in past REQUEST_TIMEOUT_SECONDS", async () => {
    const connection = await openRawConnection(baseUrl);
    const started = Date.now();
    connection.write(
      "POST /v1/passport/captcha/refresh_math HTTP/1.1\r\nHost: x\r\n" +
        "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{",
    );
    // One byte every 200 ms: the connection is never idle, the request never complete.
    const trickle = setInterval(() => connection.write(" "), 200);
    try {
      const answer = await connection.answer((REQUEST_TIMEOUT_SECONDS + 3) * 1000);
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({
        code: Code.ParamError,
        msg: MESSAGES.requestTimeout.zh,
        data: { field: "request" },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_SECONDS * 1000 - 100);
    } finally {
      clearInterval(trickle);
      connection.close();
    }
  });

  it("serves a request whose body arrives in time", async () => {
    const body = JSON.stringify({});
    const answer = await sendRaw(
      "POST /v1/passport/captcha/refresh_math HTTP/1.1\r\nHost: x\r\nConnection: close\r\n" +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: Code.Ok });
  });
});

describe("route parameters", () => {
  it("refuses a long parameter of a public route naming it, and an overlong one naming the URL", async () => {
    const long = await call(t.app, {
      url: `/common/company_asset/2/logo/${"a".repeat(415)}`,
      headers: { lang: "en" },
    });
    expect(long).toMatchObject({ code: Code.ParamError, data: { field: "digest" } });
    expect(long.status).toBeLessThan(500);
    for (const method of ["GET", "HEAD"] as const) {
      const overlong = await t.app.inject({
        method,
        url: `/common/company_asset/2/logo/${"a".repeat(2000)}`,
      });
      expect(overlong.statusCode, method).toBe(414);
    }
    const overlong = await call(t.app, {
      url: `/common/company_asset/2/logo/${"a".repeat(2000)}`,
      headers: { lang: "en" },
    });
    expect(overlong).toMatchObject({
      status: 414,
      code: Code.ParamError,
      msg: MESSAGES.urlParamTooLong.en,
      data: { field: "url" },
    });
  });
});

describe("bodies", () => {
  const post = (contentType: string, payload: string) =>
    call(t.app, {
      method: "POST",
      url: "/v1/passport/captcha/refresh_math",
      headers: { lang: "en", "content-type": contentType },
      payload,
    });

  it("names the body of malformed JSON, and the content type of a body it does not read", async () => {
    for (const payload of ['{"captcha_id":', "", '{"__proto__":{"x":1}}']) {
      expect(await post("application/json", payload), payload).toMatchObject({
        status: 400,
        code: Code.ParamError,
        msg: MESSAGES.malformedBody.en,
        data: { field: "body" },
      });
    }
    for (const contentType of ["application/xml", "multipart/form-data; boundary=x", "nonsense"]) {
      expect(await post(contentType, "<x/>"), contentType).toMatchObject({
        status: 415,
        code: Code.ParamError,
        msg: MESSAGES.mediaTypeUnsupported.en,
        data: { field: "content-type" },
      });
    }
  });
});

describe("metrics", () => {
  /** The count of answers with these labels in /metrics. */
  async function answered(method: string, route: string, status: number): Promise<number> {
    const text = (await t.app.inject({ url: "/metrics" })).body;
    const line = text
      .split("\n")
      .find((row) =>
        row.startsWith(`http_requests_total{method="${method}",route="${route}",status_code="${status}"}`),
      );
    return line ? Number(line.split(" ").at(-1)) : 0;
  }

  it("counts answers sent before routing: a URL refused by the router, one not decoded", async () => {
    const before = {
      overlong: await answered("GET", "unmatched", 414),
      undecodable: await answered("GET", "unmatched", 400),
    };
    await t.app.inject({ url: `/common/company_asset/2/logo/${"a".repeat(2000)}` });
    await t.app.inject({ url: "/v1/%" });
    await t.app.inject({ url: "/v1/%" });
    expect(await answered("GET", "unmatched", 414)).toBe(before.overlong + 1);
    expect(await answered("GET", "unmatched", 400)).toBe(before.undecodable + 2);
  });

  it("counts answers to requests Node could not read", async () => {
    const before = await answered("unparsed", "unmatched", 431);
    await sendRaw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(await answered("unparsed", "unmatched", 431)).toBe(before + 1);
  });
});
