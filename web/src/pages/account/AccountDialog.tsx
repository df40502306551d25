/**
 * Add or edit an account (spec §5 Account form): user name (≤ 30), email (≤ 100, email format), the
 * permission (only operations staff can be given; locked for an administrator or super admin), and the
 * password: required on add (8 to 99 characters with an upper-case letter, a lower-case letter and a digit),
 * optional on edit, where a given one is confirmed first because it replaces the user's password.
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
import { App as AntApp, Form, Input, Modal, Radio } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { accountsApi } from "../../api/accounts.ts";
import { ApiError } from "../../api/client.ts";
import { schemaRule } from "../../components/schemaRule.ts";
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

export const ACCOUNT_DIALOG_WIDTH = 480;

export function AccountDialog({
  open,
  account,
  accountId,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The row being edited, or null to add one. */
  account: UserRow | null;
  /** The session's company account (`account_id` of every call). */
  accountId: number | undefined;
  onClose: () => void;
  onSaved: (account: UserRow | null) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message, modal } = AntApp.useApp();
  const [form] = Form.useForm<AccountFormValues>();
  const [saving, setSaving] = useState(false);
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
    let values: AccountFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (accountId === undefined) return;
    if (account && changesPassword(values) && !(await confirmPasswordChange())) return;
    setSaving(true);
    try {
      // a refusal naming a field of the form goes on that field instead of a toast
      const quiet = (error: ApiError) => formFieldOf(error.field) !== undefined;
      if (account) await accountsApi.update(updateBody(values, account, accountId), { quiet });
      else await accountsApi.create(createBody(values, accountId), { quiet });
      void message.success(text.success);
      onSaved(account);
      onClose();
    } catch (error) {
      const field = error instanceof ApiError ? formFieldOf(error.field) : undefined;
      if (error instanceof ApiError && field) form.setFields([{ name: field, errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t("accounts.editTitle") : t("accounts.addTitle")}
      width={ACCOUNT_DIALOG_WIDTH}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t("common.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="account-dialog"
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={initialValues(account)}
        onFinish={() => void save()}
      >
        <Form.Item
          name="user_name"
          label={t("accounts.userName")}
          required
          rules={[schemaRule(accountUserName, text.lang, { skipEmpty: false })]}
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
          required
          rules={[schemaRule(accountEmail, text.lang, { skipEmpty: false })]}
        >
          <Input
            id="account-email"
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
              label: t(`accounts.roles.${choice.value}`),
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
            placeholder={editing ? t("accounts.passwordEditPlaceholder") : t("accounts.passwordPlaceholder")}
            autoComplete="new-password"
            maxLength={ACCOUNT_PASSWORD_MAX}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
