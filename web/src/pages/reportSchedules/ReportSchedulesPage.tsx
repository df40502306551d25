/**
 * Scheduled reports (docs/rules/reports.md#scheduled-reports): the user's scheduled report mails (a
 * manager's: every one of the company) with their frequency, recipients, last mail (sent, waiting for a
 * retry, failed with its reason), when it was last sent and the next period; edit, pause or resume, send now,
 * delete. New schedules are made from the SDK and affiliate report screens ("Schedule email").
 */
import {
  type DeliveryStatusValue,
  REPORT_KIND_TITLES,
  type ReportScheduleRow,
  ScheduleFrequency,
  WEEKDAYS,
  type Weekday,
} from "@pc/contract";
import { App, Card, Table, type TableColumnsType, Tag, Tooltip, Typography } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys.ts";
import { reportSchedulesApi } from "../../api/reportSchedules.ts";
import { usePhoneLayout } from "../../app/layout/usePhoneLayout.ts";
import { DESKTOP_ONLY } from "../../components/ListPage.tsx";
import { RowActions } from "../../components/RowActions.tsx";
import { useConfirmAction } from "../../components/useConfirmDelete.tsx";
import { useListDialog } from "../../components/useListDialog.ts";
import { usePagedList } from "../../components/usePagedList.ts";
import { useContractText } from "../../i18n/messages.ts";
import { ScheduleDialog } from "./ScheduleDialog.tsx";
import "../../components/listPage.css";

const STATUS_COLORS: Record<DeliveryStatusValue, string> = {
  pending: "gold",
  sending: "blue",
  sent: "green",
  failed: "red",
};

type WeekdayKey = `${Weekday}`;
const weekdayKey = (day: number | null): WeekdayKey =>
  WEEKDAYS.find((known) => known === day) ? (String(day) as WeekdayKey) : "1";

export const frequencyText = (row: Pick<ReportScheduleRow, "frequency" | "weekday">, t: TFunction) =>
  row.frequency === ScheduleFrequency.Weekly
    ? t("schedules.frequencyText.weekly", { day: t(`schedules.weekdays.${weekdayKey(row.weekday)}`) })
    : t("schedules.frequencyText.daily");

function StatusCell({ row }: { row: ReportScheduleRow }) {
  const { t } = useTranslation();
  if (!row.last_status) return <span className="pc-muted">{t("schedules.status.none")}</span>;
  const retrying = row.last_status === "pending" && row.last_error !== null;
  const label = retrying
    ? t("schedules.status.retrying", { time: row.next_attempt_time ?? "" })
    : t(`schedules.status.${row.last_status}`);
  const tag = (
    <Tag color={STATUS_COLORS[row.last_status]} data-testid="schedule-status" data-status={row.last_status}>
      {label}
    </Tag>
  );
  return row.last_error ? (
    <Tooltip title={row.last_error}>
      <span>
        {tag}
        <Typography.Text type="secondary" className="pc-schedule-error" ellipsis>
          {row.last_error}
        </Typography.Text>
      </span>
    </Tooltip>
  ) : (
    tag
  );
}

