/**
 * The login screen (docs/rules/screens.md#login; docs/rules/validation.md#login): email, password, math
 * captcha with refresh, remember, forgot and register links, a debounced sign-in button, and the cookie
 * notice to accept after success. A user with two-step verification (or whose company requires it) then gives
 * a code on the second step (TwoFactorStep).
 */
import { LockOutlined, MailOutlined, SafetyOutlined } from "@ant-design/icons";
import {
  Code,
  captchaMoreData,
  EMAIL_MAX,
  EMAIL_PATTERN,
  LOGIN_PASSWORD_MAX,
  LOGIN_PASSWORD_MIN,
  type LoginAnswer,
  PASSWORD_PATTERN,
  type TwoFactorChallenge,
} from "@pc/contract";
import { usePrefetchQuery, useQuery } from "@tanstack/react-query";
import { Alert, App, Checkbox, Form, Input, Typography, theme } from "antd";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../api/client.ts";
import { passportApi } from "../../api/passport.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { PATHS, safeRedirect } from "../../app/paths.ts";
import { companyQuery, queryClient } from "../../app/queryClient.ts";
import { DebouncedButton } from "../../components/DebouncedButton.tsx";
import { storeLogin } from "../../session/actions.ts";
import { AUTH_FORM_LAYOUT } from "./AuthForm.tsx";
import { AuthShell } from "./AuthShell.tsx";
import { CaptchaInput, useCaptcha } from "./captcha.tsx";
import { callerSecret, encryptLoginForm } from "./loginPayload.ts";

/** The second step, in a chunk of its own: most sign-ins never need it, and the login page stays light. */
const TwoFactorStep = lazy(async () => ({ default: (await import("./TwoFactorStep.tsx")).TwoFactorStep }));

/** Remembered sign-in email (never the password: the browser's password manager keeps that). */
const REMEMBER_EMAIL_KEY = "login_email";

interface LoginValues {
  email: string;
  password: string;
  captcha_answer: string;
  remember: boolean;
}

const FORM_FIELDS = new Set<string>(["email", "password", "captcha_answer"]);

/**
 * Refusals of the sign-in itself (wrong credentials, a locked or frozen account): shown in the form until the
 * user edits it or signs in again, not in a toast that fades on a phone.
 */
const FORM_REFUSAL_CODES = new Set<number>([Code.Forbidden, Code.BadCredentials]);

/** The address asked for one more captcha: the pass the next try brings (604 `captchaMore`). */
function captchaPassOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== Code.ParamError) return null;
  const more = captchaMoreData.safeParse(error.data);
  return more.success ? more.data.captcha_pass : null;
}

/** The password was right and the second step is due: the challenge the server answered (code 609). */
function challengeOf(error: unknown): TwoFactorChallenge | null {
  if (!(error instanceof ApiError) || error.code !== Code.TwoFactorRequired) return null;
  const data = error.data;
  return typeof data === "object" && data !== null && "ticket" in data ? (data as TwoFactorChallenge) : null;
}

const publicKeyQuery = {
  queryKey: queryKeys.publicKey,
  queryFn: async () => (await passportApi.publicKey()).public_key,
  staleTime: Number.POSITIVE_INFINITY,
};

function rememberedEmail(): string {
  try {
    return localStorage.getItem(REMEMBER_EMAIL_KEY) ?? "";
  } catch {
    return "";
  }
}

function remember(email: string | null): void {
  try {
    if (email) localStorage.setItem(REMEMBER_EMAIL_KEY, email);
    else localStorage.removeItem(REMEMBER_EMAIL_KEY);
  } catch {
    // storage unavailable: nothing is remembered
  }
}

/** The email a page hands over when it sends the user here (registration: the new account's). */
export interface LoginState {
  email?: string;
}

