/**
 * The Companies screen's dialogs: create a publisher company with its hosts and first super admin (the rules
 * of the CLI's create-company), and edit a company's hosts (host names, unique across companies).
 */
import {
  ACCOUNT_PASSWORD_MAX,
  accountEmail,
  accountPasswordText,
  COMPANY_HOSTS_MAX,
  COMPANY_NAME_MAX,
  type CompanyCreateAnswer,
  type CompanyManageRow,
  companyHosts,
  companyName,
  EMAIL_MAX,
} from "@pc/contract";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { companiesApi } from "../../api/companies.ts";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { requiredSchemaItem } from "../../components/schemaItems.ts";
import { schemaRule } from "../../components/schemaRule.ts";
import { useEditForm } from "../../components/useEditForm.ts";
import { useContractText } from "../../i18n/messages.ts";
import { type CompanyFormValues, companyFieldOf, createBody, EMPTY_COMPANY } from "./companyForm.ts";

const DIALOG_WIDTH = 520;

/** Hosts typed as tags: Enter, a comma or a space ends one. */
function HostsInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value?: string[];
  onChange?: (hosts: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      mode="tags"
      value={value}
      onChange={(hosts: string[]) =>
        onChange?.(hosts.map((host) => host.trim().toLowerCase()).filter(Boolean))
      }
      tokenSeparators={[",", " "]}
      open={false}
      suffixIcon={null}
      placeholder={t("companies.hostsPlaceholder")}
      maxCount={COMPANY_HOSTS_MAX}
    />
  );
}

/** The hosts field of both dialogs, checked by the contract's rule. */
function HostsField({ id }: { id: string }) {
  const { t } = useTranslation();
  const text = useContractText();
  return (
    <Form.Item
      name="hosts"
      label={t("companies.hosts")}
      extra={t("companies.hostsExtra")}
      rules={[schemaRule(companyHosts, text.lang)]}
    >
      <HostsInput id={id} />
    </Form.Item>
  );
}

export function CompanyCreateDialog(props: EditDialogProps<CompanyCreateAnswer>) {
  const { t } = useTranslation();
  const text = useContractText();
  const { frame, validate, send } = useEditForm<CompanyFormValues, CompanyCreateAnswer>(
    props,
    companyFieldOf(["name", "hosts", "admin_email", "admin_password"] as const),
  );
  const save = async () => {
    const values = await validate();
    if (values) await send((options) => companiesApi.create(createBody(values), options));
  };
  return (
    <EditDialog<CompanyFormValues>
      {...frame}
      title={t("companies.createTitle")}
      width={DIALOG_WIDTH}
      testId="company-dialog"
      initialValues={EMPTY_COMPANY}
      onSave={save}
    >
      <Form.Item name="name" label={t("companies.name")} {...requiredSchemaItem(companyName, text.lang)}>
        <Input
          id="company-name"
          placeholder={t("companies.namePlaceholder")}
          count={{ show: true, max: COMPANY_NAME_MAX }}
        />
      </Form.Item>
      <HostsField id="company-hosts" />
      <Form.Item
        name="admin_email"
        label={t("companies.adminEmail")}
        {...requiredSchemaItem(accountEmail, text.lang)}
      >
        <Input
          id="company-admin-email"
          placeholder={t("companies.adminEmailPlaceholder")}
          inputMode="email"
          autoComplete="off"
          maxLength={EMAIL_MAX}
        />
      </Form.Item>
      <Form.Item
        name="admin_password"
        label={t("companies.adminPassword")}
        extra={t("companies.passwordRule")}
        {...requiredSchemaItem(accountPasswordText, text.lang)}
      >
        <Input.Password
          id="company-admin-password"
          placeholder={t("companies.adminPasswordPlaceholder")}
          autoComplete="new-password"
          maxLength={ACCOUNT_PASSWORD_MAX}
        />
      </Form.Item>
    </EditDialog>
  );
}

export function CompanyHostsDialog({
  company,
  ...props
}: EditDialogProps<CompanyManageRow> & { company: CompanyManageRow | null }) {
  const { t } = useTranslation();
  const { frame, validate, send } = useEditForm<{ hosts: string[] }, CompanyManageRow>(
    props,
    companyFieldOf(["hosts"] as const),
  );
  const save = async () => {
    const values = await validate();
    if (values && company) await send((options) => companiesApi.setHosts(company.id, values.hosts, options));
  };
  return (
    <EditDialog<{ hosts: string[] }>
      {...frame}
      title={t("companies.hostsTitle", { name: company?.name ?? "" })}
      width={DIALOG_WIDTH}
      testId="hosts-dialog"
      initialValues={{ hosts: company?.hosts ?? [] }}
      onSave={save}
    >
      <HostsField id="hosts-edit" />
    </EditDialog>
  );
}
