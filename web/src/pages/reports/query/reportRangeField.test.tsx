/**
 * A report's range picker: its presets in both languages set the form's range, and the
 * contract's date rule checks the picked range.
 */
import { type ReportDateWindowAnswer, reportDateWindow } from "@pc/contract";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Form, type FormInstance } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "../../../i18n/index.ts";
import { contractText } from "../../../i18n/messages.ts";
import { type DateRange, datesOf, rangeOf, reportDateRule } from "../screen/reportScreenConfig.ts";
import { ReportRangeField } from "./ReportRangeField.tsx";

const TODAY = "20261126";
const windowOn = (today: string): ReportDateWindowAnswer => ({
  timeZone: "UTC",
  today,
  ...reportDateWindow(today),
});
const WINDOW = windowOn(TODAY);

let form: FormInstance<{ range: DateRange }> | undefined;
function RangeForm({ dateWindow = WINDOW }: { dateWindow?: ReportDateWindowAnswer }) {
  const [instance] = Form.useForm<{ range: DateRange }>();
  form = instance;
  return (
    <Form
      form={instance}
      name="report"
      initialValues={{ range: rangeOf({ startDate: "20261119", endDate: "20261125" }) }}
    >
      <ReportRangeField dateWindow={dateWindow} />
    </Form>
  );
}

/** Opens the picker and picks the preset labelled `label`. */
async function pickPreset(label: string) {
  const start = document.querySelector<HTMLInputElement>("#report_range");
  if (!start) throw new Error("no range picker");
  fireEvent.mouseDown(start);
  fireEvent.click(start);
  fireEvent.click(await screen.findByText(label));
}

afterEach(async () => {
  await act(() => changeLanguage("zh"));
});

describe("report range field", () => {
  it.each([
    ["zh", "近 30 天"],
    ["en", "Last 30 days"],
  ] as const)("sets the range from a preset (%s)", async (lang, label) => {
    await act(() => changeLanguage(lang));
    render(<RangeForm />);
    for (const other of lang === "zh" ? ["昨天", "本月", "上月", "近 90 天"] : ["Yesterday", "Last 90 days"])
      expect(screen.queryByText(other)).toBeNull();
    await pickPreset(label);
    await waitFor(() =>
      expect(datesOf(form?.getFieldValue("range"))).toEqual({ startDate: "20261027", endDate: "20261125" }),
    );
  });

  it("offers this month but on the 1st, when last month ends yesterday", async () => {
    const presetLabels = () =>
      [...document.querySelectorAll(".ant-picker-presets li")].map((item) => item.textContent);
    const first = render(<RangeForm />);
    await pickPreset("近 7 天");
    expect(presetLabels()).toEqual(["昨天", "近 7 天", "近 30 天", "本月", "上月", "近 90 天"]);
    first.unmount();

    render(<RangeForm dateWindow={windowOn("20261201")} />);
    await pickPreset("上月");
    expect(presetLabels()).toEqual(["昨天", "近 7 天", "近 30 天", "上月", "近 90 天"]);
    expect(datesOf(form?.getFieldValue("range"))).toEqual({ startDate: "20261101", endDate: "20261130" });
  });

  it("lets only the window's days be picked, its last month beside the one before", async () => {
    render(<RangeForm />);
    await pickPreset("近 7 天");
    const cell = (iso: string) => document.querySelector(`.ant-picker-cell[title="${iso}"]`);
    expect(cell("2026-11-25")?.classList.contains("ant-picker-cell-disabled")).toBe(false);
    expect(cell("2026-11-26")?.classList.contains("ant-picker-cell-disabled")).toBe(true);
    expect(cell("2026-10-01")).not.toBeNull();
    expect(document.querySelector('.ant-picker-cell[title="2026-12-01"].ant-picker-cell-in-view')).toBeNull();
  });
});

describe("report date rule", () => {
  const { message } = contractText("en");
  const check = (range: unknown) => reportDateRule(TODAY, message).validator(null, range);

  it("passes a range inside the window ending yesterday", async () => {
    await expect(
      check(rangeOf({ startDate: WINDOW.minDate, endDate: WINDOW.maxDate })),
    ).resolves.toBeUndefined();
  });

  it("says what is wrong with either end, on the one field", async () => {
    await expect(check(null)).rejects.toThrow(message("reportDateRequired"));
    await expect(check(rangeOf({ startDate: "20260827", endDate: "20261125" }))).rejects.toThrow(
      message("reportDateTooEarly"),
    );
    await expect(check(rangeOf({ startDate: "20261120", endDate: "20261126" }))).rejects.toThrow(
      message("reportDateTooLate"),
    );
  });
});
