import type { LangValue } from "@pc/contract";
import { CODE_MESSAGES, type CodeValue, formatMessage, MESSAGES, type MessageKey } from "@pc/contract";

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
