/**
 * Add or edit an account (docs/rules/validation.md#account-form): user name (≤ 30), email (≤ 100, email
 * format), the permission (only operations staff can be given; locked for an administrator or super admin),
 * and the password: required on add (8 to 99 characters with an upper-case letter, a lower-case letter and a
 * digit), optional on edit, where a given one is confirmed first because it replaces the user's password. The
 * email and password of a user the caller may not change them for (docs/rules/roles.md#who-may-change-whom)
 * are shown locked.
 */
import { ExclamationCircleFilled } from "@ant-design/icons";
import {
  ACCOUNT_NAME_MAX,
  ACCOUNT_PASSWORD_MAX,
  accountEmail,
  accountPasswordText,
  accountUserName,
  EMAIL_MAX,
  type UserRow,
} from "@pc/contract";
import { App as AntApp, Form, Input, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { accountsApi } from "../../api/accounts.ts";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { requiredSchemaItem } from "../../components/schemaItems.ts";
import { schemaRule } from "../../components/schemaRule.ts";
import { useEditForm } from "../../components/useEditForm.ts";
import { useContractText } from "../../i18n/messages.ts";
import {
  type AccountFormValues,
  changesPassword,
  createBody,
  formFieldOf,
  initialValues,
  ROLE_CHOICES,
  roleLocked,
  updateBody,
} from "./accountForm.ts";

const ACCOUNT_DIALOG_WIDTH = 480;

export function AccountDialog({
  account,
  credentialsLocked,
  accountId,
  ...props
}: EditDialogProps<UserRow | null> & {
  /** The row being edited, or null to add one. */
  account: UserRow | null;
  /** The row's email and password cannot be changed by the caller. */
  credentialsLocked: boolean;
  /** The session's company account (`account_id` of every call). */
  accountId: number | undefined;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { modal } = AntApp.useApp();
  const { frame, validate, send } = useEditForm<AccountFormValues, UserRow | null>(props, (error) =>
    formFieldOf(error.field),
  );
  const editing = account !== null;
  const locked = roleLocked(account);

  const confirmPasswordChange = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t("common.notice"),
        icon: <ExclamationCircleFilled />,
        content: text.message("accountPasswordWillChange"),
        okText: t("common.ok"),
        cancelText: t("common.cancel"),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const save = async () => {
    const values = await validate();
    if (!values || accountId === undefined) return;
    if (account && changesPassword(values) && !(await confirmPasswordChange())) return;
    await send(async (options) => {
      if (account) await accountsApi.update(updateBody(values, account, accountId), options);
      else await accountsApi.create(createBody(values, accountId), options);
      return account;
    });
  };

  return (
    <EditDialog<AccountFormValues>
      {...frame}
      title={editing ? t("accounts.editTitle") : t("accounts.addTitle")}
      width={ACCOUNT_DIALOG_WIDTH}
      testId="account-dialog"
      initialValues={initialValues(account)}
      saveOnEnter
      onSave={save}
    >
      <Form.Item
        name="user_name"
        label={t("accounts.userName")}
        {...requiredSchemaItem(accountUserName, text.lang)}
      >
        <Input
          id="account-user-name"
          placeholder={t("accounts.userNamePlaceholder")}
          count={{ show: true, max: ACCOUNT_NAME_MAX }}
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={t("accounts.email")}
        extra={credentialsLocked ? text.message("credentialsLocked") : undefined}
        {...requiredSchemaItem(accountEmail, text.lang)}
      >
        <Input
          id="account-email"
          disabled={credentialsLocked}
          placeholder={t("accounts.emailPlaceholder")}
          inputMode="email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
        />
      </Form.Item>
      <Form.Item
        name="role"
        label={t("accounts.role")}
        required
        extra={locked ? t("accounts.roleLocked") : undefined}
        rules={[{ required: true, message: text.message("roleRequired") }]}
      >
        <Radio.Group
          id="account-role"
          disabled={locked}
          options={ROLE_CHOICES.map((choice) => ({
            value: choice.value,
            label: text.title("role", choice.value),
            // a locked row shows its own role; otherwise only the assignable one can be picked
            disabled: !locked && !choice.assignable,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t("accounts.password")}
        required={!editing}
        extra={editing ? t("accounts.passwordKeep") : t("accounts.passwordRule")}
        rules={[schemaRule(accountPasswordText, text.lang, { skipEmpty: editing })]}
      >
        <Input.Password
          id="account-password"
          disabled={credentialsLocked}
          placeholder={editing ? t("accounts.passwordEditPlaceholder") : t("accounts.passwordPlaceholder")}
          autoComplete="new-password"
          maxLength={ACCOUNT_PASSWORD_MAX}
        />
      </Form.Item>
    </EditDialog>
  );
}
