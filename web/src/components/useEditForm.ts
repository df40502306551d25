/** An edit dialog's form and its saving: Success closes it; a refusal naming a field is shown on it. */
import { App, Form } from "antd";
import type { NamePath } from "antd/es/form/interface";
import type { ApiError, RequestOptions } from "../api/client.ts";
import { useContractText } from "../i18n/messages.ts";
import type { EditDialogProps } from "./EditDialog.tsx";
import { useFieldSave } from "./useFieldSubmit.ts";

export function useEditForm<V, Saved>(
  { open, onClose, onSaved }: EditDialogProps<Saved>,
  /** The form field a refusal stands for, if the form has it (see `namedFieldOf`). */
  fieldOf: (error: ApiError) => NamePath<V> | undefined = () => undefined,
) {
  const text = useContractText();
  const { message } = App.useApp();
  const [form] = Form.useForm<V>();
  const { saving, save } = useFieldSave(form, fieldOf);

  /** The form's values when every rule passes (the failing ones show their errors), else null. */
  const validate = async (): Promise<V | null> => {
    try {
      return await form.validateFields();
    } catch {
      return null;
    }
  };

  const send = (request: (options: RequestOptions) => Promise<Saved>) =>
    save(async (options) => {
      const saved = await request(options);
      void message.success(text.success);
      onSaved(saved);
      onClose();
    });

  /** The props of the dialog's `EditDialog` that come from here. */
  const frame = { open, onClose, form, saving };
  return { form, validate, send, frame };
}