export function handedEmail(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("email" in state)) return null;
  const email = (state as LoginState).email;
  return typeof email === "string" && email.trim() ? email.trim() : null;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const [form] = Form.useForm<LoginValues>();
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [captchaPass, setCaptchaPass] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<{ challenge: TwoFactorChallenge; email: string } | null>(null);
  const { data: company } = useQuery(companyQuery);
  const { captcha, refresh } = useCaptcha();
  // fetched ahead of the click, without rendering the form again when it arrives (a phone's CPU)
  usePrefetchQuery(publicKeyQuery);

  const brandName = company?.name || t("app.name");
  const remembered = rememberedEmail();
  const initialEmail = handedEmail(location.state) ?? remembered;

  const afterLogin = (answer: LoginAnswer) => {
    storeLogin(answer);
    modal.info({
      title: t("login.cookieTitle"),
      content: t("login.cookieContent"),
      okText: t("login.cookieAccept"),
      icon: <SafetyOutlined style={{ color: token.colorPrimary }} />,
      closable: false,
      keyboard: false,
      mask: { closable: false },
      centered: true,
      onOk: () => navigate(safeRedirect(searchParams.get("redirect"), PATHS.root), { replace: true }),
    });
  };

  const onFinish = async (values: LoginValues) => {
    if (!captcha) return;
    setSubmitting(true);
    setRefusal(null);
    // a pass is spent by the try that brings it, whatever its answer
    const pass = captchaPass;
    setCaptchaPass(null);
    try {
      let data: string;
      try {
        const publicKey = await queryClient.fetchQuery(publicKeyQuery);
        data = await encryptLoginForm(
          {
            email: values.email,
            password: values.password,
            captcha_id: captcha.captcha_id,
            captcha_answer: values.captcha_answer,
            captcha_pass: pass ?? undefined,
          },
          publicKey,
          callerSecret(),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) void message.error(t("login.encryptFailed"), 3);
        throw error;
      }
      const answer = await passportApi.login(data, {
        // a parameter error naming a field of this form goes on that field instead of a toast; the second
        // step is asked for on its own page
        quiet: (error) =>
          (error.code === 604 && error.field !== undefined && FORM_FIELDS.has(error.field)) ||
          FORM_REFUSAL_CODES.has(error.code) ||
          challengeOf(error) !== null,
      });
      remember(values.remember ? values.email.trim() : null);
      afterLogin(answer);
    } catch (error) {
      const challenge = challengeOf(error);
      if (challenge) {
        remember(values.remember ? values.email.trim() : null);
        setSecondStep({ challenge, email: values.email.trim() });
      }
      setCaptchaPass(captchaPassOf(error));
      if (error instanceof ApiError && FORM_REFUSAL_CODES.has(error.code)) setRefusal(error.message);
      // docs/rules/screens.md#login: a failed sign-in refreshes the captcha and clears its input
      const field = error instanceof ApiError ? error.field : undefined;
      form.setFields([
        {
          name: "captcha_answer",
          value: "",
          errors: field === "captcha_answer" && error instanceof ApiError ? [error.message] : [],
        },
      ]);
      if (error instanceof ApiError && field && field !== "captcha_answer" && FORM_FIELDS.has(field)) {
        form.setFields([{ name: field as keyof LoginValues, errors: [error.message] }]);
      }
      void refresh();
    } finally {
      setSubmitting(false);
    }
  };

  if (secondStep) {
    return (
      <Suspense
        fallback={
          <AuthShell title={t("twoFactor.loginTitle")} subtitle={secondStep.email}>
            {null}
          </AuthShell>
        }
      >
        <TwoFactorStep
          challenge={secondStep.challenge}
          email={secondStep.email}
          onBack={() => setSecondStep(null)}
          onSignedIn={afterLogin}
        />
      </Suspense>
    );
  }

  return (
    <AuthShell
      title={t("login.title")}
      subtitle={t("login.subtitle", { name: brandName })}
      footer={
        <>
          <Typography.Text type="secondary">{t("login.noAccount")}</Typography.Text>{" "}
          <Link to={PATHS.register}>{t("login.register")}</Link>
        </>
      }
    >
      <Form<LoginValues>
        {...AUTH_FORM_LAYOUT}
        form={form}
        autoComplete="on"
        initialValues={{ email: initialEmail, remember: Boolean(remembered) }}
        onFinish={(values) => void onFinish(values)}
        onValuesChange={() => setRefusal(null)}
        className="pc-login-form"
      >
        <Form.Item
          name="email"
          label={t("login.email")}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t("login.emailRequired") },
            {
              validator: (_, value: string | undefined) =>
                !value || (value.trim().length <= EMAIL_MAX && EMAIL_PATTERN.test(value.trim()))
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("login.emailFormat"))),
            },
          ]}
        >
          <Input
            id="email"
            prefix={<MailOutlined />}
            placeholder={t("login.emailPlaceholder")}
            autoComplete="username"
            inputMode="email"
            maxLength={EMAIL_MAX}
          />
        </Form.Item>

        <Form.Item
          name="password"
          label={t("login.password")}
          validateFirst
          rules={[
            { required: true, message: t("login.passwordRequired") },
            {
              min: LOGIN_PASSWORD_MIN,
              max: LOGIN_PASSWORD_MAX,
              message: t("login.passwordLength", { min: LOGIN_PASSWORD_MIN, max: LOGIN_PASSWORD_MAX }),
            },
            { pattern: PASSWORD_PATTERN, message: t("login.passwordPattern") },
          ]}
        >
          <Input.Password
            id="password"
            prefix={<LockOutlined />}
            placeholder={t("login.passwordPlaceholder")}
            autoComplete="current-password"
          />
        </Form.Item>

        <Form.Item
          name="captcha_answer"
          label={t("login.captcha")}
          rules={[{ required: true, whitespace: true, message: t("login.captchaRequired") }]}
        >
          <CaptchaInput captcha={captcha} onRefresh={() => void refresh()} />
        </Form.Item>

        <div className="pc-login-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox id="remember">{t("login.remember")}</Checkbox>
          </Form.Item>
          <Link to={PATHS.resetPassword}>{t("login.forgot")}</Link>
        </div>

        {refusal ? (
          <Alert
            type="error"
            showIcon
            title={refusal}
            className="pc-login-refusal"
            data-testid="login-refusal"
          />
        ) : null}

        <DebouncedButton
          type="primary"
          htmlType="submit"
          block
          loading={submitting}
          // a click before the captcha is shown would have nothing to answer; the button waits for it
          disabled={!captcha}
          className="pc-login-submit"
        >
          {t("login.submit")}
        </DebouncedButton>
      </Form>
    </AuthShell>
  );
}
