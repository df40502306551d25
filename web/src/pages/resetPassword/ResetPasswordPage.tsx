/**
 * Reset password (`/resetPassword`, open without a token, from the login page's forgot-password link): the
 * email, a captcha to send a 6-digit code to it, the code and a new password by the sign-in rules with its
 * confirmation. Success signs out every session of the account and goes back to sign in.
 */
import { ArrowLeftOutlined } from "@ant-design/icons";
import { EmailCodePurpose, resetPasswordForm } from "@pc/contract";
import { App, Form } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { passwordApi } from "../../api/accounts.ts";
import { passwordDigest } from "../../api/digest.ts";
import { PATHS } from "../../app/paths.ts";
import { NewPasswordFields } from "../../components/NewPasswordFields.tsx";
import { namedFieldOf, useFieldSubmit } from "../../components/useFieldSubmit.ts";
import { AuthForm } from "../login/AuthForm.tsx";
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

const fieldOf = namedFieldOf<keyof ResetValues>(["email", "code", "password"]);

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const { saving, onFinish } = useFieldSubmit(form, fieldOf, async (values, options) => {
    await passwordApi.reset(
      { email: values.email.trim(), code: values.code.trim(), password: passwordDigest(values.password) },
      options,
    );
    void message.success(t("reset.done"), 4);
    navigate(PATHS.login, { replace: true, state: { email: values.email.trim() } satisfies LoginState });
  });

  return (
    <AuthShell
      title={t("reset.title")}
      subtitle={t("reset.subtitle")}
      testId="reset-page"
      footer={
        <Link to={PATHS.login} className="pc-auth-back">
          <ArrowLeftOutlined />
          {t("reset.backToLogin")}
        </Link>
      }
    >
      <AuthForm
        form={form}
        onFinish={onFinish}
        saving={saving}
        submitText={t("reset.submit")}
        submitTestId="reset-submit"
      >
        <EmailCodeFields purpose={EmailCodePurpose.Reset} schema={resetPasswordForm} />
        <NewPasswordFields
          schema={resetPasswordForm}
          name="password"
          label={t("reset.password")}
          placeholder={t("password.newPlaceholder")}
        />
      </AuthForm>
    </AuthShell>
  );
}
