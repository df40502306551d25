/** The new password (by the sign-in rules, with the rule shown below it) and its confirmation, as two form fields. */
import { LockOutlined } from "@ant-design/icons";
import { LOGIN_PASSWORD_MAX } from "@pc/contract";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../i18n/messages.ts";
import { formSchemaRule, type ParseSchema } from "./schemaRule.ts";

const newPasswordInput = (id: string, placeholder: string) => (
  <Input.Password
    id={id}
    prefix={<LockOutlined />}
    placeholder={placeholder}
    autoComplete="new-password"
    maxLength={LOGIN_PASSWORD_MAX}
  />
);

export function NewPasswordFields({
  schema,
  name,
  label,
  placeholder,
  required,
  dependencies,
}: {
  /** The page's form schema; both fields are checked by it. */
  schema: ParseSchema;
  /** The new password's field name, also its input's id; the confirmation is `confirm_password`. */
  name: "password" | "new_password";
  label: string;
  placeholder: string;
  /** Marks both fields required (the signed-out forms hide the marks and leave this out). */
  required?: boolean;
  /** Other fields the new password is checked against, e.g. the old password. */
  dependencies?: string[];
}) {
  const { t } = useTranslation();
  const text = useContractText();
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        required={required}
        dependencies={dependencies}
        extra={t("password.rule")}
        rules={[formSchemaRule(schema, name, text.lang)]}
      >
        {newPasswordInput(name, placeholder)}
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={t("password.confirm")}
        required={required}
        dependencies={[name]}
        rules={[formSchemaRule(schema, "confirm_password", text.lang)]}
      >
        {newPasswordInput("confirm_password", t("password.confirmPlaceholder"))}
      </Form.Item>
    </>
  );
}
