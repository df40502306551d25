/**
 * Account management (docs/rules/screens.md#account-management; docs/rules/roles.md#who-may-change-whom):
 * search by name with reset, add, and a paged table of user name, login email, status, created and modified
 * dates, reviser and actions. Freeze/thaw and delete are hidden on administrator and super admin rows (and
 * one's own); edit is always shown, with the email and password locked on a row at or above one's own level
 * unless one is the super admin. Above the list, the company's two-step verification rule
 * (TwoFactorPolicyCard).
 */
import { HistoryOutlined } from "@ant-design/icons";
import { AccountStatus, accountRowActions, type UserRow, userListQuery } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { type TableColumnsType, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { accountsApi } from "../../api/accounts.ts";
import { userApi } from "../../api/passport.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { twoFactorApi } from "../../api/twoFactor.ts";
import { PATHS } from "../../app/paths.ts";
import { queryClient, userInfoQuery } from "../../app/queryClient.ts";
import { FilterBar, TextFilter } from "../../components/FilterBar.tsx";
import { DESKTOP_ONLY, ListPage } from "../../components/ListPage.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { useConfirmAction, useConfirmDelete } from "../../components/useConfirmDelete.tsx";
import { useFilteredList } from "../../components/useFilteredList.ts";
import { useListDialog } from "../../components/useListDialog.ts";
import { useContractText } from "../../i18n/messages.ts";
import { getToken, setUserInfo } from "../../session/session.ts";
import { AccountDialog } from "./AccountDialog.tsx";
import { mayManageTwoFactor, TwoFactorPolicyCard } from "./TwoFactorPolicyCard.tsx";
import "./account.css";
import { datePart } from "./accountForm.ts";

interface FilterValues {
  name: string;
}

const EMPTY_FILTERS: FilterValues = { name: "" };

/** After one's own row was edited, the top bar and watermark show the new name. */
async function refreshOwnInfo(): Promise<void> {
  const token = getToken();
  try {
    const user = await userApi.userInfo();
    setUserInfo(user);
    queryClient.setQueryData(queryKeys.userInfo.of(token), user);
  } catch {
    // the client has shown why; the cached info stays until the next sign-in
  }
}

export default function AccountManagementPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const confirmAction = useConfirmAction();
  const confirmDelete = useConfirmDelete();
  const token = getToken();
  const { data: me } = useQuery({ ...userInfoQuery(token), enabled: Boolean(token) });
  const dialog = useListDialog<UserRow | null>(null);
  const { list, filterBar } = useFilteredList({
    queryKey: queryKeys.accounts.list,
    fetch: (params) => accountsApi.list(params),
    toFilters: normalizeFilters<FilterValues>,
    emptyValues: EMPTY_FILTERS,
  });
  const accountId = me?.account_id;
  /** Until the user info arrives, no roles: nothing beyond the rows' own rules is offered. */
  const session = me ?? { user_id: 0, role_id: [] };

  const mayResetTwoFactor = mayManageTwoFactor(me);
  const resetTwoFactor = (row: UserRow) =>
    confirmAction({
      content: text.message("accountTwoFactorResetConfirm"),
      cancelled: t("accounts.cancelled"),
      danger: true,
      run: () => twoFactorApi.resetMember(row.user_id),
      onDone: () => void list.query.refetch(),
    });

  const toggleStatus = (row: UserRow) => {
    if (accountId === undefined) return;
    const freezing = row.status !== AccountStatus.Frozen;
    confirmAction({
      content: text.message(freezing ? "accountFreezeConfirm" : "accountThawConfirm"),
      cancelled: t("accounts.cancelled"),
      danger: freezing,
      run: () =>
        accountsApi.setStatus(row.user_id, accountId, freezing ? AccountStatus.Frozen : AccountStatus.Normal),
      onDone: () => void list.query.refetch(),
    });
  };

  const columns: TableColumnsType<UserRow> = [
    { title: t("accounts.columns.userName"), dataIndex: "user_name", ellipsis: true, fixed: "left" },
    { title: t("accounts.columns.email"), dataIndex: "email", ellipsis: true },
    {
      title: t("accounts.columns.status"),
      dataIndex: "status",
      width: 110,
      render: (status: UserRow["status"]) =>
        status === AccountStatus.Frozen ? (
          <Tag color="error">{text.title("accountStatus", AccountStatus.Frozen)}</Tag>
        ) : (
          <Tag color="success">{text.title("accountStatus", AccountStatus.Normal)}</Tag>
        ),
    },
    {
      title: t("accounts.columns.createTime"),
      dataIndex: "create_time",
      width: 130,
      responsive: DESKTOP_ONLY,
      render: (time: string) => <span className="pc-nowrap">{datePart(time)}</span>,
    },
    {
      title: t("accounts.columns.modifyTime"),
      dataIndex: "modify_time",
      width: 130,
      responsive: DESKTOP_ONLY,
      render: (time: string) => <span className="pc-nowrap">{datePart(time)}</span>,
    },
    {
      title: t("accounts.columns.reviser"),
      dataIndex: "modify_user_name",
      ellipsis: true,
      responsive: DESKTOP_ONLY,
      render: (name: string | null) => name ?? <span className="pc-muted">-</span>,
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 200,
      render: (_, row) => {
        const allowed = accountRowActions(row, session);
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
              { key: "edit", label: t("common.edit"), onClick: () => dialog.show(row) },
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
              // rare: last, in the "more" menu
              {
                key: "resetTwoFactor",
                label: t("accounts.resetTwoFactor"),
                hidden: !mayResetTwoFactor || row.user_id === session.user_id,
                onClick: () => resetTwoFactor(row),
              },
            ]}
          />
        );
      },
    },
  ];

  return (
    <ListPage<UserRow>
      before={<TwoFactorPolicyCard me={me} />}
      filters={
        <FilterBar {...filterBar}>
          <TextFilter
            name="name"
            label={t("accounts.userName")}
            schema={userListQuery.shape.name}
            id="filter-name"
            placeholder={t("accounts.userNamePlaceholder")}
          />
        </FilterBar>
      }
      title={
        <>
          {t("route.accountManagement")}
          <Link to={PATHS.changeHistory} className="pc-title-link" data-testid="change-history-link">
            <HistoryOutlined /> {t("route.changeHistory")}
          </Link>
        </>
      }
      add={{ label: t("accounts.add"), testId: "add-account", onClick: () => dialog.show(null) }}
      rowKey="user_id"
      columns={columns}
      list={list}
      scrollX={960}
    >
      <AccountDialog
        key={dialog.seq}
        open={dialog.open}
        account={dialog.target}
        credentialsLocked={
          dialog.target !== null && accountRowActions(dialog.target, session).credentialsLocked
        }
        accountId={accountId}
        onClose={dialog.close}
        onSaved={(account) => {
          void list.query.refetch();
          if (account && account.user_id === me?.user_id) void refreshOwnInfo();
        }}
      />
    </ListPage>
  );
}
