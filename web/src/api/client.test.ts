import { CODE_MESSAGES } from "@pc/contract";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage } from "../i18n/index.ts";
import { removeToken, setToken } from "../session/session.ts";
import { ApiError, request, requestFile, setNotifier, setSessionInvalidHandler } from "./client.ts";

const warning = vi.fn<(content: string, duration: number) => void>();
const error = vi.fn<(content: string, duration: number) => void>();
const onSessionInvalid = vi.fn<() => void>();
const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const envelope = (code: number, data: unknown = null, msg = "") => json({ code, msg, data });

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  setNotifier({ warning, error });
  setSessionInvalidHandler(onSessionInvalid);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  warning.mockReset();
  error.mockReset();
  onSessionInvalid.mockReset();
  removeToken();
  await changeLanguage("zh");
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (caught) {
    if (caught instanceof ApiError) return caught;
    throw caught;
  }
  throw new Error("expected a rejection");
}

describe("api client", () => {
  it("resolves data on code 200 and 0, sending token and lang", async () => {
    setToken("abc");
    fetchMock.mockResolvedValueOnce(envelope(200, { x: 1 }));
    await expect(request("/api/v1/thing", { query: { a: 1, b: null, c: [1, 2] } })).resolves.toEqual({
      x: 1,
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/v1/thing?a=1&c=1%2C2");
    const headers = init?.headers as Record<string, string>;
    expect(headers.token).toBe("abc");
    expect(headers.lang).toBe("zh");

    fetchMock.mockResolvedValueOnce(envelope(0, "ok"));
    await expect(request("/v1/x", { method: "POST", body: { y: 2 } })).resolves.toBe("ok");
    const [, postInit] = fetchMock.mock.calls[1] ?? [];
    expect(postInit?.method).toBe("POST");
    expect(postInit?.body).toBe('{"y":2}');
    expect(warning).not.toHaveBeenCalled();
  });

  it("sends no token header when signed out and the current language", async () => {
    await changeLanguage("en");
    fetchMock.mockResolvedValueOnce(envelope(200));
    await request("/x");
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.token).toBeUndefined();
    expect(headers.lang).toBe("en");
  });

  it.each([20003, 20005])("drops the session on code %i without a warning", async (code) => {
    fetchMock.mockResolvedValueOnce(envelope(code, null, "expired"));
    const failure = await rejection(request("/x"));
    expect(failure.kind).toBe("session");
    expect(onSessionInvalid).toHaveBeenCalledOnce();
    expect(warning).not.toHaveBeenCalled();
  });

  it("warns 2 s with the contract's 402 message in the current language", async () => {
    fetchMock.mockResolvedValueOnce(envelope(402, null, "server words"));
    await rejection(request("/x"));
    expect(warning).toHaveBeenCalledWith(CODE_MESSAGES[402].zh, 2);

    await changeLanguage("en");
    fetchMock.mockResolvedValueOnce(envelope(402));
    const failure = await rejection(request("/x"));
    expect(warning).toHaveBeenLastCalledWith(CODE_MESSAGES[402].en, 2);
    expect(failure.code).toBe(402);
  });

  it.each([601, 602, 603, 604, 605, 606])("warns with the server msg on %i", async (code) => {
    fetchMock.mockResolvedValueOnce(envelope(code, { field: "captcha_answer" }, "server says why"));
    const failure = await rejection(request("/x"));
    expect(warning).toHaveBeenCalledWith("server says why", 2);
    expect(failure).toMatchObject({ kind: "business", code, message: "server says why" });
    expect(failure.field).toBe("captcha_answer");
  });

  it("falls back to the contract's message of a 601–606 code", async () => {
    fetchMock.mockResolvedValueOnce(envelope(605));
    await rejection(request("/x"));
    expect(warning).toHaveBeenCalledWith(CODE_MESSAGES[605].zh, 2);
  });

  it("warns 2 s with msg or 'Error' on any other code and rejects", async () => {
    fetchMock.mockResolvedValueOnce(envelope(777, null, "odd"));
    expect((await rejection(request("/x"))).code).toBe(777);
    expect(warning).toHaveBeenLastCalledWith("odd", 2);
    fetchMock.mockResolvedValueOnce(envelope(500));
    await rejection(request("/x"));
    expect(warning).toHaveBeenLastCalledWith("Error", 2);
  });

  it("lets the caller keep an error quiet", async () => {
    fetchMock.mockResolvedValueOnce(envelope(604, { field: "email" }, "bad email"));
    const failure = await rejection(request("/x", { quiet: (e) => e.field === "email" }));
    expect(failure.field).toBe("email");
    expect(warning).not.toHaveBeenCalled();
  });

  it("shows transport errors for 3 s", async () => {
    fetchMock.mockResolvedValueOnce(new Response("boom", { status: 502 }));
    const httpFailure = await rejection(request("/x"));
    expect(httpFailure).toMatchObject({ kind: "http", code: 502 });
    expect(error).toHaveBeenLastCalledWith("请求失败（502）", 3);

    fetchMock.mockResolvedValueOnce(json({ code: 400, msg: "malformed", data: null }, 400));
    await rejection(request("/x"));
    expect(error).toHaveBeenLastCalledWith("malformed", 3);

    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    expect((await rejection(request("/x"))).kind).toBe("network");
    expect(error).toHaveBeenLastCalledWith("网络错误，请检查网络连接", 3);
    expect(warning).not.toHaveBeenCalled();
  });

  it("times out", async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementationOnce(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
          ),
      );
      const pending = rejection(request("/x", { timeout: 50 }));
      await vi.advanceTimersByTimeAsync(60);
      expect((await pending).kind).toBe("timeout");
      expect(error).toHaveBeenCalledWith("请求超时，请稍后重试", 3);
    } finally {
      vi.useRealTimers();
    }
  });

  it("passes file responses through", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("a,b\n1,2\n", {
        headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="7_123.csv"' },
      }),
    );
    const file = await requestFile("/v1/online/ssp/download", { method: "POST", body: {} });
    expect(file.filename).toBe("7_123.csv");
    expect(await file.blob.text()).toBe("a,b\n1,2\n");
  });

  it("reports a file's progress as it arrives: bytes, lines and the rows announced", async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("h1,h2\n1,2\n"));
        controller.enqueue(encoder.encode("3,4\n"));
        controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce(
      new Response(body, {
        headers: {
          "Content-Type": "text/csv",
          "Content-Disposition": 'attachment; filename="7_Affiliate_Reports_Detail_List_1.csv"',
          "x-export-rows": "2",
        },
      }),
    );
    const seen: { bytes: number; lines: number; rows: number | null }[] = [];
    const file = await requestFile("/v1/offline/ssp/download", {
      method: "POST",
      body: {},
      onProgress: (progress) => seen.push(progress),
    });
    expect(seen).toEqual([
      { bytes: 10, lines: 2, rows: 2 },
      { bytes: 14, lines: 3, rows: 2 },
    ]);
    expect(file.filename).toBe("7_Affiliate_Reports_Detail_List_1.csv");
    expect(await file.blob.text()).toBe("h1,h2\n1,2\n3,4\n");
  });

  it("handles a JSON answer to a file call as an envelope", async () => {
    fetchMock.mockResolvedValueOnce(envelope(604, null, "Please add more query conditions and retry"));
    const failure = await rejection(requestFile("/v1/online/ssp/download", { method: "POST", body: {} }));
    expect(failure.code).toBe(604);
    expect(warning).toHaveBeenCalledWith("Please add more query conditions and retry", 2);
  });
});
