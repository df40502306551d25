/** An add/edit dialog's frame: its form in a modal a click outside leaves open; OK saves, Cancel closes. */
import { Form, type FormInstance, type FormProps, Modal } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { busy } from "./busy.ts";

/** What a list gives each of its add/edit dialogs. */
export interface EditDialogProps<Saved> {
  open: boolean;
  onClose: () => void;
  onSaved: (saved: Saved) => void;
}

export function EditDialog<V extends object>({
  open,
  title,
  width,
  testId,
  form,
  initialValues,
  onValuesChange,
  saveOnEnter = false,
  saving,
  onSave,
  onClose,
  intro,
  children,
}: {
  open: boolean;
  title: ReactNode;
  width: number;
  testId?: string;
  form: FormInstance<V>;
  initialValues: Partial<V>;
  onValuesChange?: FormProps<V>["onValuesChange"];
  /** Enter in a field saves, as OK does. */
  saveOnEnter?: boolean;
  saving: boolean;
  onSave: () => Promise<void>;
  onClose: () => void;
  /** Shown above the form. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const save = () => void onSave();
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={save}
      okText={t("common.ok")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: busy(saving) }}
      destroyOnHidden
      data-testid={testId}
    >
      {intro}
      <Form<V>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFinish={saveOnEnter ? save : undefined}
      >
        {children}
      </Form>
    </Modal>
  );
}
