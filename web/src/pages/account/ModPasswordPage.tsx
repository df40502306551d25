/**
 * Password change (`/account/modPassword`, from the user menu): the old password, a new one by the sign-in
 * rules and its confirmation. The server checks the old one (606, shown on its field), keeps this session
 * and signs out the others.
 */
import { LockOutlined } from "@ant-design/icons";
import { Code, LOGIN_PASSWORD_MAX, passwordChangeForm } from "@pc/contract";
import { App, Button, Card, Form, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { passwordApi } from "../../api/accounts.ts";
import { ApiError } from "../../api/client.ts";
import { passwordDigest } from "../../api/digest.ts";
import { formSchemaRule } from "../../components/schemaRule.ts";
import { useContractText } from "../../i18n/messages.ts";
import "./account.css";

interface ModPasswordValues {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

const FORM_FIELDS: ReadonlySet<string> = new Set(["old_password", "new_password"]);

/** Where a refusal goes: 606 on the old password, a 604 naming a field on that field. */
export function passwordFieldOf(error: ApiError): keyof ModPasswordValues | undefined {
  if (error.code === Code.WrongPassword) return "old_password";
  const field = error.field;
  return field && FORM_FIELDS.has(field) ? (field as keyof ModPasswordValues) : undefined;
}

export default function ModPasswordPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ModPasswordValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: ModPasswordValues) => {
    setSaving(true);
    try {
      await passwordApi.change(
        {
          old_password: passwordDigest(values.old_password),
          new_password: passwordDigest(values.new_password),
        },
        { quiet: (error) => passwordFieldOf(error) !== undefined },
      );
      form.resetFields();
      void message.success(text.message("passwordChanged"), 3);
    } catch (error) {
      const field = error instanceof ApiError ? passwordFieldOf(error) : undefined;
      if (error instanceof ApiError && field) form.setFields([{ name: field, errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="pc-password-card">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t("route.modPassword")}
      </Typography.Title>
      <Typography.Text type="secondary" className="pc-password-intro">
        {t("password.intro")}
      </Typography.Text>
      <Form<ModPasswordValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        onFinish={(values) => void onFinish(values)}
      >
        <Form.Item
          name="old_password"
          label={t("password.old")}
          required
          rules={[formSchemaRule(passwordChangeForm, "old_password", text.lang)]}
        >
          <Input.Password
            id="old_password"
            prefix={<LockOutlined />}
            placeholder={t("password.oldPlaceholder")}
            autoComplete="current-password"
          />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t("password.new")}
          required
          dependencies={["old_password"]}
          extra={t("password.rule")}
          rules={[formSchemaRule(passwordChangeForm, "new_password", text.lang)]}
        >
          <Input.Password
            id="new_password"
            prefix={<LockOutlined />}
            placeholder={t("password.newPlaceholder")}
            autoComplete="new-password"
            maxLength={LOGIN_PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t("password.confirm")}
          required
          dependencies={["new_password"]}
          rules={[formSchemaRule(passwordChangeForm, "confirm_password", text.lang)]}
        >
          <Input.Password
            id="confirm_password"
            prefix={<LockOutlined />}
            placeholder={t("password.confirmPlaceholder")}
            autoComplete="new-password"
            maxLength={LOGIN_PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item style={{ marginTop: 8 }}>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="mod-password-submit">
              {t("password.submit")}
            </Button>
            <Button onClick={() => navigate(-1)}>{t("common.cancel")}</Button>
          </Space>
        </Form.Item>
      </Form>
    </Card>
  );
}
