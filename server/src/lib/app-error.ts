import type { LangValue } from "@pc/contract";
import { CODE_MESSAGES, Code, type CodeValue, formatMessage, MESSAGES, type MessageKey } from "@pc/contract";

/** Who a refusal is about when no session tells it: the account a sign-in named, and its user once known. */
export interface RefusalSubject {
  account: string;
  userId?: number;
  companyId?: number;
}

/** A business refusal: answered as HTTP 200 with its code, a message in the caller's language and the field. */
export class AppError extends Error {
  subject: RefusalSubject | undefined;
  /** What the answer's `data` carries instead of `{field}` (the second step a sign-in asks for). */
  data: Record<string, unknown> | undefined;

  readonly code: CodeValue;
  readonly messageKey: MessageKey | undefined;
  readonly params: Record<string, string | number>;
  readonly field: string | undefined;

  constructor(
    code: CodeValue,
    messageKey?: MessageKey,
    params: Record<string, string | number> = {},
    field?: string,
  ) {
    super(messageKey ?? String(code));
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.field = field;
  }

  /** Names who the refusal is about, for the security log (plugins/security-log.ts). */
  about(subject: RefusalSubject): this {
    this.subject = subject;
    return this;
  }

  /** Answers `data` with the refusal. */
  carrying(data: Record<string, unknown>): this {
    this.data = data;
    return this;
  }

  localized(lang: LangValue): string {
    const template = this.messageKey ? MESSAGES[this.messageKey][lang] : CODE_MESSAGES[this.code][lang];
    return formatMessage(template, this.params);
  }
}

/**
 * The server cannot take the call now — too much at once (607, HTTP 429), or the database out of reach or the
 * process stopping (608, HTTP 503) — answered with `Retry-After` so a client (the SDK) sends it again later.
 */
export class RetryLater extends AppError {
  readonly retryAfterSeconds: number;

  constructor(
    code: typeof Code.Busy | typeof Code.Unavailable,
    retryAfterSeconds: number,
    messageKey?: MessageKey,
    params: Record<string, string | number> = {},
  ) {
    super(code, messageKey, params);
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get httpStatus(): 429 | 503 {
    return this.code === Code.Busy ? 429 : 503;
  }
}

/**
 * A refusal outside the console's business calls, with an HTTP status and headers of its own: the reporting
 * API answers a bad key with HTTP 401 and `WWW-Authenticate`, a key out of its scope with HTTP 403.
 */
export class HttpRefusal extends AppError {
  readonly httpStatus: number;
  readonly headers: Record<string, string>;

  constructor(
    code: CodeValue,
    messageKey: MessageKey,
    httpStatus: number,
    headers: Record<string, string> = {},
    params: Record<string, string | number> = {},
  ) {
    super(code, messageKey, params);
    this.httpStatus = httpStatus;
    this.headers = headers;
  }
}
