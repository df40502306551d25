/**
 * Registration (`/register`, open without a token, from the login page): a new publisher company with the
 * registrant as its super admin (docs/rules/sign-in.md#password-calls). Company name, the registrant's name,
 * the email confirmed by an emailed code (sent after a captcha), and a password by the sign-in rules with its
 * confirmation. Success goes to sign in with the email filled in.
 */
import { ArrowLeftOutlined, BankOutlined, UserOutlined } from "@ant-design/icons";
import { ACCOUNT_NAME_MAX, COMPANY_NAME_MAX, EmailCodePurpose, registerForm } from "@pc/contract";
import { App, Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { passwordApi } from "../../api/accounts.ts";
import { passwordDigest } from "../../api/digest.ts";
import { PATHS } from "../../app/paths.ts";
import { NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { formSchemaRule } from "../../components/schemaRule.ts";
import { namedFieldOf, useFieldSubmit } from "../../components/useFieldSubmit.ts";
import { useContractText } from "../../i18n/messages.ts";
import { AuthForm } from "../login/AuthForm.tsx";
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

const fieldOf = namedFieldOf<keyof RegisterValues>([
  "company_name",
  "user_name",
  "email",
  "code",
  "password",
]);

export default function RegisterPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const { saving, onFinish } = useFieldSubmit(form, fieldOf, async (values, options) => {
    const email = values.email.trim();
    await passwordApi.register(
      {
        company_name: values.company_name.trim(),
        user_name: values.user_name.trim(),
        email,
        password: passwordDigest(values.password),
        code: values.code.trim(),
      },
      options,
    );
    void message.success(t("register.done"), 4);
    navigate(PATHS.login, { replace: true, state: { email } satisfies LoginState });
  });

  return (
    <AuthShell
      title={t("register.title")}
      subtitle={t("register.subtitle")}
      testId="register-page"
      footer={
        <>
          <Typography.Text type="secondary">{t("register.haveAccount")}</Typography.Text>{" "}
          <Link to={PATHS.login} className="pc-auth-back">
            <ArrowLeftOutlined />
            {t("register.toLogin")}
          </Link>
        </>
      }
    >
      <AuthForm
        form={form}
        onFinish={onFinish}
        saving={saving}
        submitText={t("register.submit")}
        submitTestId="register-submit"
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
        <NewPasswordFields
          schema={registerForm}
          name="password"
          label={t("login.password")}
          placeholder={t("login.passwordPlaceholder")}
        />
      </AuthForm>
    </AuthShell>
  );
}
