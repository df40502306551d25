/**
 * Registration (`/register`, open without a token, from the login page): a new publisher company with the
 * registrant as its super admin (DESIGN §5 Password calls). Company name, the registrant's name, the email
 * confirmed by an emailed code (sent after a captcha), and a password by the sign-in rules with its
 * confirmation. Success goes to sign in with the email filled in.
 */
import { ArrowLeftOutlined, BankOutlined, LockOutlined, UserOutlined } from "@ant-design/icons";
import {
  ACCOUNT_NAME_MAX,
  COMPANY_NAME_MAX,
  EmailCodePurpose,
  LOGIN_PASSWORD_MAX,
  registerForm,
} from "@pc/contract";
import { App, Button, Form, Input, Typography } from "antd";
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

interface RegisterValues {
  company_name: string;
  user_name: string;
  email: string;
  captcha_answer: string;
  code: string;
  password: string;
  confirm_password: string;
}

const FORM_FIELDS: ReadonlySet<string> = new Set(["company_name", "user_name", "email", "code", "password"]);

export default function RegisterPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: RegisterValues) => {
    setSaving(true);
    const email = values.email.trim();
    try {
      await passwordApi.register(
        {
          company_name: values.company_name.trim(),
          user_name: values.user_name.trim(),
          email,
          password: passwordDigest(values.password),
          code: values.code.trim(),
        },
        { quiet: (error) => error.field !== undefined && FORM_FIELDS.has(error.field) },
      );
      void message.success(t("register.done"), 4);
      navigate(LOGIN_PATH, { replace: true, state: { email } satisfies LoginState });
    } catch (error) {
      if (error instanceof ApiError && error.field && FORM_FIELDS.has(error.field)) {
        form.setFields([{ name: error.field as keyof RegisterValues, errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <AuthShell
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      testId="register-page"
      footer={
        <>
          <Typography.Text type="secondary">{t("register.haveAccount")}</Typography.Text>{" "}
          <Link to={LOGIN_PATH} className="pc-auth-back">
            <ArrowLeftOutlined />
            {t("register.toLogin")}
          </Link>
        </>
      }
    >
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        autoComplete="off"
        onFinish={(values) => void onFinish(values)}
        className="pc-auth-form"
      >
        <Form.Item
          name="company_name"
          label={t("register.companyName")}
          rules={[formSchemaRule(registerForm, "company_name", text.lang)]}
        >
          <Input
            id="company_name"
            prefix={<BankOutlined />}
            placeholder={t("register.companyNamePlaceholder")}
            autoComplete="organization"
            maxLength={COMPANY_NAME_MAX}
          />
        </Form.Item>
        <Form.Item
          name="user_name"
          label={t("register.userName")}
          rules={[formSchemaRule(registerForm, "user_name", text.lang)]}
        >
          <Input
            id="user_name"
            prefix={<UserOutlined />}
            placeholder={t("register.userNamePlaceholder")}
            autoComplete="name"
            maxLength={ACCOUNT_NAME_MAX}
          />
        </Form.Item>
        <EmailCodeFields purpose={EmailCodePurpose.Register} schema={registerForm} />
        <Form.Item
          name="password"
          label={t("login.password")}
          rules={[formSchemaRule(registerForm, "password", text.lang)]}
          extra={t("password.rule")}
        >
          <Input.Password
            id="password"
            prefix={<LockOutlined />}
            placeholder={t("login.passwordPlaceholder")}
            autoComplete="new-password"
            maxLength={LOGIN_PASSWORD_MAX}
          />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t("password.confirm")}
          dependencies={["password"]}
          rules={[formSchemaRule(registerForm, "confirm_password", text.lang)]}
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
          data-testid="register-submit"
        >
          {t("register.submit")}
        </Button>
      </Form>
    </AuthShell>
  );
}
