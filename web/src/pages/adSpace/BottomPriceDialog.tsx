/**
 * The bottom-price dialog (docs/rules/screens.md#placement-list; docs/rules/entities.md#floor-prices): a
 * default floor price in USD, a per-country switch (on: one empty group; off: no group), groups of countries
 * with a price that can be added and deleted (never the last one). The rules are the contract's schema, shown
 * per field; saving sends the placement with `country_bottom_price` as a JSON string, and a refusal shows the
 * server's msg.
 */
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import {
  BOTTOM_PRICE_DECIMALS,
  BOTTOM_PRICE_MAX,
  Flag,
  type FlagValue,
  type PlacementRow,
} from "@pc/contract";
import { Button, Form, InputNumber, Select, Switch, Tooltip, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { placementsApi } from "../../api/placements.ts";
import {
  type CountryOption,
  countrySearch,
  renderCountryOption,
  useCountryOptions,
} from "../../components/countryOptions.tsx";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { useEditForm } from "../../components/useEditForm.ts";
import { useContractText } from "../../i18n/messages.ts";
import {
  addGroup,
  canDeleteGroup,
  deleteGroup,
  type FieldKey,
  type FloorForm,
  fieldKey,
  floorIssues,
  floorPayload,
  parseFloor,
  setCountrySwitch,
} from "./floorPrice.ts";
import "./floorPrice.css";

const FLOOR_DIALOG_WIDTH = 680;
const PRICE_STEP = 10 ** -2;

export function BottomPriceDialog({
  placement,
  ...props
}: EditDialogProps<PlacementRow> & { placement: PlacementRow }) {
  const { t } = useTranslation();
  const text = useContractText();
  // no field of this form is named by the server: a refusal shows its msg
  const { form, frame, validate, send } = useEditForm<FloorForm, PlacementRow>(props);
  const initial = useMemo(() => parseFloor(placement.country_bottom_price), [placement.country_bottom_price]);
  const switchOn = Form.useWatch("country_open_flag", form) === Flag.On;
  const groups = Form.useWatch("country_open_items", form) ?? [];
  const countries = useCountryOptions(props.open);

  const values = (): FloorForm => form.getFieldsValue(true);

  /** A field's rule: the contract schema's refusal of the current values at this field, if any. */
  const issueRule = (key: FieldKey) => ({
    validator: () => {
      const issue = floorIssues(values()).get(key);
      return issue === undefined ? Promise.resolve() : Promise.reject(new Error(text.issue(issue)));
    },
  });

  /** Fields whose error may have changed with another field (duplicates, the default once on). */
  const revalidateShown = () => {
    type Name = Parameters<typeof form.isFieldTouched>[0];
    const shown = form
      .getFieldsError()
      .map((field) => ({ name: field.name as Name, errors: field.errors }))
      .filter((field) => field.errors.length > 0 || form.isFieldTouched(field.name))
      .map((field) => field.name);
    if (shown.length > 0) void form.validateFields(shown).catch(() => undefined);
  };

  const onSwitch = (on: boolean) => {
    const next = setCountrySwitch(values(), on);
    form.setFieldsValue({
      country_open_flag: next.country_open_flag,
      country_open_items: next.country_open_items,
    });
    if (!on) void form.validateFields(["default_bottom_price"]).catch(() => undefined);
  };

  const save = async () => {
    if (!(await validate())) return;
    const current = values();
    if (floorIssues(current).size > 0) return;
    await send((options) =>
      placementsApi.update(
        {
          id: placement.id,
          app_id: placement.app_id,
          name: placement.name,
          ad_style: placement.ad_style,
          content_type: placement.content_type,
          auto_rotation: placement.auto_rotation === Flag.On ? Flag.On : Flag.Off,
          country_bottom_price: floorPayload(current),
        },
        options,
      ),
    );
  };

  const priceInput = (id: string, placeholder: string) => (
    <InputNumber<number>
      id={id}
      min={0}
      max={BOTTOM_PRICE_MAX}
      step={PRICE_STEP}
      placeholder={placeholder}
      suffix={t("floorPrice.usd")}
      className="pc-price-input"
    />
  );

  return (
    <EditDialog<FloorForm>
      {...frame}
      title={t("floorPrice.title")}
      width={FLOOR_DIALOG_WIDTH}
      intro={
        <Typography.Paragraph type="secondary" className="pc-floor-subtitle">
          {t("floorPrice.subtitle", { name: placement.name, app: placement.app_name })}
        </Typography.Paragraph>
      }
      initialValues={initial}
      onValuesChange={revalidateShown}
      onSave={save}
    >
      <Form.Item
        name="default_bottom_price"
        label={t("floorPrice.default")}
        required={switchOn}
        extra={t("floorPrice.defaultHelp", { decimals: BOTTOM_PRICE_DECIMALS })}
        rules={[issueRule("default_bottom_price")]}
      >
        {priceInput("floor-default", t("floorPrice.defaultPlaceholder"))}
      </Form.Item>
      <Form.Item
        name="country_open_flag"
        label={t("floorPrice.countrySwitch")}
        valuePropName="checked"
        getValueProps={(value: FlagValue) => ({ checked: value === Flag.On })}
        normalize={(checked: boolean) => (checked ? Flag.On : Flag.Off)}
      >
        <Switch id="floor-switch" onChange={onSwitch} />
      </Form.Item>
      <Form.List name="country_open_items">
        {(fields) => (
          <div className="pc-floor-groups">
            {fields.map((field, index) => (
              <div key={field.key} className="pc-floor-group" data-testid={`floor-group-${index}`}>
                <div className="pc-floor-group-head">
                  <span className="pc-floor-group-title">{t("floorPrice.group", { index: index + 1 })}</span>
                  <Tooltip title={canDeleteGroup(groups) ? undefined : t("floorPrice.lastGroup")}>
                    <Button
                      type="text"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      disabled={!canDeleteGroup(groups)}
                      onClick={() =>
                        form.setFieldValue(
                          "country_open_items",
                          deleteGroup(values().country_open_items, index),
                        )
                      }
                      data-testid={`floor-group-delete-${index}`}
                    >
                      {t("floorPrice.deleteGroup")}
                    </Button>
                  </Tooltip>
                </div>
                <div className="pc-floor-group-body">
                  <Form.Item
                    name={[field.name, "countrys"]}
                    label={t("floorPrice.countries")}
                    required
                    className="pc-floor-countries"
                    rules={[issueRule(fieldKey(["country_open_items", index, "countrys"]))]}
                  >
                    <Select<string[], CountryOption>
                      id={`floor-countries-${index}`}
                      mode="multiple"
                      allowClear
                      loading={countries.loading}
                      placeholder={t("floorPrice.countriesPlaceholder")}
                      options={countries.options}
                      showSearch={countrySearch}
                      optionRender={renderCountryOption}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, "price"]}
                    label={t("floorPrice.price")}
                    required
                    className="pc-floor-price"
                    rules={[issueRule(fieldKey(["country_open_items", index, "price"]))]}
                  >
                    {priceInput(`floor-price-${index}`, t("floorPrice.pricePlaceholder"))}
                  </Form.Item>
                </div>
              </div>
            ))}
            {switchOn && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() =>
                  form.setFieldValue("country_open_items", addGroup(values().country_open_items))
                }
                data-testid="floor-group-add"
              >
                {t("floorPrice.addGroup")}
              </Button>
            )}
          </div>
        )}
      </Form.List>
    </EditDialog>
  );
}
