/**
 * Add or edit an application (docs/rules/screens.md#application-list; docs/rules/validation.md#app-form):
 * 424px wide, not closed by a click outside; platform fixed to Android; online in Google Play (default no);
 * URL, name and package checked by the contract's rules; name and package uniqueness asked of the server as
 * you type (debounced) and again before saving, the app's own id excluded on edit.
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
import { Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { appsApi } from "../../api/apps.ts";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { requiredSchemaItem, uniqueTextItem } from "../../components/schemaItems.ts";
import { useEditForm } from "../../components/useEditForm.ts";
import { namedFieldOf } from "../../components/useFieldSubmit.ts";
import { useContractText } from "../../i18n/messages.ts";

const APP_DIALOG_WIDTH = 424;

interface AppFormValues {
  platform: typeof Platform.Android;
  is_online: FlagValue;
  url: string;
  name: string;
  pkg: string;
}

const fieldOf = namedFieldOf<keyof AppFormValues>(["url", "name", "pkg"]);

export function AppDialog({ app, ...props }: EditDialogProps<AppRow> & { app: AppRow | null }) {
  const { t } = useTranslation();
  const text = useContractText();
  const { frame, validate, send } = useEditForm<AppFormValues, AppRow>(props, fieldOf);
  const ownId = app?.id;

  const save = async () => {
    const values = await validate();
    if (!values) return;
    const body = {
      name: values.name.trim(),
      pkg: values.pkg.trim(),
      url: values.url.trim(),
      platform: Platform.Android,
      is_online: values.is_online,
    };
    await send((options) =>
      app ? appsApi.update({ ...body, id: app.id }, options) : appsApi.create(body, options),
    );
  };

  return (
    <EditDialog<AppFormValues>
      {...frame}
      title={app ? t("apps.editTitle") : t("apps.addTitle")}
      width={APP_DIALOG_WIDTH}
      testId="app-dialog"
      initialValues={{
        platform: Platform.Android,
        is_online: (app?.is_online === Flag.On ? Flag.On : Flag.Off) satisfies FlagValue,
        url: app?.url ?? "",
        name: app?.name ?? "",
        pkg: app?.pkg ?? "",
      }}
      saveOnEnter
      onSave={save}
    >
      <Form.Item name="platform" label={t("apps.platform")}>
        <Select
          disabled
          options={[{ value: Platform.Android, label: text.title("platform", Platform.Android) }]}
        />
      </Form.Item>
      <Form.Item name="is_online" label={t("apps.isOnline")}>
        <Radio.Group
          options={[
            { value: Flag.On, label: t("apps.online") },
            { value: Flag.Off, label: t("apps.notOnline") },
          ]}
        />
      </Form.Item>
      <Form.Item name="url" label={t("apps.url")} {...requiredSchemaItem(appUrl, text.lang)}>
        <Input id="app-url" placeholder={t("apps.urlPlaceholder")} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t("apps.name")}
        {...uniqueTextItem(
          appName,
          text.lang,
          (name, options) => appsApi.nameExists(name, ownId, options),
          text.message("appNameDuplicate"),
        )}
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
        {...uniqueTextItem(
          appPkg,
          text.lang,
          (pkg, options) => appsApi.pkgExists(pkg, ownId, options),
          text.message("appPkgDuplicate"),
        )}
      >
        <Input id="app-pkg" placeholder={t("apps.pkgPlaceholder")} count={{ show: true, max: APP_PKG_MAX }} />
      </Form.Item>
    </EditDialog>
  );
}
