/**
 * A form field checked by the contract's schema of the whole form: the field shows the first issue the schema
 * raises on its path, so rules that involve two fields (a confirmation matching the password, a new password
 * differing from the old one) come from the contract as they are, never restated here.
 */
import { issueText, type LangValue } from "@pc/contract";
import type { ParseSchema } from "./schemaRule.ts";

/** The first issue of `values` against `schema` on `field`, as a message in `lang`; null when there is none. */
export function formFieldError(
  schema: ParseSchema,
  values: unknown,
  field: string,
  lang: LangValue,
): string | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues.find((item) => item.path[0] === field);
  return issue ? issueText(issue.message, lang) : null;
}

/** An antd rule (form-aware) that checks `field` with the whole form's schema. */
export function formSchemaRule(schema: ParseSchema, field: string, lang: LangValue) {
  return ({ getFieldsValue }: { getFieldsValue: (all: true) => unknown }) => ({
    validator: () => {
      const error = formFieldError(schema, getFieldsValue(true), field, lang);
      return error === null ? Promise.resolve() : Promise.reject(new Error(error));
    },
  });
}
