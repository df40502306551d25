/**
 * The one fetch client (docs/rules/errors.md). Every call sends `token` and `lang`, reads the
 * `{code, msg, data}` envelope and applies the error catalogue: session codes drop the session,
 * 402 and 601–606 warn, other codes warn and reject, transport failures show an error for 3 s.
 */
import {
  type AnswerOf,
  type BodyInput,
  CODE_MESSAGES,
  Code,
  type CodeValue,
  type Endpoint,
  type Envelope,
  type QueryInput,
  type Route,
  SESSION_INVALID_CODES,
  SUCCESS_CODES,
} from "@pc/contract";
import i18n, { currentLanguage } from "../i18n/index.ts";
import { getToken } from "../session/session.ts";

/** 600000 ms for calls, 180000 ms for exports (docs/rules/constants.md). */
const REQUEST_TIMEOUT_MS = 600_000;
const EXPORT_TIMEOUT_MS = 180_000;
export const WARNING_SECONDS = 2;
const ERROR_SECONDS = 3;

export interface Notifier {
  warning(content: string, duration: number): void;
  error(content: string, duration: number): void;
}

let notifier: Notifier | null = null;
let sessionInvalidHandler: () => void = () => {};

/** The layout installs antd's context-aware `message` (App.useApp) here. */
export function setNotifier(next: Notifier | null): void {
  notifier = next;
}

/** The app installs what a rejected token does (clear the session, go to /login?redirect=…). */
export function setSessionInvalidHandler(handler: () => void): void {
  sessionInvalidHandler = handler;
}

function notify(kind: keyof Notifier, content: string, duration: number): void {
  notifier?.[kind](content, duration);
}

export type ApiErrorKind = "business" | "session" | "http" | "network" | "timeout";

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** The envelope code, or the HTTP status for an `http` error, or 0. */
  readonly code: number;
  readonly data: unknown;

  constructor(kind: ApiErrorKind, code: number, message: string, data: unknown = null) {
    super(message);
    this.name = "ApiError";
    this.kind = kind;
    this.code = code;
    this.data = data;
  }

  /** The form field a 604 answer names (`data.field`), if any. */
  get field(): string | undefined {
    const data = this.data;
    if (typeof data === "object" && data !== null && "field" in data) {
      const field = (data as { field: unknown }).field;
      return typeof field === "string" && field ? field : undefined;
    }
    return undefined;
  }
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  timeout?: number;
  signal?: AbortSignal;
  /** Return true to handle this error yourself (no message is shown); it is still rejected. */
  quiet?: (error: ApiError) => boolean;
}

export interface FileAnswer {
  blob: Blob;
  filename: string | null;
}

/** How far a file download has come: bytes and lines received, and the rows announced (`x-export-rows`). */
export interface FileProgress {
  bytes: number;
  lines: number;
  rows: number | null;
}

export interface FileRequestOptions extends RequestOptions {
  /** Called as the file arrives (the body is then read chunk by chunk). */
  onProgress?: (progress: FileProgress) => void;
}

