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
      <CopyableCode label={t("apiKeys.secretLabel")} value={secret} name="secret" />
      <CopyableCode label={t("apiKeys.curlLabel")} value={curl} name="curl" />
      <Typography.Text type="secondary">
        {t("apiKeys.docsHint")}{" "}
        <a href="/docs" target="_blank" rel="noreferrer">
          /docs
        </a>
      </Typography.Text>
    </Modal>
  );
}

/** A labelled value in code type with a copy button; `name` picks its class (`pc-api-key-…`) and test id. */
function CopyableCode({ label, value, name }: { label: string; value: string; name: "secret" | "curl" }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="pc-api-key-label">{label}</div>
      <Typography.Paragraph
        code
        copyable={{ text: value, tooltips: [t("apiKeys.copy"), t("apiKeys.copied")] }}
        className={`pc-api-key-${name}`}
        data-testid={`api-key-${name}`}
      >
        {value}
      </Typography.Paragraph>
    </>
  );
}
