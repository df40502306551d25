/** The form of a signed-out page that saves (reset password, register): its fields, then the full-width submit. */
import { Button, Form, type FormInstance, type FormProps } from "antd";
import type { ReactNode } from "react";
import { busy } from "../../components/busy.ts";

/** The look every signed-out form shares (sign in too). */
export const AUTH_FORM_LAYOUT = {
  layout: "vertical",
  size: "large",
  requiredMark: false,
} satisfies FormProps;

export function AuthForm<Values>({
  form,
  onFinish,
  saving,
  submitText,
  submitTestId,
  children,
}: {
  form: FormInstance<Values>;
  onFinish: (values: Values) => void;
  saving: boolean;
  submitText: ReactNode;
  submitTestId: string;
  children: ReactNode;
}) {
  return (
    <Form<Values>
      {...AUTH_FORM_LAYOUT}
      form={form}
      autoComplete="off"
      onFinish={onFinish}
      className="pc-auth-form"
    >
      {children}
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={busy(saving)}
        className="pc-auth-submit"
        data-testid={submitTestId}
      >
        {submitText}
      </Button>
    </Form>
  );
}
