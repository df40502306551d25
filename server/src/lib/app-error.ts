import type { LangValue } from "@pc/contract";
import { CODE_MESSAGES, Code, type CodeValue, formatMessage, MESSAGES, type MessageKey } from "@pc/contract";

/** A business refusal: answered as HTTP 200 with its code, a message in the caller's language and the field. */
export class AppError extends Error {
  constructor(
    readonly code: CodeValue,
    readonly messageKey?: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly field?: string,
  ) {
    super(messageKey ?? String(code));
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
  constructor(
    code: typeof Code.Busy | typeof Code.Unavailable,
    readonly retryAfterSeconds: number,
  ) {
    super(code);
  }

  get httpStatus(): 429 | 503 {
    return this.code === Code.Busy ? 429 : 503;
  }
}
