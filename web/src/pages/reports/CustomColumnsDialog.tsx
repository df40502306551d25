/**
 * The custom-column dialog (spec §2, §5 Column customisation; §9 width 800px): a checkbox group of the
 * report's dimensions and one of its data columns, Cancel and Apply. At least one of each must stay
 * chosen, each with its own message (the contract's rule).
 */
import { checkColumnChoice } from "@pc/contract";
import { Checkbox, Divider, Form, Modal } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../../i18n/messages.ts";
import { orderedChoice } from "./columnChoice.ts";
import { metricsInTableOrder, type ReportColumnChoice, type ReportDef } from "./reportDefs.ts";

export const CUSTOM_COLUMNS_WIDTH = 800;

interface ChoiceForm {
  dimensions: number[];
  metrics: string[];
}

export function CustomColumnsDialog({
  open,
  def,
  choice,
  onCancel,
  onApply,
}: {
  open: boolean;
  def: ReportDef;
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
        <div className="pc-columns-head">
          <span className="pc-columns-title">{t("reports.dimensions")}</span>
          <Checkbox
            checked={dimensions.length === allDimensions.length}
            indeterminate={dimensions.length > 0 && dimensions.length < allDimensions.length}
            onChange={(event) => selectAll("dimensions", allDimensions, event.target.checked)}
            data-testid="columns-all-dimensions"
          >
            {t("reports.selectAll")}
          </Checkbox>
        </div>
        <Form.Item name="dimensions" rules={[groupRule("dimensions")]}>
          <Checkbox.Group
            className="pc-columns-group"
            data-testid="columns-dimensions"
            options={def.dimensions.map((d) => ({ value: d.code, label: d.title[text.lang] }))}
          />
        </Form.Item>
        <Divider className="pc-columns-divider" />
        <div className="pc-columns-head">
          <span className="pc-columns-title">{t("reports.metrics")}</span>
          <Checkbox
            checked={metrics.length === allMetrics.length}
            indeterminate={metrics.length > 0 && metrics.length < allMetrics.length}
            onChange={(event) => selectAll("metrics", allMetrics, event.target.checked)}
            data-testid="columns-all-metrics"
          >
            {t("reports.selectAll")}
          </Checkbox>
        </div>
        <Form.Item name="metrics" rules={[groupRule("metrics")]}>
          <Checkbox.Group
            className="pc-columns-group"
            data-testid="columns-metrics"
            options={metricsInTableOrder(def).map((m) => ({ value: m.key, label: m.title[text.lang] }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
