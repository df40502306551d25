/**
 * Form rules from the contract's schemas: a field is checked by the very schema the server validates the
 * request with, and a refusal shows the catalogue's message in the interface language. A field may be
 * checked alone (`schemaRule`) or by the schema of the whole form (`formSchemaRule`), so rules that involve
 * two fields (a confirmation matching the password, a new password differing from the old one) come from the
 * contract as they are, never restated here. Typed structurally so the web needs no direct zod import.
 */
import { issueText, type LangValue } from "@pc/contract";

export interface SchemaIssue {
  message: string;
  path: readonly PropertyKey[];
}

export interface ParseSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** The first issue (on `field`, when given) of a value against a schema, in `lang`; null when none. */
function firstIssueText(schema: ParseSchema, value: unknown, lang: LangValue, field?: string): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues.find((item) => field === undefined || item.path[0] === field);
  return issue ? issueText(issue.message, lang) : null;
}

/** An empty field, which a `required` rule judges rather than a schema. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === "";

const settle = (error: string | null) =>
  error === null ? Promise.resolve() : Promise.reject(new Error(error));

/** The first issue of a value against a schema, as a message in `lang`; null when the value passes. */
export const schemaError = (schema: ParseSchema, value: unknown, lang: LangValue): string | null =>
  firstIssueText(schema, value, lang);

/** The first issue of `values` against the form's `schema` on `field`, in `lang`; null when there is none. */
export const formFieldError = (
  schema: ParseSchema,
  values: unknown,
  field: string,
  lang: LangValue,
): string | null => firstIssueText(schema, values, lang, field);

/** An antd rule that checks the value with a schema. `empty` values are left to a `required` rule. */
export function schemaRule(schema: ParseSchema, lang: LangValue, options: { skipEmpty?: boolean } = {}) {
  const skipEmpty = options.skipEmpty ?? true;
  return {
    validator: (_rule: unknown, value: unknown) =>
      skipEmpty && isEmpty(value) ? Promise.resolve() : settle(schemaError(schema, value, lang)),
  };
}

/**
 * `schemaRule` with a schema loaded when a value is first checked: a page whose fields are rarely checked
 * (report filters) does not evaluate zod and the contract's schemas on its first load
 * (docs/performance.md#the-first-load).
 */
export function lazySchemaRule(load: () => Promise<ParseSchema>, lang: LangValue) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (isEmpty(value)) return;
      await settle(schemaError(await load(), value, lang));
    },
  };
}

/** An antd rule (form-aware) that checks `field` with the whole form's schema. */
export function formSchemaRule(schema: ParseSchema, field: string, lang: LangValue) {
  return ({ getFieldsValue }: { getFieldsValue: (all: true) => unknown }) => ({
    validator: () => settle(formFieldError(schema, getFieldsValue(true), field, lang)),
  });
}
