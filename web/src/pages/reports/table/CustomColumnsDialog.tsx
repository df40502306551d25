/**
 * The custom-column dialog (docs/rules/screens.md#reports; docs/rules/validation.md#column-customisation): a
 * checkbox group of the report's dimensions and one of its data columns, Cancel and Apply. At least one of
 * each must stay chosen, each with its own message (the contract's rule).
 */
import { checkColumnChoice } from "@pc/contract";
import { Checkbox, Divider, Form, type FormRule, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../../../i18n/messages.ts";
import {
  hasHours,
  metricsInTableOrder,
  type ReportColumnChoice,
  type ReportDef,
} from "../screen/reportDefs.ts";
import { orderedChoice } from "./columnChoice.ts";

const CUSTOM_COLUMNS_WIDTH = 800;

interface ChoiceForm {
  dimensions: number[];
  metrics: string[];
}

export function CustomColumnsDialog({
  open,
  def,
  timeZone,
  choice,
  onCancel,
  onApply,
}: {
  open: boolean;
  def: ReportDef;
  /** The time zone of the report days and their hours (REPORT_TZ). */
  timeZone: string;
  choice: ReportColumnChoice;
  onCancel: () => void;
  onApply: (choice: ReportColumnChoice) => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const [form] = Form.useForm<ChoiceForm>();
  const dimensions = Form.useWatch("dimensions", form) ?? choice.dimensions;
  const metrics = Form.useWatch("metrics", form) ?? choice.metrics;
  const allDimensions = def.dimensions.map((d) => d.code);
  const allMetrics = def.metrics.map((m) => m.key);

  /** The contract's rule, applied to one group (the other taken as chosen). */
  const groupRule = (group: keyof ChoiceForm) => ({
    validator: (_rule: unknown, value: unknown[] | undefined) => {
      const problem = checkColumnChoice(
        group === "dimensions"
          ? { dimensions: value ?? [], metrics: allMetrics }
          : { dimensions: allDimensions, metrics: value ?? [] },
      );
      return problem === null ? Promise.resolve() : Promise.reject(new Error(text.message(problem)));
    },
  });

  const apply = async () => {
    try {
      const values = await form.validateFields();
      onApply(orderedChoice(def, values));
    } catch {
      // the messages are shown under their groups
    }
  };

  const selectAll = (group: keyof ChoiceForm, all: readonly (number | string)[], on: boolean) => {
    form.setFieldValue(group, on ? [...all] : []);
    void form.validateFields([group]).catch(() => undefined);
  };

  return (
    <Modal
      open={open}
      title={t("reports.customColumns")}
      width={CUSTOM_COLUMNS_WIDTH}
      onCancel={onCancel}
      onOk={() => void apply()}
      okText={t("reports.apply")}
      cancelText={t("common.cancel")}
      destroyOnHidden
    >
      <Form<ChoiceForm> form={form} layout="vertical" initialValues={choice} className="pc-columns-form">
        <ColumnGroup
          group="dimensions"
          title={t("reports.dimensions")}
          all={allDimensions}
          chosen={dimensions}
          options={def.dimensions.map((d) => ({ value: d.code, label: d.title[text.lang] }))}
          rule={groupRule("dimensions")}
          onSelectAll={(on) => selectAll("dimensions", allDimensions, on)}
        />
        {hasHours(def) && (
          <p className="pc-muted pc-columns-note" data-testid="columns-hour-note">
            {t("reports.hourHint", { timeZone })}
          </p>
        )}
        <Divider className="pc-columns-divider" />
        <ColumnGroup
          group="metrics"
          title={t("reports.metrics")}
          all={allMetrics}
          chosen={metrics}
          options={metricsInTableOrder(def).map((m) => ({ value: m.key, label: m.title[text.lang] }))}
          rule={groupRule("metrics")}
          onSelectAll={(on) => selectAll("metrics", allMetrics, on)}
        />
      </Form>
    </Modal>
  );
}

/** One group of the dialog: its title with a box choosing all or none, then a box per column. */
function ColumnGroup({
  group,
  title,
  all,
  chosen,
  options,
  rule,
  onSelectAll,
}: {
  group: keyof ChoiceForm;
  title: string;
  all: readonly (number | string)[];
  chosen: readonly (number | string)[];
  options: { value: number | string; label: string }[];
  rule: FormRule;
  onSelectAll: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="pc-columns-head">
        <span className="pc-columns-title">{title}</span>
        <Checkbox
          checked={chosen.length === all.length}
          indeterminate={chosen.length > 0 && chosen.length < all.length}
          onChange={(event) => onSelectAll(event.target.checked)}
          data-testid={`columns-all-${group}`}
        >
          {t("reports.selectAll")}
        </Checkbox>
      </div>
      <Form.Item name={group} rules={[rule]}>
        <Checkbox.Group className="pc-columns-group" data-testid={`columns-${group}`} options={options} />
      </Form.Item>
    </>
  );
}
