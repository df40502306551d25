/**
 * A report's dates as one range picker: the `range` field of a report
 * form, with presets (rangePresets.ts) and only the days of the server's window selectable, checked by the
 * contract's date rule; on a phone its popup stacks the months (reports.css). The report screen's filters and
 * a row's detail view both use it.
 */
import type { ReportDateWindowAnswer } from "@pc/contract";
import { DatePicker, Form } from "antd";
import { useTranslation } from "react-i18next";
import { useContractText } from "../../../i18n/messages.ts";
import { rangeOf, reportDateRule, toDayjs, windowOf } from "../screen/reportScreenConfig.ts";
import { reportRangePresets } from "./rangePresets.ts";

export function ReportRangeField({ dateWindow }: { dateWindow: ReportDateWindowAnswer }) {
  const { t } = useTranslation();
  const text = useContractText();
  const window = windowOf(dateWindow);
  const presets = reportRangePresets(window).map((preset) => ({
    label: t(`reports.presets.${preset.key}`),
    // made when picked or hovered, not with every render of the form
    value: () => rangeOf(preset.dates),
  }));
  return (
    <Form.Item
      name="range"
      label={t("reports.dateRange")}
      rules={[reportDateRule(dateWindow.today, text.message)]}
    >
      <DatePicker.RangePicker
        allowClear={false}
        format="YYYY-MM-DD"
        presets={presets}
        classNames={{ popup: { root: "pc-range-popup" } }}
        // only the window's days; its last month in the second panel, not a month after it
        minDate={toDayjs(window.minDate)}
        maxDate={toDayjs(window.maxDate)}
      />
    </Form.Item>
  );
}
