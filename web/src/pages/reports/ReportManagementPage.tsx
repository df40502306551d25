/**
 * Report management (operator admins; spec §3, §4 Report statuses; DESIGN §5 Operators, Pipeline): the
 * report batches, days × kind × company, with their status (pending, calculating, calculated, published,
 * error with its reason, stale), filtered by date range, kind, company and status; calculate, recalculate,
 * publish and delete, each confirmed with a message saying it cannot be undone; the list reloads after.
 */
import { CalculatorOutlined, ExclamationCircleFilled } from "@ant-design/icons";
import {
  addReportDays,
  isoToReportDate,
  type LangValue,
  REPORT_ACTION_CONFIRM,
  REPORT_KIND_TITLES,
  REPORT_KINDS,
  REPORT_STALE_TITLE,
  REPORT_STATUS_TITLES,
  REPORT_STATUSES,
  type ReportActionValue,
  type ReportBatchRow,
  type ReportDateWindowAnswer,
  type ReportKindValue,
  ReportStatus,
  type ReportStatusValue,
} from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Modal,
  Radio,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys.ts";
import { type BatchListParams, reportManagementApi } from "../../api/reports.ts";
import { busy } from "../../components/busy.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { RowActions } from "../../components/RowActions.tsx";
import type { RowAction } from "../../components/rowActions.ts";
import { usePagedList } from "../../components/usePagedList.ts";
import { useContractText } from "../../i18n/messages.ts";
import { formatCount } from "../../i18n/numbers.ts";
import { dayOf, toDayjs } from "./reportScreenConfig.ts";
import { WithDateWindow } from "./WithDateWindow.tsx";
import "../../components/listPage.css";
import "./reports.css";

/** The sum of the batch table's column widths. */
const MANAGEMENT_TABLE_WIDTH = 1216;

/** The list starts with the last 14 days ending yesterday. */
export const MANAGEMENT_DEFAULT_DAYS = 14;

/** What the operator may do with a batch of each status ("recalculate" is calculate on a day with a report). */
export type ManageAction = ReportActionValue | "recalculate";

export function batchActions(row: Pick<ReportBatchRow, "status" | "stale">): ManageAction[] {
  switch (row.status) {
    case ReportStatus.Pending:
    case ReportStatus.Error:
      return ["calculate"];
    case ReportStatus.Calculated:
      return ["publish", "recalculate", "delete"];
    case ReportStatus.Published:
      return ["recalculate", "delete"];
    default:
      return [];
  }
}

/** The call an action makes. */
export const apiAction = (action: ManageAction): ReportActionValue =>
  action === "recalculate" ? "calculate" : action;

const STATUS_COLORS: Record<ReportStatusValue, string> = {
  pending: "default",
  calculating: "processing",
  calculated: "gold",
  published: "green",
  error: "red",
};

interface Filters {
  start_date: string;
  end_date: string;
  company_id: number | null;
  kind: ReportKindValue | null;
  status: ReportStatusValue | null;
}

interface FilterValues {
  range: [Dayjs, Dayjs] | null;
  company_id: number | undefined;
  kind: ReportKindValue | undefined;
  status: ReportStatusValue | undefined;
}

export function StatusTags({ row, lang }: { row: ReportBatchRow; lang: LangValue }) {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap>
      <Tag color={STATUS_COLORS[row.status]} data-status={row.status}>
        {REPORT_STATUS_TITLES[row.status][lang]}
      </Tag>
      {row.stale && (
        <Tag color="warning" data-status="stale">
          {REPORT_STALE_TITLE[lang]}
        </Tag>
      )}
      {row.status === ReportStatus.Error && row.reason && (
        <Tooltip title={row.reason}>
          <Typography.Text type="danger" ellipsis className="pc-batch-reason">
            {t("reportManagement.reason", { reason: row.reason })}
          </Typography.Text>
        </Tooltip>
      )}
    </Space>
  );
}

export default function ReportManagementPage() {
  return <WithDateWindow>{(dateWindow) => <ReportManagement dateWindow={dateWindow} />}</WithDateWindow>;
}