export default function ReportSchedulesPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const edit = useListDialog<ReportScheduleRow | null>(null);
  const confirm = useConfirmAction();
  const list = usePagedList({
    queryKey: queryKeys.reportSchedules.list,
    initialFilters: {},
    fetch: (params) => reportSchedulesApi.list(params),
  });
  const reload = () => void list.query.refetch();
  const phone = usePhoneLayout();

  const setEnabled = async (row: ReportScheduleRow, enabled: boolean) => {
    await reportSchedulesApi.update({
      id: row.id,
      name: row.name,
      kind: row.kind,
      query: row.query,
      frequency: row.frequency,
      weekday: row.weekday,
      recipients: row.recipients,
      lang: row.lang,
      enabled,
    });
    void message.success(text.success);
    reload();
  };

  const sendNow = async (row: ReportScheduleRow) => {
    const after = await reportSchedulesApi.sendNow(row.id);
    if (after.last_status === "sent") void message.success(t("schedules.sentNow"));
    else void message.warning(t("schedules.sendFailed", { reason: after.last_error ?? "" }));
    reload();
  };

  const columns: TableColumnsType<ReportScheduleRow> = [
    {
      title: t("schedules.columns.name"),
      key: "name",
      fixed: "left",
      // a phone keeps the name at the left, at most about a third of the screen (as ListPage does)
      width: phone ? undefined : 200,
      className: phone ? "pc-list-name-cell" : undefined,
      render: (_, row) => (
        <>
          <Typography.Text ellipsis={{ tooltip: row.name }}>{row.name}</Typography.Text>
          <div className="pc-muted">{REPORT_KIND_TITLES[row.kind][text.lang]}</div>
        </>
      ),
    },
    {
      title: t("schedules.columns.frequency"),
      key: "frequency",
      width: 120,
      render: (_, row) => (
        <span>
          {frequencyText(row, t)}
          {!row.enabled && (
            <Tag className="pc-schedule-paused" data-testid="schedule-paused">
              {t("schedules.paused")}
            </Tag>
          )}
        </span>
      ),
    },
    {
      title: t("schedules.columns.recipients"),
      dataIndex: "recipients",
      width: 180,
      responsive: DESKTOP_ONLY,
      render: (recipients: string[]) => (
        <Typography.Text ellipsis={{ tooltip: recipients.join(", ") }}>
          {recipients.join(", ")}
        </Typography.Text>
      ),
    },
    {
      title: t("schedules.columns.owner"),
      key: "owner",
      width: 100,
      responsive: DESKTOP_ONLY,
      render: (_, row) => row.owner.name,
    },
    {
      title: t("schedules.columns.status"),
      key: "status",
      width: 200,
      render: (_, row) => <StatusCell row={row} />,
    },
    {
      title: t("schedules.columns.lastSent"),
      dataIndex: "last_sent_time",
      width: 160,
      responsive: DESKTOP_ONLY,
      render: (time: string | null) => <span className="pc-nowrap">{time ?? "-"}</span>,
    },
    {
      title: t("schedules.columns.next"),
      key: "next",
      width: 180,
      responsive: DESKTOP_ONLY,
      render: (_, row) =>
        row.next_period ? (
          t("schedules.nextPeriod", {
            period:
              row.next_period.start === row.next_period.end
                ? row.next_period.end
                : `${row.next_period.start} ~ ${row.next_period.end}`,
          })
        ) : (
          <span className="pc-muted">-</span>
        ),
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 190,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: "edit", label: t("common.edit"), onClick: () => edit.show(row) },
            {
              key: "send",
              label: t("schedules.sendNow"),
              onClick: () => void sendNow(row).catch(() => undefined),
            },
            row.enabled
              ? {
                  key: "pause",
                  label: t("schedules.pause"),
                  onClick: () => void setEnabled(row, false).catch(() => undefined),
                }
              : {
                  key: "resume",
                  label: t("schedules.resume"),
                  onClick: () => void setEnabled(row, true).catch(() => undefined),
                },
            {
              key: "delete",
              label: t("common.delete"),
              danger: true,
              onClick: () =>
                confirm({
                  content: t("schedules.deleteConfirm", { name: row.name }),
                  cancelled: t("common.deleteCancelled"),
                  danger: true,
                  run: () => reportSchedulesApi.remove(row.id),
                  onDone: list.afterDelete,
                }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="pc-list-page">
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <h2 className="pc-list-title">{t("route.reportSchedules")}</h2>
        </div>
        <Table<ReportScheduleRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          scroll={{ x: phone ? "max-content" : 1200 }}
          locale={{ emptyText: t("schedules.empty") }}
          data-testid="schedule-table"
        />
      </Card>
      {edit.target && (
        <ScheduleDialog
          key={`edit-${edit.seq}`}
          open={edit.open}
          target={{ mode: "edit", row: edit.target }}
          onClose={edit.close}
          onSaved={reload}
        />
      )}
    </div>
  );
}
