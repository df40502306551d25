/**
 * The saved view dialog: a name for a new view of the screen (and, when its dates are a preset's, whether the
 * view keeps the preset, the latest days each time, or these days), or a new name for the open view. A refusal
 * naming the name (taken, too long) is shown on it.
 */
import {
  REPORT_VIEW_NAME_MAX,
  type ReportDateWindow,
  type ReportKindValue,
  type ReportViewRow,
  reportDateToIso,
} from "@pc/contract";
import { Form, Radio } from "antd";
import { useTranslation } from "react-i18next";
import { reportViewsApi } from "../../../api/reportViews.ts";
import { EditDialog, type EditDialogProps } from "../../../components/EditDialog.tsx";
import { NameField } from "../../../components/NameField.tsx";
import { useEditForm } from "../../../components/useEditForm.ts";
import { namedFieldOf } from "../../../components/useFieldSubmit.ts";
import { useContractText } from "../../../i18n/messages.ts";
import { datesOfQuery, presetOfDates, rangeToSave, selectionOfQuery } from "./reportViews.ts";

const DIALOG_WIDTH = 480;

interface ViewFormValues {
  name: string;
  /** Keep the dates as their preset (the latest days each time the view opens). */
  relative: boolean;
}

/** A new view of the table's query as sent, or the open view renamed. */
export type ViewDialogTarget =
  | { mode: "create"; kind: ReportKindValue; query: object; window: ReportDateWindow }
  | { mode: "rename"; kind: ReportKindValue; view: ReportViewRow };

export function ReportViewDialog({
  target,
  ...props
}: EditDialogProps<ReportViewRow> & { target: ViewDialogTarget }) {
  const { t } = useTranslation();
  const text = useContractText();
  const { frame, validate, send } = useEditForm<ViewFormValues, ReportViewRow>(
    props,
    namedFieldOf(["name"] as const),
  );
  const dates = target.mode === "create" ? datesOfQuery(target.query) : null;
  const preset = target.mode === "create" && dates ? presetOfDates(dates, target.window) : null;
  const fixedText =
    dates &&
    t("views.fixed", { start: reportDateToIso(dates.startDate), end: reportDateToIso(dates.endDate) });

  const save = async () => {
    const values = await validate();
    if (!values) return;
    if (target.mode === "create") {
      const range = rangeToSave(datesOfQuery(target.query), target.window, values.relative);
      const selection = selectionOfQuery(target.query, range);
      await send((options) => reportViewsApi.create(target.kind, { name: values.name, selection }, options));
    } else {
      await send((options) =>
        reportViewsApi.update(target.kind, { id: target.view.id, name: values.name }, options),
      );
    }
  };

  return (
    <EditDialog<ViewFormValues>
      {...frame}
      title={t(target.mode === "create" ? "views.createTitle" : "views.renameTitle")}
      width={DIALOG_WIDTH}
      testId="report-view-dialog"
      initialValues={{ name: target.mode === "rename" ? target.view.name : "", relative: true }}
      saveOnEnter
      onSave={save}
      intro={target.mode === "create" && <p className="pc-muted">{t("views.intro")}</p>}
    >
      <NameField
        label={t("views.name")}
        message={text.message("reportViewNameRequired")}
        id="report-view-name"
        maxLength={REPORT_VIEW_NAME_MAX}
        showCount
        placeholder={t("views.namePlaceholder")}
        autoFocus
      />
      {target.mode === "create" &&
        (preset ? (
          <Form.Item name="relative" label={t("views.dates")}>
            <Radio.Group
              id="report-view-dates"
              className="pc-view-dates"
              options={[
                {
                  value: true,
                  label: t("views.relative", { preset: t(`reports.presets.${preset}`) }),
                },
                { value: false, label: fixedText },
              ]}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t("views.dates")}>
            <span data-testid="report-view-fixed">{fixedText}</span>
          </Form.Item>
        ))}
    </EditDialog>
  );
}
