/**
 * Account management (spec §2 Account management, §6, §7 Accounts): search by name with reset, add, and a
 * paged table of user name, login email, status, created and modified dates, reviser and actions. Freeze/thaw
 * and delete are hidden on administrator and super admin rows (and one's own); edit is always shown.
 */
import { ExclamationCircleFilled, PlusOutlined } from "@ant-design/icons";
import { AccountStatus, accountRowActions, type UserRow, userListQuery } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { App, Button, Card, Form, Input, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accountsApi } from "../../api/accounts.ts";
import { userApi } from "../../api/passport.ts";
import { queryClient, userInfoKey, userInfoQuery } from "../../app/queryClient.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { schemaRule } from "../../components/schemaRule.ts";
import { useConfirmDelete } from "../../components/useConfirmDelete.tsx";
import { usePagedList } from "../../components/usePagedList.ts";
import { useContractText } from "../../i18n/messages.ts";
import { getToken, setUserInfo } from "../../session/session.ts";
import { AccountDialog } from "./AccountDialog.tsx";
import { datePart } from "./accountForm.ts";
import "../../components/listPage.css";

interface FilterValues {
  name: string;
}

const EMPTY_FILTERS: FilterValues = { name: "" };
const NO_FILTERS = normalizeFilters(EMPTY_FILTERS);

/** After one's own row was edited, the top bar and watermark show the new name. */
async function refreshOwnInfo(): Promise<void> {
  const token = getToken();
  try {
    const user = await userApi.userInfo();
    setUserInfo(user);
    queryClient.setQueryData(userInfoKey(token), user);
  } catch {
    // the client has shown why; the cached info stays until the next sign-in
  }
}

export default function AccountManagementPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { modal, message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const token = getToken();
  const { data: me } = useQuery({ ...userInfoQuery(token), enabled: Boolean(token) });
  const [form] = Form.useForm<FilterValues>();
  const [dialog, setDialog] = useState<{ open: boolean; account: UserRow | null; seq: number }>({
    open: false,
    account: null,
    seq: 0,
  });
  const list = usePagedList({
    queryKey: "accounts",
    initialFilters: NO_FILTERS,
    fetch: (params) => accountsApi.list(params),
  });
  const accountId = me?.account_id;

  const openDialog = (account: UserRow | null) =>
    setDialog((current) => ({ open: true, account, seq: current.seq + 1 }));

  const onSearch = () => {
    const filters = normalizeFilters(form.getFieldsValue());
    form.setFieldsValue({ name: filters.name ?? "" });
    list.search(filters);
  };

  const onReset = () => {
    form.resetFields();
    list.reset(NO_FILTERS);
  };

  const toggleStatus = (row: UserRow) => {
    if (accountId === undefined) return;
    const freezing = row.status !== AccountStatus.Frozen;
    modal.confirm({
      title: t("common.notice"),
      icon: <ExclamationCircleFilled />,
      content: text.message(freezing ? "accountFreezeConfirm" : "accountThawConfirm"),
      okText: t("common.ok"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: freezing },
      onCancel: () => {
        void message.info(t("accounts.cancelled"));
      },
      onOk: async () => {
        try {
          await accountsApi.setStatus(
            row.user_id,
            accountId,
            freezing ? AccountStatus.Frozen : AccountStatus.Normal,
          );
        } catch {
          return; // the client has shown the server's message
        }
        void message.success(text.success);
        void list.query.refetch();
      },
    });
  };

  const columns: TableColumnsType<UserRow> = [
    { title: t("accounts.columns.userName"), dataIndex: "user_name", ellipsis: true },
    { title: t("accounts.columns.email"), dataIndex: "email", ellipsis: true },
    {
      title: t("accounts.columns.status"),
      dataIndex: "status",
      width: 110,
      render: (status: UserRow["status"]) =>
        status === AccountStatus.Frozen ? (
          <Tag color="error">{t("accounts.status.frozen")}</Tag>
        ) : (
          <Tag color="success">{t("accounts.status.normal")}</Tag>
        ),
    },
    {
      title: t("accounts.columns.createTime"),
      dataIndex: "create_time",
      width: 130,
      render: (time: string) => <span className="pc-nowrap">{datePart(time)}</span>,
    },
    {
      title: t("accounts.columns.modifyTime"),
      dataIndex: "modify_time",
      width: 130,
      render: (time: string) => <span className="pc-nowrap">{datePart(time)}</span>,
    },
    {
      title: t("accounts.columns.reviser"),
      dataIndex: "modify_user_name",
      ellipsis: true,
      render: (name: string | null) => name ?? <span className="pc-muted">-</span>,
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 200,
      render: (_, row) => {
        const allowed = accountRowActions(row, me?.user_id ?? 0);
        const frozen = row.status === AccountStatus.Frozen;
        return (
          <RowActions
            actions={[
              {
                key: frozen ? "thaw" : "freeze",
                label: frozen ? t("accounts.thaw") : t("accounts.freeze"),
                hidden: !allowed.freeze,
                onClick: () => toggleStatus(row),
              },
              { key: "edit", label: t("common.edit"), onClick: () => openDialog(row) },
              {
                key: "delete",
                label: t("common.delete"),
                danger: true,
                hidden: !allowed.remove,
                onClick: () => {
                  if (accountId === undefined) return;
                  confirmDelete(() => accountsApi.remove([row.user_id], accountId), list.afterDelete);
                },
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <div className="pc-list-page">
      <Card className="pc-list-card">
        <FilterBar form={form} initialValues={EMPTY_FILTERS} onSearch={onSearch} onReset={onReset}>
          <Form.Item
            name="name"
            label={t("accounts.userName")}
            rules={[schemaRule(userListQuery.shape.name, text.lang)]}
          >
            <Input placeholder={t("accounts.userNamePlaceholder")} allowClear id="filter-name" />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <h2 className="pc-list-title">{t("route.accountManagement")}</h2>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openDialog(null)}
            data-testid="add-account"
          >
            {t("accounts.add")}
          </Button>
        </div>
        <Table<UserRow>
          rowKey="user_id"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          scroll={{ x: 960 }}
        />
      </Card>
      <AccountDialog
        key={dialog.seq}
        open={dialog.open}
        account={dialog.account}
        accountId={accountId}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        onSaved={(account) => {
          void list.query.refetch();
          if (account && account.user_id === me?.user_id) void refreshOwnInfo();
        }}
      />
    </div>
  );
}
