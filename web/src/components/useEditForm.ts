/** An edit dialog's form and its saving: Success closes it; a refusal naming a field is shown on it. */
import { App, Form } from "antd";
import type { NamePath } from "antd/es/form/interface";
import { useState } from "react";
import { ApiError, type RequestOptions } from "../api/client.ts";
import { useContractText } from "../i18n/messages.ts";
import type { EditDialogProps } from "./EditDialog.tsx";

export function useEditForm<V, Saved>(
  { open, onClose, onSaved }: EditDialogProps<Saved>,
  /** The form field a refusal stands for, if the form has it (see `namedFieldOf`). */
  fieldOf: (error: ApiError) => NamePath<V> | undefined = () => undefined,
) {
  const text = useContractText();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const [saving, setSaving] = useState(false);

  /** The form's values when every rule passes (the failing ones show their errors), else null. */
  const validate = async (): Promise<V | null> => {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  };

  const send = async (request: (options: RequestOptions) => Promise<Saved>) => {
    setSaving(true);
    try {
      const saved = await request({ quiet: (error) => fieldOf(error) !== undefined });
      void message.success(text.success);
      onSaved(saved);
      onClose();
    } catch (error) {
      // any other refusal was shown by the client
      const field = error instanceof ApiError ? fieldOf(error) : undefined;
      if (error instanceof ApiError && field !== undefined)
        form.setFields([{ name: field, errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  /** The props of the dialog's `EditDialog` that come from here. */
  const frame = { open, onClose, form, saving };
  return { form, validate, send, frame };
}
