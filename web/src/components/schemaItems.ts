/** Form.Item props of a required field checked by a contract schema, optionally unique on the server. */
import type { LangValue } from "@pc/contract";
import type { RequestOptions } from "../api/client.ts";
import { type ParseSchema, schemaRule } from "./schemaRule.ts";

/** Pause after the last keystroke before the uniqueness check is asked. */
const UNIQUE_CHECK_DEBOUNCE_MS = 400;

/** Marked required; the schema's message shows for an empty value too. */
export const requiredSchemaItem = (schema: ParseSchema, lang: LangValue) => ({
  required: true,
  rules: [schemaRule(schema, lang, { skipEmpty: false })],
});

/**
 * A required text the server keeps unique (app name and package, placement name): once the schema passes
 * (validateFirst), the server is asked with `exists`, debounced, whether the trimmed value is taken.
 */
export function uniqueTextItem(
  schema: ParseSchema,
  lang: LangValue,
  exists: (value: string, options: RequestOptions) => Promise<{ result: boolean }>,
  duplicate: string,
) {
  const item = requiredSchemaItem(schema, lang);
  return {
    ...item,
    validateFirst: true,
    validateDebounce: UNIQUE_CHECK_DEBOUNCE_MS,
    rules: [
      ...item.rules,
      {
        validator: async (_rule: unknown, value: unknown) => {
          if (typeof value !== "string" || !value.trim()) return;
          let taken = false;
          try {
            taken = (await exists(value.trim(), { quiet: () => true })).result;
          } catch {
            return; // the check could not be made; saving asks the server again
          }
          if (taken) throw new Error(duplicate);
        },
      },
    ],
  };
}
