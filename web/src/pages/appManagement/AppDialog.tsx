/**
 * Add or edit an application (spec §2 Application add/edit dialog, §5 App form): 424px wide, not closed
 * by a click outside; platform fixed to Android; online in Google Play (default no); URL, name and package
 * checked by the contract's rules; name and package uniqueness asked of the server as you type (debounced)
 * and again before saving, the app's own id excluded on edit.
 */
import {
  APP_NAME_MAX,
  APP_PKG_MAX,
  type AppRow,
  appName,
  appPkg,
  appUrl,
  Flag,
  type FlagValue,
  Platform,
} from "@pc/contract";
import { App as AntApp, Form, Input, Modal, Radio, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { appsApi } from "../../api/apps.ts";
import { ApiError } from "../../api/client.ts";
import { schemaRule } from "../../components/schemaRule.ts";
import { useContractText } from "../../i18n/messages.ts";

export const APP_DIALOG_WIDTH = 424;
/** Pause after the last keystroke before the uniqueness check is asked. */
export const UNIQUE_CHECK_DEBOUNCE_MS = 400;

interface AppFormValues {
  platform: typeof Platform.Android;
  is_online: FlagValue;
  url: string;
  name: string;
  pkg: string;
}

const FORM_FIELDS: ReadonlySet<string> = new Set(["url", "name", "pkg"]);

export function AppDialog({
  open,
  app,
  onClose,
  onSaved,
}: {
  open: boolean;
  app: AppRow | null;
  onClose: () => void;
  onSaved: (app: AppRow) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<AppFormValues>();
  const [saving, setSaving] = useState(false);
  const ownId = app?.id;

  /** A uniqueness rule: asks the server once the value passes the local rules (validateFirst). */
  const uniqueRule = (ask: (value: string) => Promise<{ result: boolean }>, duplicate: string) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value !== "string" || !value.trim()) return;
      let taken = false;
      try {
        taken = (await ask(value.trim())).result;
      } catch {
        return; // the check could not be made; saving asks the server again
      }
      if (taken) throw new Error(duplicate);
    },
  });

  const save = async () => {
    let values: AppFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      name: values.name.trim(),
      pkg: values.pkg.trim(),
      url: values.url.trim(),
      platform: Platform.Android,
      is_online: values.is_online,
    };
    setSaving(true);
    try {
      const quiet = (error: ApiError) => error.field !== undefined && FORM_FIELDS.has(error.field);
      const saved = app
        ? await appsApi.update({ ...body, id: app.id }, { quiet })
        : await appsApi.create(body, { quiet });
      void message.success(text.success);
      onSaved(saved);
      onClose();
    } catch (error) {
      // a refusal naming a field of the form (e.g. a duplicate saved meanwhile) goes on that field
      if (error instanceof ApiError && error.field && FORM_FIELDS.has(error.field)) {
        form.setFields([{ name: error.field as keyof AppFormValues, errors: [error.message] }]);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={app ? t("apps.editTitle") : t("apps.addTitle")}
      width={APP_DIALOG_WIDTH}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t("common.ok")}
      cancelText={t("common.cancel")}
      confirmLoading={saving}
      destroyOnHidden
      data-testid="app-dialog"
    >
      <Form<AppFormValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={{
          platform: Platform.Android,
          is_online: (app?.is_online === Flag.On ? Flag.On : Flag.Off) satisfies FlagValue,
          url: app?.url ?? "",
          name: app?.name ?? "",
          pkg: app?.pkg ?? "",
        }}
        onFinish={() => void save()}
      >
        <Form.Item name="platform" label={t("apps.platform")}>
          <Select disabled options={[{ value: Platform.Android, label: t("apps.android") }]} />
        </Form.Item>
        <Form.Item name="is_online" label={t("apps.isOnline")}>
          <Radio.Group
            options={[
              { value: Flag.On, label: t("apps.online") },
              { value: Flag.Off, label: t("apps.notOnline") },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="url"
          label={t("apps.url")}
          required
          rules={[schemaRule(appUrl, text.lang, { skipEmpty: false })]}
        >
          <Input id="app-url" placeholder={t("apps.urlPlaceholder")} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t("apps.name")}
          required
          validateFirst
          validateDebounce={UNIQUE_CHECK_DEBOUNCE_MS}
          rules={[
            schemaRule(appName, text.lang, { skipEmpty: false }),
            uniqueRule(
              (name) => appsApi.nameExists(name, ownId, { quiet: () => true }),
              text.message("appNameDuplicate"),
            ),
          ]}
        >
          <Input
            id="app-name"
            placeholder={t("apps.namePlaceholder")}
            count={{ show: true, max: APP_NAME_MAX }}
          />
        </Form.Item>
        <Form.Item
          name="pkg"
          label={t("apps.pkg")}
          required
          validateFirst
          validateDebounce={UNIQUE_CHECK_DEBOUNCE_MS}
          rules={[
            schemaRule(appPkg, text.lang, { skipEmpty: false }),
            uniqueRule(
              (pkg) => appsApi.pkgExists(pkg, ownId, { quiet: () => true }),
              text.message("appPkgDuplicate"),
            ),
          ]}
        >
          <Input
            id="app-pkg"
            placeholder={t("apps.pkgPlaceholder")}
            count={{ show: true, max: APP_PKG_MAX }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
