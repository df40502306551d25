/**
 * The scheduled-report dialog (docs/rules/reports.md#scheduled-reports): name, frequency (daily, or weekly on
 * a weekday), recipients picked from the company's active users, and the mail's language. Opened from a
 * report screen it saves that screen's filters, dimensions and data columns; opened from the Scheduled
 * Reports list it edits a schedule.
 */
import {
  type LangValue,
  REPORT_KIND_TITLES,
  type ReportKindValue,
  type ReportScheduleRow,
  type SavedScheduleQuery,
  SCHEDULE_NAME_MAX,
  SCHEDULE_RECIPIENTS_MAX,
  ScheduleFrequency,
  type ScheduleFrequencyValue,
  WEEKDAYS,
  weekdayOf,
} from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Form, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys.ts";
import { reportSchedulesApi } from "../../api/reportSchedules.ts";
import { EditDialog, type EditDialogProps } from "../../components/EditDialog.tsx";
import { NameField } from "../../components/NameField.tsx";
import { useEditForm } from "../../components/useEditForm.ts";
import { namedFieldOf } from "../../components/useFieldSubmit.ts";
import { useContractText } from "../../i18n/messages.ts";
import { getUserInfo } from "../../session/session.ts";

const DIALOG_WIDTH = 560;

export interface ScheduleFormValues {
  name: string;
  frequency: ScheduleFrequencyValue;
  weekday: number | null;
  recipients: string[];
  lang: LangValue;
}

/** What the dialog saves: a new schedule of a report's current query, or an existing schedule. */
export type ScheduleTarget =
  | { mode: "create"; kind: ReportKindValue; query: SavedScheduleQuery }
  | { mode: "edit"; row: ReportScheduleRow };

const FIELDS = ["name", "frequency", "weekday", "recipients", "lang"] as const;
/** A refusal naming `recipients.N` is shown on the recipients field. */
const fieldOf = (error: Parameters<ReturnType<typeof namedFieldOf>>[0]) =>
  error.field?.startsWith("recipients.") ? "recipients" : namedFieldOf(FIELDS)(error);

export function ScheduleDialog({
  target,
  ...props
}: EditDialogProps<ReportScheduleRow> & { target: ScheduleTarget }) {
  const { t } = useTranslation();
  const text = useContractText();
  const { frame, form, validate, send } = useEditForm<ScheduleFormValues, ReportScheduleRow>(props, fieldOf);
  const frequency = Form.useWatch("frequency", form);
  const users = useQuery({
    queryKey: queryKeys.reportSchedules.recipients,
    queryFn: () => reportSchedulesApi.recipients(),
    enabled: props.open,
    staleTime: 60_000,
  });
  const kind = target.mode === "create" ? target.kind : target.row.kind;
  const initialValues: ScheduleFormValues =
    target.mode === "edit"
      ? {
          name: target.row.name,
          frequency: target.row.frequency,
          weekday: target.row.weekday,
          recipients: target.row.recipients,
          lang: target.row.lang,
        }
      : {
          name: REPORT_KIND_TITLES[target.kind][text.lang],
          frequency: ScheduleFrequency.Daily,
          weekday: weekdayOf(new Date().toISOString().slice(0, 10).replaceAll("-", "")),
          recipients: [getUserInfo()?.email ?? ""].filter(Boolean),
          lang: text.lang,
        };

  const save = async () => {
    const values = await validate();
    if (!values) return;
    const weekday = values.frequency === ScheduleFrequency.Weekly ? values.weekday : null;
    const common = { ...values, weekday };
    if (target.mode === "create") {
      await send((options) =>
        reportSchedulesApi.create(
          { ...common, kind: target.kind, query: target.query, enabled: true },
          options,
        ),
      );
    } else {
      const { row } = target;
      await send((options) =>
        reportSchedulesApi.update(
          { ...common, id: row.id, kind: row.kind, query: row.query, enabled: row.enabled },
          options,
        ),
      );
    }
  };

  return (
    <EditDialog<ScheduleFormValues>
      {...frame}
      title={t(target.mode === "create" ? "schedules.createTitle" : "schedules.editTitle")}
      width={DIALOG_WIDTH}
      testId="schedule-dialog"
      initialValues={initialValues}
      onSave={save}
      intro={
        <p className="pc-muted">{t("schedules.intro", { report: REPORT_KIND_TITLES[kind][text.lang] })}</p>
      }
    >
      <NameField
        label={t("schedules.name")}
        message={text.message("scheduleNameRequired")}
        id="schedule-name"
        maxLength={SCHEDULE_NAME_MAX}
        placeholder={t("schedules.namePlaceholder")}
      />
      <Form.Item name="frequency" label={t("schedules.frequency")}>
        <Radio.Group
          id="schedule-frequency"
          options={[
            { value: ScheduleFrequency.Daily, label: t("schedules.daily") },
            { value: ScheduleFrequency.Weekly, label: t("schedules.weekly") },
          ]}
        />
      </Form.Item>
      {frequency === ScheduleFrequency.Weekly && (
        <Form.Item
          name="weekday"
          label={t("schedules.weekday")}
          rules={[{ required: true, message: text.message("scheduleWeekdayRequired") }]}
        >
          <Select
            id="schedule-weekday"
            options={WEEKDAYS.map((day) => ({ value: day, label: t(`schedules.weekdays.${day}`) }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="recipients"
        label={t("schedules.recipients")}
        rules={[
          { required: true, type: "array", min: 1, message: text.message("scheduleRecipientsRequired") },
        ]}
      >
        <Select
          id="schedule-recipients"
          mode="multiple"
          maxCount={SCHEDULE_RECIPIENTS_MAX}
          loading={users.isFetching}
          placeholder={t("schedules.recipientsPlaceholder")}
          optionFilterProp="label"
          options={(users.data?.list ?? []).map((user) => ({
            value: user.email,
            label: `${user.user_name} <${user.email}>`,
          }))}
        />
      </Form.Item>
      <Form.Item name="lang" label={t("schedules.lang")}>
        <Radio.Group
          id="schedule-lang"
          options={(["zh", "en"] as const).map((lang) => ({
            value: lang,
            label: t(`schedules.langs.${lang}`),
          }))}
        />
      </Form.Item>
    </EditDialog>
  );
}
