/**
 * Two-step verification on the account page (docs/rules/sign-in.md#two-step-verification): off, it offers to
 * turn it on (the app's QR code and key, confirmed by the app's first code, then the recovery codes shown
 * once); on, it tells since when and how many recovery codes are left, and offers new recovery codes and
 * turning it off, each with a current code. A company that requires it cannot have it turned off.
 */
import { SafetyCertificateOutlined } from "@ant-design/icons";
import type { TwoFactorSetup } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Modal, Skeleton, Space, Tag, Tooltip, Typography } from "antd";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RequestOptions } from "../../api/client.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { twoFactorApi } from "../../api/twoFactor.ts";
import { busy } from "../../components/busy.ts";
import {
  CodeField,
  type CodeValues,
  RecoveryCodesView,
  TwoFactorSetupView,
} from "../../components/twoFactor/TwoFactorViews.tsx";
import { namedFieldOf, useFieldSave } from "../../components/useFieldSubmit.ts";

type Dialog = "on" | "off" | "codes" | null;

const codeField = namedFieldOf<"code">(["code"]);

/**
 * A dialog asking for a code: `submit` answers recovery codes to show (then Done closes it) or null (it closes at
 * once). A refused code shows on its field.
 */
function CodeDialog({
  title,
  intro,
  recovery,
  account,
  okText,
  testId,
  onClose,
  submit,
}: {
  title: ReactNode;
  intro: ReactNode;
  recovery: boolean;
  account: string;
  okText: ReactNode;
  testId: string;
  onClose: (changed: boolean) => void;
  submit: (code: string, options: RequestOptions) => Promise<string[] | null>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { saving, save } = useFieldSave(form, codeField);

  const onFinish = ({ code }: CodeValues) =>
    void save(async (options) => {
      const answered = await submit(code.trim(), options);
      if (answered) setCodes(answered);
      else onClose(true);
    });

  return (
    <Modal
      open
      title={codes ? t("twoFactor.recoveryTitle") : title}
      onCancel={() => onClose(codes !== null)}
      maskClosable={false}
      destroyOnHidden
      footer={
        codes ? (
          <Button type="primary" onClick={() => onClose(true)} data-testid="two-factor-done">
            {t("twoFactor.done")}
          </Button>
        ) : (
          <Space>
            <Button onClick={() => onClose(false)}>{t("common.cancel")}</Button>
            <Button
              type="primary"
              loading={busy(saving)}
              onClick={() => form.submit()}
              data-testid={`${testId}-submit`}
            >
              {okText}
            </Button>
          </Space>
        )
      }
    >
      {codes ? (
        <RecoveryCodesView codes={codes} account={account} />
      ) : (
        <Form<CodeValues> form={form} layout="vertical" autoComplete="off" onFinish={onFinish}>
          {intro}
          <CodeField recovery={recovery} autoFocus />
        </Form>
      )}
    </Modal>
  );
}

/** Turning it on: the setup is asked for when the dialog opens (a new pending key each time). */
function EnableDialog({ account, onClose }: { account: string; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const { data: setup, isError } = useQuery<TwoFactorSetup>({
    queryKey: queryKeys.twoFactor.setup,
    queryFn: () => twoFactorApi.setup(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  // a refused setup (the client showed why) closes the dialog
  useEffect(() => {
    if (isError) onClose(false);
  }, [isError, onClose]);
  return (
    <CodeDialog
      title={t("twoFactor.setupTitle")}
      intro={
        setup ? (
          <>
            <TwoFactorSetupView setup={setup} />
            <Typography.Paragraph>{t("twoFactor.enterCode")}</Typography.Paragraph>
          </>
        ) : (
          <Skeleton active paragraph={{ rows: 4 }} />
        )
      }
      recovery={false}
      account={account}
      okText={t("twoFactor.confirm")}
      testId="two-factor-enable"
      onClose={onClose}
      submit={async (code, options) => (await twoFactorApi.enable(code, options)).recovery_codes}
    />
  );
}

export function TwoFactorCard({ account }: { account: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const { data: status, refetch } = useQuery({
    queryKey: queryKeys.twoFactor.status,
    queryFn: () => twoFactorApi.status(),
    staleTime: 0,
    gcTime: 0,
  });

  const close = (changed: boolean) => {
    setDialog(null);
    if (changed) void refetch();
  };

  const head = (
    <Space>
      <SafetyCertificateOutlined />
      {t("twoFactor.title")}
      {status && (
        <Tag color={status.enabled ? "success" : "default"} data-testid="two-factor-state">
          {status.enabled ? t("twoFactor.on") : t("twoFactor.off")}
        </Tag>
      )}
      {status?.required && <Tag color="gold">{t("twoFactor.requiredByCompany")}</Tag>}
    </Space>
  );

  return (
    <Card className="pc-account-card pc-2fa-card" title={head} data-testid="two-factor-card">
      {!status ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t("twoFactor.intro")}</Typography.Paragraph>
          {status.required && !status.enabled && (
            <Alert type="warning" showIcon title={t("twoFactor.requiredOff")} style={{ marginBottom: 16 }} />
          )}
          {status.enabled ? (
            <>
              <Typography.Paragraph>
                {status.enabled_time && t("twoFactor.since", { time: status.enabled_time })}
                {" · "}
                <span data-testid="recovery-codes-left">
                  {t("twoFactor.codesLeft", { count: status.recovery_codes_left })}
                </span>
              </Typography.Paragraph>
              <Space wrap>
                <Button onClick={() => setDialog("codes")} data-testid="two-factor-new-codes">
                  {t("twoFactor.newCodes")}
                </Button>
                <Tooltip title={status.required ? t("twoFactor.cannotTurnOff") : undefined}>
                  <Button
                    danger
                    disabled={status.required}
                    onClick={() => setDialog("off")}
                    data-testid="two-factor-disable"
                  >
                    {t("twoFactor.turnOff")}
                  </Button>
                </Tooltip>
              </Space>
            </>
          ) : (
            <Button type="primary" onClick={() => setDialog("on")} data-testid="two-factor-turn-on">
              {t("twoFactor.turnOn")}
            </Button>
          )}
        </>
      )}
      {dialog === "on" && <EnableDialog account={account} onClose={close} />}
      {dialog === "off" && (
        <CodeDialog
          title={t("twoFactor.offTitle")}
          intro={<Typography.Paragraph>{t("twoFactor.offIntro")}</Typography.Paragraph>}
          recovery
          account={account}
          okText={t("twoFactor.turnOff")}
          testId="two-factor-disable"
          onClose={close}
          submit={async (code, options) => {
            await twoFactorApi.disable(code, options);
            void message.success(t("twoFactor.turnedOff"));
            return null;
          }}
        />
      )}
      {dialog === "codes" && (
        <CodeDialog
          title={t("twoFactor.newCodesTitle")}
          intro={<Typography.Paragraph>{t("twoFactor.newCodesIntro")}</Typography.Paragraph>}
          recovery
          account={account}
          okText={t("twoFactor.confirm")}
          testId="two-factor-new-codes"
          onClose={close}
          submit={async (code, options) =>
            (await twoFactorApi.renewRecoveryCodes(code, options)).recovery_codes
          }
        />
      )}
    </Card>
  );
}
