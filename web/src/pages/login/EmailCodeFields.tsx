/**
 * The emailed-code part of the reset-password and register forms (docs/rules/sign-in.md#password-calls): the
 * email, the math captcha that guards the send, and the 6-digit code beside a send button that waits 60 s
 * before it sends again. Each send spends the captcha, so a new one is shown after every try.
 */
import { MailOutlined, NumberOutlined, SendOutlined } from "@ant-design/icons";
import {
  captchaAnswerText,
  EMAIL_CODE_LENGTH,
  EMAIL_MAX,
  EmailCodePurpose,
  type EmailCodePurposeValue,
  formatMessage,
} from "@pc/contract";
import { App, Button, Form, Input } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { passwordApi } from "../../api/accounts.ts";
import { ApiError } from "../../api/client.ts";
import type { ParseSchema } from "../../components/schemaRule.ts";
import { formSchemaRule, schemaRule } from "../../components/schemaRule.ts";
import { useContractText } from "../../i18n/messages.ts";
import { CaptchaInput, useCaptcha } from "./captcha.tsx";
import { useCountdown } from "./countdown.ts";

export interface EmailCodeValues {
  email: string;
  captcha_answer: string;
  code: string;
}

const SEND_FIELDS = ["email", "captcha_answer"] as const;
type SendField = (typeof SEND_FIELDS)[number];
const isSendField = (field: string | undefined): field is SendField =>
  field === "email" || field === "captcha_answer";

export function EmailCodeFields({
  purpose,
  schema,
}: {
  purpose: EmailCodePurposeValue;
  /** The page's form schema; the email and code fields are checked by it. */
  schema: ParseSchema;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const form = Form.useFormInstance<EmailCodeValues>();
  const { captcha, refresh } = useCaptcha();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  /** The captcha is required only to send a code, not to submit the form. */
  const checkingCaptcha = useRef(false);
  const captchaRule = schemaRule(captchaAnswerText, text.lang, { skipEmpty: false });

  const send = async () => {
    checkingCaptcha.current = true;
    try {
      await form.validateFields([...SEND_FIELDS]);
    } catch {
      return;
    } finally {
      checkingCaptcha.current = false;
    }
    if (!captcha) return;
    setSending(true);
    let refusal: { field: SendField; message: string } | null = null;
    try {
      const answer = await passwordApi.sendEmailCode(
        {
          email: form.getFieldValue("email"),
          purpose,
          captcha_id: captcha.captcha_id,
          captcha_answer: form.getFieldValue("captcha_answer"),
        },
        { quiet: (error) => isSendField(error.field) },
      );
      const key = purpose === EmailCodePurpose.Reset ? "emailCodeSentReset" : "emailCodeSentRegister";
      void message.success(
        formatMessage(text.message(key), { minutes: Math.max(1, Math.round(answer.expires_in / 60)) }),
        4,
      );
      setSent(true);
      countdown.start();
      document.getElementById("code")?.focus();
    } catch (error) {
      if (error instanceof ApiError && isSendField(error.field)) {
        refusal = { field: error.field, message: error.message };
      }
    } finally {
      setSending(false);
      // the captcha was spent, right or wrong
      form.setFields([{ name: "captcha_answer", value: "", errors: [] }]);
      void refresh();
    }
    if (refusal) form.setFields([{ name: refusal.field, errors: [refusal.message] }]);
  };

  const waiting = countdown.left > 0;
  const sendLabel = waiting
    ? t("password.resendIn", { seconds: countdown.left })
    : sent
      ? t("password.resend")
      : t("password.sendCode");

  return (
    <>
      <Form.Item
        name="email"
        label={t("login.email")}
        required
        rules={[formSchemaRule(schema, "email", text.lang)]}
      >
        <Input
          id="email"
          prefix={<MailOutlined />}
          placeholder={t("login.emailPlaceholder")}
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX}
        />
      </Form.Item>

      <Form.Item
        name="captcha_answer"
        label={t("login.captcha")}
        required
        extra={t("password.captchaHelp")}
        rules={[
          {
            validator: (rule: unknown, value: unknown) =>
              checkingCaptcha.current ? captchaRule.validator(rule, value) : Promise.resolve(),
          },
        ]}
      >
        <CaptchaInput captcha={captcha} onRefresh={() => void refresh()} />
      </Form.Item>

      <Form.Item label={t("password.code")} htmlFor="code" required>
        <div className="pc-code-row">
          <Form.Item name="code" noStyle rules={[formSchemaRule(schema, "code", text.lang)]}>
            <Input
              id="code"
              prefix={<NumberOutlined />}
              placeholder={t("password.codePlaceholder")}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={EMAIL_CODE_LENGTH}
            />
          </Form.Item>
          <Button
            icon={<SendOutlined />}
            onClick={() => void send()}
            loading={sending}
            disabled={waiting || !captcha}
            className="pc-code-send"
            data-testid="send-code"
          >
            {sendLabel}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}
