import type { FormInstance } from "antd";
import type { NamePath } from "antd/es/form/interface";
import { useState } from "react";
import { ApiError, type RequestOptions } from "../api/client.ts";

/** The field a refusal names (`data.field`) when it is one of `fields`. */
export function namedFieldOf<Field extends string>(fields: readonly Field[]) {
  const known: ReadonlySet<string> = new Set(fields);
  return (error: ApiError): Field | undefined =>
    error.field !== undefined && known.has(error.field) ? (error.field as Field) : undefined;
}

/** Submits the form with `submit` (`saving` meanwhile), showing a refusal `fieldOf` places on that field. */
export function useFieldSubmit<Values>(
  form: FormInstance<Values>,
  fieldOf: (error: ApiError) => NamePath<Values> | undefined,
  submit: (values: Values, options: RequestOptions) => Promise<void>,
) {
  const [saving, setSaving] = useState(false);

  const run = async (values: Values) => {
    setSaving(true);
    try {
      await submit(values, { quiet: (error) => fieldOf(error) !== undefined });
    } catch (error) {
      const field = error instanceof ApiError ? fieldOf(error) : undefined;
      if (error instanceof ApiError && field !== undefined) {
        form.setFields([{ name: field, errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return { saving, onFinish: (values: Values) => void run(values) };
}
