/** A new key's secret, shown this once with a copy button and a curl example of the reporting API. */
import type { ApiKeyCreateAnswer } from "@pc/contract";
import { Alert, Button, Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { curlOf } from "./apiKeyForm.ts";

export function SecretDialog({
  created,
  onClose,
}: {
  created: ApiKeyCreateAnswer | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const secret = created?.secret ?? "";
  const curl = created ? curlOf(window.location.origin, created.key.scopes, secret) : "";
  return (
    <Modal
      open={created !== null}
      title={t("apiKeys.secretTitle", { name: created?.key.name ?? "" })}
      width={640}
      mask={{ closable: false }}
      closable={false}
      keyboard={false}
      destroyOnHidden
      data-testid="api-key-secret-dialog"
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t("apiKeys.secretDone")}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t("apiKeys.secretWarning")} className="pc-api-key-alert" />
      <div className="pc-api-key-label">{t("apiKeys.secretLabel")}</div>
      <Typography.Paragraph
        code
        copyable={{ text: secret, tooltips: [t("apiKeys.copy"), t("apiKeys.copied")] }}
        className="pc-api-key-secret"
        data-testid="api-key-secret"
      >
        {secret}
      </Typography.Paragraph>
      <div className="pc-api-key-label">{t("apiKeys.curlLabel")}</div>
      <Typography.Paragraph
        code
        copyable={{ text: curl, tooltips: [t("apiKeys.copy"), t("apiKeys.copied")] }}
        className="pc-api-key-curl"
        data-testid="api-key-curl"
      >
        {curl}
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        {t("apiKeys.docsHint")}{" "}
        <a href="/docs" target="_blank" rel="noreferrer">
          /docs
        </a>
      </Typography.Text>
    </Modal>
  );
}
