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

/** Runs a save (`saving` meanwhile); a refusal `fieldOf` places on a field is shown there, not as a toast. */
export function useFieldSave<Values>(
  form: FormInstance<Values>,
  fieldOf: (error: ApiError) => NamePath<Values> | undefined,
) {
  const [saving, setSaving] = useState(false);

  const save = async (run: (options: RequestOptions) => Promise<void>) => {
    setSaving(true);
    try {
      await run({ quiet: (error) => fieldOf(error) !== undefined });
    } catch (error) {
      // any other refusal was shown by the client
      const field = error instanceof ApiError ? fieldOf(error) : undefined;
      if (error instanceof ApiError && field !== undefined) {
        form.setFields([{ name: field, errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return { saving, save };
}

/** Submits the form with `submit` as useFieldSave does; answers `saving` and the form's `onFinish`. */
export function useFieldSubmit<Values>(
  form: FormInstance<Values>,
  fieldOf: (error: ApiError) => NamePath<Values> | undefined,
  submit: (values: Values, options: RequestOptions) => Promise<void>,
) {
  const { saving, save } = useFieldSave(form, fieldOf);
  return { saving, onFinish: (values: Values) => void save((options) => submit(values, options)) };
}
