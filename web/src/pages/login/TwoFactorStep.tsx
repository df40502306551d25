/**
 * The second step of a sign-in (docs/rules/sign-in.md#two-step-verification), after the server answered the
 * password with 609: the code of the authenticator app or a recovery code; or, for a user whose company
 * requires two-step verification and who has not set it up, the app's QR code and key, then its first code,
 * then the recovery codes shown once. A ticket that has expired or was used up sends the user back to the
 * password.
 */
import { ArrowLeftOutlined } from "@ant-design/icons";
import { Code, type TwoFactorChallenge, type TwoFactorLoginAnswer } from "@pc/contract";
import { Alert, App, Button, Form, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client.ts";
import { passportApi } from "../../api/passport.ts";
import { busy } from "../../components/busy.ts";
import {
  CodeField,
  type CodeValues,
  RecoveryCodesView,
  TwoFactorSetupView,
} from "../../components/twoFactor/TwoFactorViews.tsx";
import { namedFieldOf, useFieldSave } from "../../components/useFieldSubmit.ts";
import { useContractText } from "../../i18n/messages.ts";
import { AUTH_FORM_LAYOUT } from "./AuthForm.tsx";
import { AuthShell } from "./AuthShell.tsx";

const codeField = namedFieldOf<"code">(["code"]);

/** The ticket of the step is no longer good (expired, used, spent by wrong codes): sign in again. */
const ticketGone = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === Code.ParamError && error.field === "ticket";

export function TwoFactorStep({
  challenge,
  email,
  onBack,
  onSignedIn,
}: {
  challenge: TwoFactorChallenge;
  email: string;
  onBack: () => void;
  onSignedIn: (answer: TwoFactorLoginAnswer) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const [form] = Form.useForm<CodeValues>();
  const { saving, save } = useFieldSave(form, codeField);
  const [newCodes, setNewCodes] = useState<{ answer: TwoFactorLoginAnswer; codes: string[] } | null>(null);
  const { setup } = challenge;

  const onFinish = ({ code }: CodeValues) =>
    void save(async (options) => {
      try {
        const answer = await passportApi.twoFactorLogin(challenge.ticket, code.trim(), {
          quiet: (error) => ticketGone(error) || (options.quiet?.(error) ?? false),
        });
        const codes = answer.recovery_codes ?? [];
        if (codes.length > 0) setNewCodes({ answer, codes });
        else onSignedIn(answer);
      } catch (error) {
        if (ticketGone(error)) {
          void message.warning(error.message, 3);
          onBack();
        }
        throw error;
      }
    });

  if (newCodes) {
    return (
      <AuthShell title={t("twoFactor.recoveryTitle")} subtitle={email} testId="two-factor-recovery">
        <div className="pc-2fa-login">
          <RecoveryCodesView codes={newCodes.codes} account={email} />
          <Button
            type="primary"
            size="large"
            block
            onClick={() => onSignedIn(newCodes.answer)}
            data-testid="two-factor-continue"
          >
            {t("twoFactor.savedContinue")}
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t(setup ? "twoFactor.enrolTitle" : "twoFactor.loginTitle")}
      subtitle={t(setup ? "twoFactor.enrolSubtitle" : "twoFactor.loginSubtitle", { email })}
      testId="two-factor-step"
      footer={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="two-factor-back">
          {t("twoFactor.back")}
        </Button>
      }
    >
      <Form<CodeValues>
        {...AUTH_FORM_LAYOUT}
        form={form}
        autoComplete="off"
        onFinish={onFinish}
        className="pc-login-form pc-2fa-login"
      >
        {setup && (
          <>
            <Alert type="info" showIcon title={text.message("twoFactorEnrolRequired")} />
            <TwoFactorSetupView setup={setup} />
            <Typography.Paragraph>{t("twoFactor.enterCode")}</Typography.Paragraph>
          </>
        )}
        <CodeField recovery={!setup} autoFocus />
        {!setup && (
          <Typography.Paragraph type="secondary" className="pc-2fa-help">
            {t("twoFactor.loginHelp")}
          </Typography.Paragraph>
        )}
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={busy(saving)}
          className="pc-login-submit"
          data-testid="two-factor-submit"
        >
          {t(setup ? "twoFactor.enrolVerify" : "twoFactor.verify")}
        </Button>
      </Form>
    </AuthShell>
  );
}
