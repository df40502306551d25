/**
 * Report management (operator admins; docs/rules/entities.md#report-days; docs/rules/reports.md#pipeline):
 * the report batches, days × kind × company, with their status (pending, calculating, calculated, published,
 * error with its reason, stale), filtered by date range, kind, company and status; calculate, recalculate,
 * publish and delete, each confirmed with a message saying it cannot be undone; the list reloads after.
 */
import { CalculatorOutlined, ExclamationCircleFilled } from "@ant-design/icons";
import {
  REPORT_ACTION_CONFIRM,
  REPORT_STATUS_TITLES,
  REPORT_STATUSES,
  type ReportBatchRow,
  type ReportDateWindowAnswer,
  type ReportKindValue,
  type ReportManageAnswer,
} from "@pc/contract";
import { App, Button, Card, DatePicker, Form, Select, Table, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { usePhoneLayout } from "../../app/layout/usePhoneLayout.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { RowActions } from "../../components/RowActions.tsx";
import type { RowAction } from "../../components/rowActions.ts";
import { useContractText } from "../../i18n/messages.ts";
import { formatCount } from "../../i18n/numbers.ts";
import { CompanySelect } from "../reports/screen/CompanySelect.tsx";
import { afterWindow } from "../reports/screen/reportScreenConfig.ts";
import { useReportCompanies } from "../reports/screen/useReportCompanies.ts";
import { WithDateWindow } from "../reports/screen/WithDateWindow.tsx";
import { BatchCards } from "./BatchCards.tsx";
import { kindOptions } from "./batchChoices.ts";
import { KindTag, StatusTags } from "./batchTags.tsx";
import { CalculateDialog } from "./CalculateDialog.tsx";
import { ChangedBatches } from "./ChangedBatches.tsx";
import {
  apiAction,
  type BatchFilterValues,
  batchActions,
  batchKey,
  type ManageAction,
  useReportBatches,
} from "./useReportBatches.ts";
import "../../components/listPage.css";
import "../reports/reports.css";

/** The sum of the batch table's column widths. */
const MANAGEMENT_TABLE_WIDTH = 1216;

export default function ReportManagementPage() {
  return <WithDateWindow>{(dateWindow) => <ReportManagement dateWindow={dateWindow} />}</WithDateWindow>;
}

function ReportManagement({ dateWindow }: { dateWindow: ReportDateWindowAnswer }) {
  const { t } = useTranslation();
  const text = useContractText();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<BatchFilterValues>();
  const [calculateOpen, setCalculateOpen] = useState(false);
  const batches = useReportBatches(dateWindow);
  const { list } = batches;
  const companies = useReportCompanies();
  const phone = usePhoneLayout();

  const onReset = () => {
    form.resetFields();
    batches.reset();
  };

  /** A calculation may change more than the batch it was asked for: every batch it changed is shown. */
  const showChanged = (answer: ReportManageAnswer) => {
    modal.success({
      title: t("reportManagement.changed.title", { count: answer.batches.length }),
      content: <ChangedBatches batches={answer.batches} lang={text.lang} />,
      okText: t("common.ok"),
      width: 560,
    });
  };

  const confirm = (action: ManageAction, row: ReportBatchRow) => {
    modal.confirm({
      title: t("reportManagement.confirmTitle"),
      icon: <ExclamationCircleFilled />,
      content: text.message(REPORT_ACTION_CONFIRM[action]),
      okText: t(`reportManagement.${action}`),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: action === "delete" },
      onOk: async () => {
        let answer: ReportManageAnswer;
        try {
          answer = await batches.manage(action, row);
        } catch {
          return; // the client has shown the server's message; the dialog closes
        }
        if (apiAction(action) === "calculate") showChanged(answer);
        else void message.success(text.success);
      },
    });
  };

  const rowActions = (row: ReportBatchRow): RowAction[] =>
    batchActions(row).map((action) => ({
      key: action,
      label: t(`reportManagement.${action}`),
      danger: action === "delete",
      onClick: () => confirm(action, row),
    }));

  // At 1366 px every column shows whole beside the fixed actions (the published time included): the widths
  // add up to the table's scroll width, which fits the card there.
  const columns: TableColumnsType<ReportBatchRow> = [
    { title: t("reportManagement.columns.dt"), dataIndex: "dt", width: 108 },
    {
      title: t("reportManagement.columns.kind"),
      dataIndex: "kind",
      width: 140,
      render: (kind: ReportKindValue) => <KindTag kind={kind} lang={text.lang} />,
    },
    { title: t("reportManagement.columns.company"), dataIndex: "company_name", ellipsis: true, width: 150 },
    {
      title: t("reportManagement.columns.status"),
      key: "status",
      width: 200,
      render: (_, row) => <StatusTags row={row} lang={text.lang} />,
    },
    {
      title: t("reportManagement.columns.rowCount"),
      dataIndex: "row_count",
      width: 80,
      align: "right",
      render: (count: number | null) => (count === null ? "" : formatCount(count, text.lang)),
    },
    {
      title: t("reportManagement.columns.calculateTime"),
      dataIndex: "calculate_time",
      width: 164,
      className: "pc-nowrap",
    },
    {
      title: t("reportManagement.columns.publishTime"),
      dataIndex: "publish_time",
      width: 164,
      className: "pc-nowrap",
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 210,
      fixed: "right",
      render: (_, row) => <RowActions actions={rowActions(row)} />,
    },
  ];

  return (
    <div className="pc-list-page">
      <Card className="pc-list-card">
        <FilterBar<BatchFilterValues>
          form={form}
          name="manage"
          initialValues={batches.initialValues}
          onSearch={() => batches.search(form.getFieldsValue())}
          onReset={onReset}
        >
          <Form.Item name="range" label={t("reportManagement.dateRange")}>
            <DatePicker.RangePicker
              allowClear={false}
              format="YYYY-MM-DD"
              className="pc-manage-range"
              disabledDate={afterWindow(dateWindow)}
            />
          </Form.Item>
          <Form.Item name="kind" label={t("reportManagement.kind")}>
            <Select
              allowClear
              placeholder={t("reportManagement.allKinds")}
              options={kindOptions(text.lang)}
            />
          </Form.Item>
          <Form.Item name="company_id" label={t("reportManagement.company")}>
            <CompanySelect companies={companies} placeholder={t("reportManagement.allCompanies")} />
          </Form.Item>
          <Form.Item name="status" label={t("reportManagement.status")}>
            <Select
              allowClear
              placeholder={t("reportManagement.allStatuses")}
              popupMatchSelectWidth={false}
              options={REPORT_STATUSES.map((status) => ({
                value: status,
                label: REPORT_STATUS_TITLES[status][text.lang],
              }))}
            />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <div>
            <h2 className="pc-list-title">{t("route.reportManagement")}</h2>
            <Typography.Text type="secondary" className="pc-manage-intro">
              {t("reportManagement.intro")}
            </Typography.Text>
          </div>
          <Button
            type="primary"
            icon={<CalculatorOutlined />}
            onClick={() => setCalculateOpen(true)}
            data-testid="manage-calculate-day"
          >
            {t("reportManagement.calculateDay")}
          </Button>
        </div>
        {phone ? (
          <BatchCards
            rows={list.rows}
            loading={list.query.isFetching}
            pagination={list.pagination}
            lang={text.lang}
            actions={rowActions}
          />
        ) : (
          <Table<ReportBatchRow>
            data-testid="batch-table"
            rowKey={batchKey}
            columns={columns}
            dataSource={list.rows}
            loading={list.query.isFetching}
            pagination={list.pagination}
            size="middle"
            scroll={{ x: MANAGEMENT_TABLE_WIDTH }}
          />
        )}
      </Card>
      <CalculateDialog
        key={calculateOpen ? "open" : "closed"}
        open={calculateOpen}
        dateWindow={dateWindow}
        companies={companies}
        calculate={batches.calculateDay}
        onClose={() => setCalculateOpen(false)}
        onDone={(answer) => {
          setCalculateOpen(false);
          showChanged(answer);
        }}
      />
    </div>
  );
}
