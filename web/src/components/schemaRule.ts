/**
 * Form rules from the contract's schemas: a field is checked by the very schema the server validates the
 * request with, and a refusal shows the catalogue's message in the interface language. Typed
 * structurally so the web needs no direct zod import.
 */
import type { LangValue } from "@pc/contract";
import { issueText } from "@pc/contract";

export interface SchemaIssue {
  message: string;
  path: readonly PropertyKey[];
}

export interface ParseSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** The first issue of a value against a schema, as a message in `lang`; null when the value passes. */
export function schemaError(schema: ParseSchema, value: unknown, lang: LangValue): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const first = result.error.issues[0];
  return first ? issueText(first.message, lang) : null;
}

/** An antd rule that checks the value with a schema. `empty` values are left to a `required` rule. */
export function schemaRule(schema: ParseSchema, lang: LangValue, options: { skipEmpty?: boolean } = {}) {
  const skipEmpty = options.skipEmpty ?? true;
  return {
    validator: (_rule: unknown, value: unknown) => {
      if (skipEmpty && (value === undefined || value === null || value === "")) return Promise.resolve();
      const error = schemaError(schema, value, lang);
      return error === null ? Promise.resolve() : Promise.reject(new Error(error));
    },
  };
}
