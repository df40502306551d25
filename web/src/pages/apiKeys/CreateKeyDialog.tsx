/**
 * Creating a reporting API key: name, scopes (SDK and/or affiliate report) and an optional last day. The
 * answer carries the secret, which the page shows once (SecretDialog).
 */
import {
  API_KEY_NAME_MAX,
  API_KEY_SCOPES,
  type ApiKeyCreateAnswer,
  type ApiKeyScopeValue,
  apiKeyName,
  apiKeyScopes,
} from "@pc/contract";
import { Checkbox, DatePicker, Form, Input } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { apiKeysApi } from "../../api/apiKeys.ts";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { requiredSchemaItem } from "../../components/schemaItems.ts";
import { useEditForm } from "../../components/useEditForm.ts";
import { useContractText } from "../../i18n/messages.ts";
import { keyFieldOf } from "./apiKeyForm.ts";

interface KeyFormValues {
  name: string;
  scopes: ApiKeyScopeValue[];
  expires_on: Dayjs | null;
}

const EMPTY: KeyFormValues = { name: "", scopes: [...API_KEY_SCOPES], expires_on: null };

/** The last day is a UTC day: today (UTC) at the earliest. */
const beforeTodayUtc = (day: Dayjs) => day.format("YYYY-MM-DD") < dayjs().toISOString().slice(0, 10);

export function CreateKeyDialog(props: EditDialogProps<ApiKeyCreateAnswer>) {
  const { t } = useTranslation();
  const text = useContractText();
  const { frame, validate, send } = useEditForm<KeyFormValues, ApiKeyCreateAnswer>(props, keyFieldOf);
  const save = async () => {
    const values = await validate();
    if (!values) return;
    await send((options) =>
      apiKeysApi.create(
        {
          name: values.name.trim(),
          scopes: values.scopes,
          expires_on: values.expires_on ? values.expires_on.format("YYYY-MM-DD") : null,
        },
        options,
      ),
    );
  };
  return (
    <EditDialog<KeyFormValues>
      {...frame}
      title={t("apiKeys.createTitle")}
      width={520}
      testId="api-key-dialog"
      initialValues={EMPTY}
      onSave={save}
    >
      <Form.Item name="name" label={t("apiKeys.name")} {...requiredSchemaItem(apiKeyName, text.lang)}>
        <Input
          id="api-key-name"
          placeholder={t("apiKeys.namePlaceholder")}
          count={{ show: true, max: API_KEY_NAME_MAX }}
        />
      </Form.Item>
      <Form.Item name="scopes" label={t("apiKeys.scopes")} {...requiredSchemaItem(apiKeyScopes, text.lang)}>
        <Checkbox.Group
          data-testid="api-key-scopes"
          options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: t(`apiKeys.scope.${scope}`) }))}
        />
      </Form.Item>
      <Form.Item name="expires_on" label={t("apiKeys.expiresOn")} extra={t("apiKeys.expiresExtra")}>
        <DatePicker
          id="api-key-expires"
          allowClear
          disabledDate={beforeTodayUtc}
          placeholder={t("apiKeys.noExpiry")}
          style={{ width: 220 }}
        />
      </Form.Item>
    </EditDialog>
  );
}
