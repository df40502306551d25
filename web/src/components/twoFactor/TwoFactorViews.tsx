/**
 * The parts of two-step verification that the account page and the sign-in page share: the authenticator app's
 * setup (QR code and key), the code field, and the recovery codes to copy or download
 * (docs/rules/sign-in.md#two-step-verification).
 */
import { CopyOutlined, DownloadOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { type TwoFactorSetup, twoFactorCodeInput } from "@pc/contract";
import { App, Button, Form, Input, QRCode, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../../i18n/messages.ts";
import { saveBlob } from "../saveBlob.ts";
import { schemaRule } from "../schemaRule.ts";
import "./twoFactor.css";

/** The key in groups of four, as authenticator apps show and take it. */
const groupedKey = (secret: string): string => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** Step one of a setup: the QR code of the `otpauth://` URI, and the key to type in by hand. */
export function TwoFactorSetupView({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  return (
    <div className="pc-2fa-setup">
      <QRCode
        value={setup.uri}
        size={176}
        bordered
        aria-label={t("twoFactor.qrLabel")}
        data-testid="two-factor-qr"
      />
      <div className="pc-2fa-setup-text">
        <Typography.Paragraph style={{ marginBottom: 8 }}>{t("twoFactor.scan")}</Typography.Paragraph>
        <Typography.Text type="secondary">{t("twoFactor.manual")}</Typography.Text>
        <Typography.Paragraph
          className="pc-2fa-key"
          copyable={{ text: setup.secret, tooltips: [t("twoFactor.copy"), t("twoFactor.copied")] }}
        >
          <span data-testid="two-factor-secret">{groupedKey(setup.secret)}</span>
        </Typography.Paragraph>
      </div>
    </div>
  );
}

export interface CodeValues {
  code: string;
}

/** The code field: the app's 6 digits, or (where `recovery`) a recovery code as well. */
export function CodeField({ recovery, autoFocus }: { recovery: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const text = useContractText();
  return (
    <Form.Item<CodeValues>
      name="code"
      label={t("twoFactor.code")}
      required
      rules={[schemaRule(twoFactorCodeInput, text.lang, { skipEmpty: false })]}
    >
      <Input
        id="two_factor_code"
        prefix={<SafetyCertificateOutlined />}
        placeholder={t(recovery ? "twoFactor.anyCodePlaceholder" : "twoFactor.codePlaceholder")}
        autoComplete="one-time-code"
        inputMode={recovery ? "text" : "numeric"}
        maxLength={recovery ? 32 : 7}
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}

/** Copies a text: the Clipboard API where the page may use it, else a selected text area (plain HTTP). */
async function copyText(value: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(value);
    return;
  }
  const area = document.createElement("textarea");
  area.value = value;
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

/** The recovery codes, shown once: each signs in once; copy them or download them as a text file. */
export function RecoveryCodesView({ codes, account }: { codes: readonly string[]; account: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const content = `${t("twoFactor.recoveryTitle")} · ${account}\n\n${codes.join("\n")}\n`;
  return (
    <div className="pc-2fa-recovery">
      <Typography.Paragraph type="secondary">{t("twoFactor.recoveryIntro")}</Typography.Paragraph>
      <ol className="pc-2fa-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button
          icon={<CopyOutlined />}
          onClick={() =>
            void copyText(codes.join("\n")).then(
              () => message.success(t("twoFactor.copied")),
              () => undefined,
            )
          }
        >
          {t("twoFactor.copy")}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            saveBlob(
              new Blob([content], { type: "text/plain;charset=utf-8" }),
              `${t("twoFactor.recoveryFile")}.txt`,
            )
          }
        >
          {t("twoFactor.download")}
        </Button>
      </Space>
    </div>
  );
}