function buildUrl(path: string, query: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    params.append(name, Array.isArray(value) ? value.join(",") : String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes("?") ? "&" : "?"}${search}` : path;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === "object" && value !== null && "code" in value && typeof value.code === "number";
}

const codeMessage = (code: number): string | undefined =>
  code in CODE_MESSAGES ? CODE_MESSAGES[code as CodeValue][currentLanguage()] : undefined;

/**
 * Applies the error catalogue (docs/rules/errors.md) to a non-success envelope; returns the error to reject
 * with.
 */
function envelopeError(envelope: Envelope<unknown>, quiet: RequestOptions["quiet"]): ApiError {
  const { code, msg, data } = envelope;
  if (SESSION_INVALID_CODES.includes(code)) {
    const error = new ApiError("session", code, msg || codeMessage(Code.TokenInvalid) || "Error", data);
    sessionInvalidHandler();
    return error;
  }
  let text: string;
  if (code === Code.NoPermission) {
    text = codeMessage(code) ?? msg;
  } else if (code >= Code.Forbidden && code <= Code.WrongPassword) {
    text = msg || codeMessage(code) || "Error";
  } else {
    text = msg || "Error";
  }
  const error = new ApiError("business", code, text, data);
  if (!quiet?.(error)) notify("warning", text, WARNING_SECONDS);
  return error;
}

function transportError(error: ApiError, quiet: RequestOptions["quiet"]): ApiError {
  if (!quiet?.(error)) notify("error", error.message, ERROR_SECONDS);
  return error;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

async function send(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = "GET", query, body, timeout = REQUEST_TIMEOUT_MS, signal, quiet } = options;
  const headers: Record<string, string> = { lang: currentLanguage(), Accept: accept };
  const token = getToken();
  if (token) headers.token = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeout);
  const onAbort = () => controller.abort();
  signal?.addEventListener("abort", onAbort);
  try {
    const response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: "same-origin",
    });
    if (!response.ok) {
      let text = i18n.t("error.http", { status: response.status });
      try {
        const answer: unknown = await response.json();
        if (isEnvelope(answer) && answer.msg) text = answer.msg;
      } catch {
        // not JSON: keep the status text
      }
      throw transportError(new ApiError("http", response.status, text), quiet);
    }
    return response;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (signal?.aborted) throw error;
    const kind = timedOut ? "timeout" : "network";
    throw transportError(new ApiError(kind, 0, i18n.t(timedOut ? "error.timeout" : "error.network")), quiet);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  }
}

async function readEnvelope(response: Response, quiet: RequestOptions["quiet"]): Promise<unknown> {
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw transportError(new ApiError("http", response.status, i18n.t("error.http", { status: 0 })), quiet);
  }
  if (!isEnvelope(answer)) {
    throw transportError(new ApiError("http", response.status, i18n.t("error.http", { status: 0 })), quiet);
  }
  if (SUCCESS_CODES.includes(answer.code)) return answer.data;
  throw envelopeError(answer, quiet);
}

/** A JSON call; resolves with the envelope's `data`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options, "application/json");
  return (await readEnvelope(response, options.quiet)) as T;
}

/** What a call to an endpoint sends: its query and its body, as the endpoint defines them. */
export interface EndpointInput<E extends Endpoint> {
  query?: QueryInput<E>;
  body?: BodyInput<E>;
}

/**
 * Calls a contract endpoint by its route (contract/src/routes.ts: its method and path, typed with the
 * endpoint); resolves with its answer's `data`.
 */
export const call = <E extends Endpoint>(
  route: Route<E>,
  input: EndpointInput<E> = {},
  options: RequestOptions = {},
) =>
  request<AnswerOf<E>>(route.path, {
    ...options,
    method: route.method,
    query: input.query,
    body: input.body,
  });

/**
 * A file call (exports). A non-JSON answer passes through as a blob; a JSON answer is an envelope
 * (an export refused as too broad answers code 604) and is handled like any other call.
 */
export async function requestFile(path: string, options: FileRequestOptions = {}): Promise<FileAnswer> {
  const { onProgress, ...rest } = options;
  const response = await send(path, { timeout: EXPORT_TIMEOUT_MS, ...rest }, "*/*");
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    await readEnvelope(response, options.quiet);
    throw new ApiError("business", 0, "Error");
  }
  const filename = filenameOf(response.headers.get("Content-Disposition"));
  if (!onProgress || !response.body) return { blob: await response.blob(), filename };
  const announced = Number(response.headers.get("x-export-rows") ?? Number.NaN);
  const progress: FileProgress = { bytes: 0, lines: 0, rows: Number.isFinite(announced) ? announced : null };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    progress.bytes += value.byteLength;
    for (const byte of value) if (byte === 10) progress.lines += 1;
    onProgress({ ...progress });
  }
  return { blob: new Blob(chunks, { type }), filename };
}
