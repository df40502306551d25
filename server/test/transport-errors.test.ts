/**
 * Requests that never reach a route (issue 11 items 9 and 12): a URL that cannot be decoded, a request Node
 * cannot parse, headers too large, a body that does not arrive within REQUEST_TIMEOUT_SECONDS. Each answers
 * the envelope (code 604) with its HTTP status, never Fastify's own error body.
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
        data: null,
      });
    }
  });

  it("answers a request Node cannot parse with the envelope and closes the connection", async () => {
    const answer = await sendRaw("GET / HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n");
    expect(answer.status).toBe(400);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toEqual({ code: Code.ParamError, msg: MESSAGES.malformedRequest.zh, data: null });
  });

  it("answers headers over Node's limit with 431 and the envelope", async () => {
    const answer = await sendRaw(`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(answer.body).toEqual({ code: Code.ParamError, msg: MESSAGES.headersTooLarge.zh, data: null });
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
        data: null,
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
