/**
 * API keys (docs/api.md#reporting-api): a company's super admins create read-only keys of the reporting API
 * (the secret shown once), see each key's scopes, status and last use, and revoke one after a confirmation.
 */
import { type ApiKeyCreateAnswer, type ApiKeyRow, ApiKeyStatus, type ApiKeyStatusValue } from "@pc/contract";
import type { TableColumnsType } from "antd";
import { Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiKeysApi } from "../../api/apiKeys.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { DESKTOP_ONLY, ListPage } from "../../components/ListPage.tsx";
import { RowActions } from "../../components/RowActions.tsx";
import { useConfirmAction } from "../../components/useConfirmDelete.tsx";
import { useListDialog } from "../../components/useListDialog.ts";
import { usePagedList } from "../../components/usePagedList.ts";
import { CreateKeyDialog } from "./CreateKeyDialog.tsx";
import { SecretDialog } from "./SecretDialog.tsx";
import "./apiKeys.css";

const STATUS_COLORS: Record<ApiKeyStatusValue, string> = {
  [ApiKeyStatus.Active]: "green",
  [ApiKeyStatus.Expired]: "orange",
  [ApiKeyStatus.Revoked]: "default",
};

export default function ApiKeysPage() {
  const { t } = useTranslation();
  const confirm = useConfirmAction();
  const create = useListDialog<null>(null);
  const [created, setCreated] = useState<ApiKeyCreateAnswer | null>(null);
  const list = usePagedList<object, ApiKeyRow>({
    queryKey: queryKeys.apiKeys.list,
    initialFilters: {},
    fetch: (params) => apiKeysApi.list(params),
  });

  const askRevoke = (row: ApiKeyRow) =>
    confirm({
      content: t("apiKeys.revokeConfirm", { name: row.name }),
      cancelled: t("apiKeys.revokeCancelled"),
      danger: true,
      run: () => apiKeysApi.revoke(row.id),
      onDone: () => void list.query.refetch(),
    });

  const columns: TableColumnsType<ApiKeyRow> = [
    { title: t("apiKeys.columns.name"), dataIndex: "name", fixed: "left", width: 180, ellipsis: true },
    {
      title: t("apiKeys.columns.key"),
      dataIndex: "key_prefix",
      width: 200,
      responsive: DESKTOP_ONLY,
      render: (prefix: string) => (
        <Typography.Text code className="pc-nowrap">{`${prefix}…`}</Typography.Text>
      ),
    },
    {
      title: t("apiKeys.columns.scopes"),
      dataIndex: "scopes",
      width: 200,
      responsive: DESKTOP_ONLY,
      render: (scopes: ApiKeyRow["scopes"]) =>
        scopes.map((scope) => <Tag key={scope}>{t(`apiKeys.scope.${scope}`)}</Tag>),
    },
    {
      title: t("apiKeys.columns.status"),
      dataIndex: "status",
      width: 100,
      render: (status: ApiKeyStatusValue) => (
        <Tag color={STATUS_COLORS[status]} data-status={status}>
          {t(`apiKeys.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t("apiKeys.columns.lastUsed"),
      dataIndex: "last_used_time",
      width: 170,
      render: (time: string | null) => time ?? <span className="pc-muted">{t("apiKeys.neverUsed")}</span>,
    },
    {
      title: t("apiKeys.columns.expiresOn"),
      dataIndex: "expires_on",
      width: 120,
      responsive: DESKTOP_ONLY,
      render: (day: string | null) => day ?? <span className="pc-muted">{t("apiKeys.noExpiry")}</span>,
    },
    {
      title: t("apiKeys.columns.created"),
      key: "created",
      width: 190,
      responsive: DESKTOP_ONLY,
      render: (_, row) => (
        <>
          <div>{row.create_user_name ?? "-"}</div>
          <Typography.Text type="secondary">{row.create_time}</Typography.Text>
        </>
      ),
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 100,
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: "revoke",
              label: t("apiKeys.revoke"),
              danger: true,
              disabled: row.status === ApiKeyStatus.Revoked,
              onClick: () => askRevoke(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<ApiKeyRow>
      intro={<Typography.Paragraph className="pc-api-key-intro">{t("apiKeys.intro")}</Typography.Paragraph>}
      title={t("route.apiKeys")}
      add={{ label: t("apiKeys.add"), testId: "add-api-key", onClick: () => create.show(null) }}
      rowKey="id"
      columns={columns}
      list={list}
      scrollX={1160}
    >
      <CreateKeyDialog
        key={create.seq}
        open={create.open}
        onClose={create.close}
        onSaved={(answer) => {
          setCreated(answer);
          void list.query.refetch();
        }}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </ListPage>
  );
}
