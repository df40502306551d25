/**
 * Add or edit an ad placement (docs/rules/validation.md#placement-form): the app (a select searching the
 * server and loading more near the bottom; fixed on edit), a unique name, the ad style (choosing one resets
 * the content types to all it allows), the content types it allows (at least one), auto rotation for Banner
 * only, and the material sizes as help.
 */
import {
  AD_STYLES,
  AdStyle,
  type AdStyleValue,
  type AppRow,
  adStyleValue,
  allowedContentTypes,
  type ContentTypeValue,
  contentTypeText,
  Flag,
  type FlagValue,
  formatContentTypes,
  isAdStyle,
  PLACEMENT_NAME_MAX,
  type PlacementRow,
  placementName,
} from "@pc/contract";
import { Checkbox, Form, Input, Select, Switch } from "antd";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { appsApi } from "../../api/apps.ts";
import { placementsApi } from "../../api/placements.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { type LoadMoreOption, LoadMoreSelect } from "../../components/LoadMoreSelect.tsx";
import { requiredSchemaItem, uniqueTextItem } from "../../components/schemaItems.ts";
import { schemaError } from "../../components/schemaRule.ts";
import { useEditForm } from "../../components/useEditForm.ts";
import { namedFieldOf } from "../../components/useFieldSubmit.ts";
import { useContractText } from "../../i18n/messages.ts";
import { contentTypesOf, fieldsForStyle, materialSizes } from "./placementForm.ts";

const PLACEMENT_DIALOG_WIDTH = 560;
/** Apps per page of the app select. */
const APP_SELECT_PAGE_SIZE = 10;

interface PlacementFormValues {
  app_id: number | undefined;
  name: string;
  ad_style: AdStyleValue | undefined;
  content_type: ContentTypeValue[];
  auto_rotation: FlagValue;
}

const fieldOf = namedFieldOf<keyof PlacementFormValues>([
  "app_id",
  "name",
  "ad_style",
  "content_type",
  "auto_rotation",
]);

const toAppOption = (app: AppRow): LoadMoreOption => ({ value: app.id, label: app.name });
const fetchApps = (search: string | null, pageNo: number, pageSize: number) =>
  appsApi.list({ name: search, pkg: null, page_no: pageNo, page_size: pageSize });

export function PlacementDialog({
  placement,
  ...props
}: EditDialogProps<PlacementRow> & { placement: PlacementRow | null }) {
  const { t } = useTranslation();
  const text = useContractText();
  const { form, frame, validate, send } = useEditForm<PlacementFormValues, PlacementRow>(props, fieldOf);
  const style = Form.useWatch("ad_style", form);
  const ownId = placement?.id;

  const pinnedApps = useMemo(
    () => (placement ? [{ value: placement.app.id, label: placement.app.name }] : []),
    [placement],
  );
  const styleName = useCallback((value: AdStyleValue) => text.title("adStyle", value), [text]);

  const save = async () => {
    const values = await validate();
    if (!values || values.app_id === undefined || values.ad_style === undefined) return;
    const body = {
      app_id: values.app_id,
      name: values.name.trim(),
      ad_style: values.ad_style,
      content_type: formatContentTypes([...values.content_type].sort((a, b) => a - b)),
      auto_rotation: values.ad_style === AdStyle.Banner ? values.auto_rotation : Flag.Off,
    };
    // on edit the floor prices are not sent, so the saved ones are kept
    await send((options) =>
      placement
        ? placementsApi.update({ ...body, id: placement.id }, options)
        : placementsApi.create(body, options),
    );
  };

  const allowed: readonly ContentTypeValue[] =
    style !== undefined && isAdStyle(style) ? allowedContentTypes(style) : [];
  const sizes = materialSizes({ horizontal: t("placements.horizontal"), vertical: t("placements.vertical") });

  return (
    <EditDialog<PlacementFormValues>
      {...frame}
      title={placement ? t("placements.editTitle") : t("placements.addTitle")}
      width={PLACEMENT_DIALOG_WIDTH}
      initialValues={{
        app_id: placement?.app.id,
        name: placement?.name ?? "",
        ad_style: placement && isAdStyle(placement.ad_style) ? placement.ad_style : undefined,
        content_type: placement ? contentTypesOf(placement.content_type, placement.ad_style) : [],
        auto_rotation: placement?.auto_rotation === Flag.On ? Flag.On : Flag.Off,
      }}
      onValuesChange={(changed: Partial<PlacementFormValues>) => {
        if ("ad_style" in changed) {
          form.setFieldsValue(fieldsForStyle(changed.ad_style, form.getFieldValue("auto_rotation")));
          void form.validateFields(["content_type"]).catch(() => undefined);
        }
      }}
      onSave={save}
    >
      <Form.Item
        name="app_id"
        label={t("placements.app")}
        required
        extra={placement ? t("placements.appLocked") : undefined}
        rules={[
          {
            validator: (_rule, value: unknown) =>
              typeof value === "number"
                ? Promise.resolve()
                : Promise.reject(new Error(text.message("appRequired"))),
          },
        ]}
      >
        <LoadMoreSelect<AppRow>
          id="placement-app"
          queryKey={queryKeys.appSelect}
          fetchPage={fetchApps}
          toOption={toAppOption}
          pageSize={APP_SELECT_PAGE_SIZE}
          pinnedOptions={pinnedApps}
          disabled={Boolean(placement)}
          placeholder={t("placements.appPlaceholder")}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t("placements.name")}
        {...uniqueTextItem(
          placementName,
          text.lang,
          (name, options) => placementsApi.nameExists(name, ownId, options),
          text.message("placementNameDuplicate"),
        )}
      >
        <Input
          id="placement-name"
          placeholder={t("placements.namePlaceholder")}
          count={{ show: true, max: PLACEMENT_NAME_MAX }}
        />
      </Form.Item>
      <Form.Item
        name="ad_style"
        label={t("placements.adStyle")}
        {...requiredSchemaItem(adStyleValue, text.lang)}
      >
        <Select
          id="placement-ad-style"
          placeholder={t("placements.adStylePlaceholder")}
          options={AD_STYLES.map((value) => ({ value, label: styleName(value) }))}
        />
      </Form.Item>
      <Form.Item
        name="content_type"
        label={t("placements.contentType")}
        required
        extra={
          <span data-testid="material-sizes">
            {t("placements.materialSizes", { sizes: sizes.join(t("placements.sizeSeparator")) })}
          </span>
        }
        rules={[
          {
            validator: (_rule, value: unknown) => {
              const types = Array.isArray(value) ? (value as number[]) : [];
              const error = schemaError(contentTypeText, formatContentTypes(types), text.lang);
              return error === null ? Promise.resolve() : Promise.reject(new Error(error));
            },
          },
        ]}
      >
        {allowed.length > 0 ? (
          <Checkbox.Group
            options={allowed.map((type) => ({ value: type, label: text.title("contentType", type) }))}
          />
        ) : (
          <span className="pc-muted">{t("placements.contentTypeHint")}</span>
        )}
      </Form.Item>
      {style === AdStyle.Banner && (
        <Form.Item
          name="auto_rotation"
          label={t("placements.autoRotation")}
          valuePropName="checked"
          getValueProps={(value: FlagValue) => ({ checked: value === Flag.On })}
          normalize={(checked: boolean) => (checked ? Flag.On : Flag.Off)}
        >
          <Switch id="placement-auto-rotation" />
        </Form.Item>
      )}
    </EditDialog>
  );
}