function ReportManagement({ dateWindow }: { dateWindow: ReportDateWindowAnswer }) {
  const { t } = useTranslation();
  const text = useContractText();
  const { modal, message } = App.useApp();
  const [form] = Form.useForm<FilterValues>();
  const [calculateOpen, setCalculateOpen] = useState(false);
  const defaults: Filters = {
    start_date: addReportDays(dateWindow.maxDate, 1 - MANAGEMENT_DEFAULT_DAYS),
    end_date: dateWindow.maxDate,
    company_id: null,
    kind: null,
    status: null,
  };
  const initialValues: FilterValues = {
    range: [toDayjs(defaults.start_date), toDayjs(defaults.end_date)],
    company_id: undefined,
    kind: undefined,
    status: undefined,
  };
  const list = usePagedList<Filters, ReportBatchRow>({
    queryKey: queryKeys.reportBatches.list,
    initialFilters: defaults,
    fetch: (params: BatchListParams) => reportManagementApi.batches(params),
  });
  const companies = useQuery({
    queryKey: queryKeys.report.companies,
    queryFn: () => reportManagementApi.companies(),
    staleTime: 60_000,
  });
  const companyOptions = (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }));

  const onSearch = () => {
    const values = form.getFieldsValue();
    const [start, end] = values.range ?? [null, null];
    list.search({
      start_date: dayOf(start) ?? defaults.start_date,
      end_date: dayOf(end) ?? defaults.end_date,
      company_id: values.company_id ?? null,
      kind: values.kind ?? null,
      status: values.status ?? null,
    });
  };

  const onReset = () => {
    form.resetFields();
    list.reset(defaults);
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
        try {
          await reportManagementApi.manage(
            row.kind,
            apiAction(action),
            isoToReportDate(row.dt),
            row.company_id,
          );
        } catch {
          return; // the client has shown the server's message; the dialog closes
        }
        void message.success(text.success);
        void list.query.refetch();
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
      render: (kind: ReportKindValue) => (
        <Tag color={kind === "online" ? "blue" : "purple"} variant="outlined">
          {REPORT_KIND_TITLES[kind][text.lang]}
        </Tag>
      ),
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
        <FilterBar<FilterValues>
          form={form}
          name="manage"
          initialValues={initialValues}
          onSearch={onSearch}
          onReset={onReset}
        >
          <Form.Item name="range" label={t("reportManagement.dateRange")}>
            <DatePicker.RangePicker
              allowClear={false}
              format="YYYY-MM-DD"
              className="pc-manage-range"
              disabledDate={(day) => (dayOf(day) ?? "") > dateWindow.maxDate}
            />
          </Form.Item>
          <Form.Item name="kind" label={t("reportManagement.kind")}>
            <Select
              allowClear
              placeholder={t("reportManagement.allKinds")}
              options={REPORT_KINDS.map((kind) => ({
                value: kind,
                label: REPORT_KIND_TITLES[kind][text.lang],
              }))}
            />
          </Form.Item>
          <Form.Item name="company_id" label={t("reportManagement.company")}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              placeholder={t("reportManagement.allCompanies")}
              loading={companies.isLoading}
              options={companyOptions}
            />
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
        <Table<ReportBatchRow>
          data-testid="batch-table"
          rowKey={(row) => `${row.company_id}|${row.kind}|${row.dt}`}
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          size="middle"
          scroll={{ x: MANAGEMENT_TABLE_WIDTH }}
        />
      </Card>
      <CalculateDialog
        key={calculateOpen ? "open" : "closed"}
        open={calculateOpen}
        dateWindow={dateWindow}
        companies={companyOptions}
        onClose={() => setCalculateOpen(false)}
        onDone={() => {
          setCalculateOpen(false);
          void list.query.refetch();
        }}
      />
    </div>
  );
}

interface CalculateValues {
  date: Dayjs | null;
  kind: ReportKindValue;
  company_id: number | undefined;
}

/** Calculates a day that may have no batch yet (one company or every publisher); the dialog says it cannot be undone. */
function CalculateDialog({
  open,
  dateWindow,
  companies,
  onClose,
  onDone,
}: {
  open: boolean;
  dateWindow: ReportDateWindowAnswer;
  companies: { value: number; label: string }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { message } = App.useApp();
  const [form] = Form.useForm<CalculateValues>();
  const [running, setRunning] = useState(false);

  const run = async () => {
    let values: CalculateValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const ymd = dayOf(values.date);
    if (!ymd) return;
    setRunning(true);
    try {
      await reportManagementApi.manage(values.kind, "calculate", ymd, values.company_id ?? null);
      void message.success(text.success);
      onDone();
    } catch {
      // the client has shown the server's message
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t("reportManagement.dialog.title")}
      onCancel={onClose}
      onOk={() => void run()}
      okText={t("reportManagement.calculate")}
      cancelText={t("common.cancel")}
      okButtonProps={{ loading: busy(running) }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Alert
        type="warning"
        showIcon
        title={text.message("reportCalculateConfirm")}
        className="pc-report-alert"
      />
      <Form<CalculateValues>
        form={form}
        name="calculate"
        layout="vertical"
        initialValues={{ date: toDayjs(dateWindow.maxDate), kind: "online", company_id: undefined }}
      >
        <Form.Item
          name="date"
          label={t("reportManagement.dialog.date")}
          rules={[{ required: true, message: t("reportManagement.dialog.datePlaceholder") }]}
        >
          <DatePicker
            format="YYYY-MM-DD"
            placeholder={t("reportManagement.dialog.datePlaceholder")}
            disabledDate={(day) => (dayOf(day) ?? "") > dateWindow.maxDate}
          />
        </Form.Item>
        <Form.Item name="kind" label={t("reportManagement.dialog.kind")}>
          <Radio.Group
            options={REPORT_KINDS.map((kind) => ({
              value: kind,
              label: REPORT_KIND_TITLES[kind][text.lang],
            }))}
          />
        </Form.Item>
        <Form.Item name="company_id" label={t("reportManagement.dialog.company")}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: "label" }}
            placeholder={t("reportManagement.dialog.allPublishers")}
            options={companies}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
