/**
 * Reset password (`/resetPassword`, open without a token, from the login page's forgot-password link): the
 * email, a captcha to send a 6-digit code to it, the code and a new password by the sign-in rules with its
 * confirmation. Success signs out every session of the account and goes back to sign in.
 */
import { ArrowLeftOutlined, LockOutlined } from "@ant-design/icons";
import { EmailCodePurpose, LOGIN_PASSWORD_MAX, resetPasswordForm } from "@pc/contract";
import { App, Button, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { passwordApi } from "../../api/accounts.ts";
import { ApiError } from "../../api/client.ts";
import { passwordDigest } from "../../api/digest.ts";
import { LOGIN_PATH } from "../../app/routeTable.tsx";
import { formSchemaRule } from "../../components/schemaRule.ts";
import { useContractText } from "../../i18n/messages.ts";
import { AuthShell } from "../login/AuthShell.tsx";
import { EmailCodeFields } from "../login/EmailCodeFields.tsx";
import type { LoginState } from "../login/LoginPage.tsx";

interface ResetValues {
  email: string;
  captcha_answer: string;
  code: string;
  password: string;
  confirm_password: string;
}

const FORM_FIELDS: ReadonlySet<string> = new Set(["email", "code", "password"]);

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: ResetValues) => {
    setSaving(true);
    try {
      await passwordApi.reset(
        { email: values.email.trim(), code: values.code.trim(), password: passwordDigest(values.password) },
        { quiet: (error) => error.field !== undefined && FORM_FIELDS.has(error.field) },
      );
      void message.success(t("reset.done"), 4);
      navigate(LOGIN_PATH, { replace: true, state: { email: values.email.trim() } satisfies LoginState });
    } catch (error) {
      if (error instanceof ApiError && error.field && FORM_FIELDS.has(error.field)) {
        form.setFields([{ name: error.field as keyof ResetValues, errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthShell
      title={t("reset.title")}
      subtitle={t("reset.subtitle")}
      testId="reset-page"
      footer={
        <Link to={LOGIN_PATH} className="pc-auth-back">
          <ArrowLeftOutlined />
          {t("reset.backToLogin")}
        </Link>
      }
    >
      <Form<ResetValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        autoComplete="off"
        onFinish={(values) => void onFinish(values)}
        className="pc-auth-form"
      >
        <EmailCodeFields purpose={EmailCodePurpose.Reset} schema={resetPasswordForm} />
        <Form.Item
          name="password"
          label={t("reset.password")}
          rules={[formSchemaRule(resetPasswordForm, "password", text.lang)]}
          extra={t("password.rule")}
        >
          <Input.Password
            id="password"
            prefix={<LockOutlined />}
            placeholder={t("password.newPlaceholder")}
            autoComplete="new-password"
            maxLength={LOGIN_PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t("password.confirm")}
          dependencies={["password"]}
          rules={[formSchemaRule(resetPasswordForm, "confirm_password", text.lang)]}
        >
          <Input.Password
            id="confirm_password"
            prefix={<LockOutlined />}
            placeholder={t("password.confirmPlaceholder")}
            autoComplete="new-password"
            maxLength={LOGIN_PASSWORD_MAX}
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={saving}
          className="pc-auth-submit"
          data-testid="reset-submit"
        >
          {t("reset.submit")}
        </Button>
      </Form>
    </AuthShell>
  );
}
