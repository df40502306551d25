/**
 * A report screen (spec §2 SDK reports, Affiliate reports, Custom-column dialog, Shared behaviours; §4
 * Column preferences, Filters and paging; §5 Report dates): filters with start and end dates inside the
 * server's 90-day window ending yesterday; reset (defaults, page 1, 10 rows), search, export, reset column
 * widths, custom columns; the trend of a chosen metric by day; the table with its total row and paging;
 * a detail drawer per row. What differs between the SDK and the affiliate report comes in `config`.
 */
import { ColumnWidthOutlined, DownloadOutlined, MailOutlined, SettingOutlined } from "@ant-design/icons";
import {
  exportFileName,
  REPORT_COMPARE_TITLES,
  REPORT_COMPARES,
  type ReportDateWindowAnswer,
} from "@pc/contract";
import { Button, Card, DatePicker, Form, Progress, Select, Space, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDeferredElement } from "../../app/useDeferredElement.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { useContractText } from "../../i18n/messages.ts";
import { getUserInfo } from "../../session/session.ts";
import { CustomColumnsDialog } from "./CustomColumnsDialog.tsx";
import { ReportDetailDrawer } from "./ReportDetailDrawer.tsx";
import { type ReportRowRecord, ReportTable, WaitingDaysAlert } from "./ReportTable.tsx";
import { ReportTrendCard } from "./ReportTrendCard.tsx";
import type { ReportColumnChoice } from "./reportDefs.ts";
import { defaultDates, isSelectableDay } from "./reportQuery.ts";
import {
  type FilterForm,
  fromDayjs,
  type ReportScreenConfig,
  reportDateRule,
  windowOf,
} from "./reportScreenConfig.ts";
import { ScheduleDialog, savedQueryOf } from "./ScheduleDialog.tsx";
import { useReportAccess } from "./useReportAccess.ts";
import { useReportColumns } from "./useReportColumns.ts";
import { useReportCompanies } from "./useReportCompanies.ts";
import { COMPARE_OFF, type CompareChoice, type ReportForm, useReportData } from "./useReportData.ts";
import { useReportExport } from "./useReportExport.ts";
import { WithDateWindow } from "./WithDateWindow.tsx";
import { WithStartCompany } from "./WithStartCompany.tsx";
import "../../components/listPage.css";
import "./reports.css";

/** The report screen once the server's date window (and, for an operator, the company to open on) is known. */
export function ReportScreen<V extends object, F, Q extends object>({
  config,
}: {
  config: ReportScreenConfig<V, F, Q>;
}) {
  return (
    <WithDateWindow>
      {(dateWindow) => (
        <WithStartCompany kind={config.def.kind}>
          {(startCompanyId) => (
            <ReportScreenBody config={config} dateWindow={dateWindow} startCompanyId={startCompanyId} />
          )}
        </WithStartCompany>
      )}
    </WithDateWindow>
  );
}

function ReportScreenBody<V extends object, F, Q extends object>({
  config,
  dateWindow,
  startCompanyId,
}: {
  config: ReportScreenConfig<V, F, Q>;
  dateWindow: ReportDateWindowAnswer;
  startCompanyId: number | null;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { def } = config;
  const window = windowOf(dateWindow);
  const [form] = Form.useForm<FilterForm<V>>();
  const initialDates = defaultDates(window);
  const { operator, maySchedule } = useReportAccess();
  const companies = useReportCompanies(operator);
  const columns = useReportColumns(def);
  const data = useReportData(config, { initialDates, startCompanyId, choice: columns.choice });
  const { applied, query, days, rangeText } = data;
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [scheduling, setScheduling] = useState<{ open: boolean; seq: number }>({ open: false, seq: 0 });
  const [detail, setDetail] = useState<{ row: ReportRowRecord; seq: number } | null>(null);
  const startDate = Form.useWatch("startDate", form);
  const endDate = Form.useWatch("endDate", form);
  const exporter = useReportExport(config.api.download, () =>
    exportFileName(def.kind, applied.companyId ?? getUserInfo()?.company_id ?? 0, Date.now()),
  );

  const onSearch = () => data.search(form.getFieldsValue(true) as ReportForm<V>);

  const onReset = () => {
    form.resetFields();
    data.reset();
  };

  const applyColumns = (next: ReportColumnChoice) => {
    columns.choose(next);
    data.firstPage();
    setColumnsOpen(false);
  };

  const openDetail = (row: ReportRowRecord) =>
    setDetail((current) => ({ row, seq: (current?.seq ?? 0) + 1 }));

  const FilterFields = config.FilterFields;
  const results = useDeferredElement(
    <>
      <ReportTrendCard def={def} trend={data.trend} days={days} rangeText={rangeText} />

      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <Space wrap size="middle">
            <h2 className="pc-list-title">
              {t(def.kind === "online" ? "route.sdkReports" : "route.affiliateReports")}
            </h2>
            {rangeText && (
              <span className="pc-compare-range" data-testid="compare-range">
                {t("reports.compareRange", rangeText)}
              </span>
            )}
          </Space>
          <Space wrap>
            {exporter.running && (
              <Progress
                className="pc-export-progress"
                percent={exporter.percent ?? 0}
                size="small"
                status="active"
                data-testid="export-progress"
              />
            )}
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporter.running}
              onClick={() => void exporter.run(query)}
              data-testid="report-export"
            >
              {exporter.running ? t("reports.exporting") : t("reports.export")}
            </Button>
            {maySchedule && (
              <Button
                icon={<MailOutlined />}
                onClick={() => setScheduling((current) => ({ open: true, seq: current.seq + 1 }))}
                data-testid="report-schedule"
              >
                {t("schedules.scheduleEmail")}
              </Button>
            )}
            <Tooltip title={t("reports.resetWidthsHelp")}>
              <Button
                icon={<ColumnWidthOutlined />}
                onClick={columns.resetWidths}
                data-testid="report-reset-widths"
              >
                {t("reports.resetWidths")}
              </Button>
            </Tooltip>
            <Button
              icon={<SettingOutlined />}
              onClick={() => setColumnsOpen(true)}
              data-testid="report-columns"
            >
              {t("reports.customColumns")}
            </Button>
          </Space>
        </div>
        <WaitingDaysAlert days={days} />
        <ReportTable
          testId="report-table"
          def={def}
          choice={columns.choice}
          lang={text.lang}
          rows={data.list.data?.list ?? []}
          total={data.list.data?.total ?? 0}
          totals={data.summary.data?.total}
          days={days}
          loading={data.list.isFetching}
          paging={data.paging}
          onPage={data.changePage}
          renderDimension={(field, row) =>
            config.renderDimension(field, row, { lang: text.lang, openDetail: () => openDetail(row) })
          }
          widths={columns.widths}
          onWidth={columns.onWidth}
          onDetail={openDetail}
        />
      </Card>
    </>,
  );

  return (
    <div className="pc-list-page pc-report-page" data-report={def.kind}>
      <Card className="pc-list-card">
        <FilterBar<FilterForm<V>>
          form={form}
          name="report"
          initialValues={data.initialForm}
          onSearch={onSearch}
          onReset={onReset}
        >
          {operator && (
            <Form.Item name="companyId" label={t("reports.company")}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                placeholder={t("reports.ownCompany")}
                loading={companies.loading}
                options={companies.options}
                popupMatchSelectWidth={false}
              />
            </Form.Item>
          )}
          <Form.Item
            name="startDate"
            label={t("reports.startDate")}
            dependencies={["endDate"]}
            rules={[reportDateRule("startDate", dateWindow.today, text.message)]}
          >
            <DatePicker
              allowClear={false}
              format="YYYY-MM-DD"
              disabledDate={(day) =>
                !isSelectableDay(fromDayjs(day), window, { notAfter: endDate ? fromDayjs(endDate) : null })
              }
            />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={t("reports.endDate")}
            dependencies={["startDate"]}
            rules={[reportDateRule("endDate", dateWindow.today, text.message)]}
          >
            <DatePicker
              allowClear={false}
              format="YYYY-MM-DD"
              disabledDate={(day) =>
                !isSelectableDay(fromDayjs(day), window, {
                  notBefore: startDate ? fromDayjs(startDate) : null,
                })
              }
            />
          </Form.Item>
          <FilterFields />
          <Form.Item name="compare" label={t("reports.compare")}>
            <Select<CompareChoice>
              className="pc-compare-select"
              data-testid="report-compare"
              popupMatchSelectWidth={false}
              onChange={data.setCompare}
              options={[
                { value: COMPARE_OFF, label: t("reports.compareOff") },
                ...REPORT_COMPARES.map((compare) => ({
                  value: compare,
                  label: REPORT_COMPARE_TITLES[compare][text.lang],
                })),
              ]}
            />
          </Form.Item>
        </FilterBar>
      </Card>

      {results}

      <CustomColumnsDialog
        key={columnsOpen ? "open" : "closed"}
        open={columnsOpen}
        def={def}
        choice={columns.choice}
        onCancel={() => setColumnsOpen(false)}
        onApply={applyColumns}
      />
      {scheduling.seq > 0 && (
        <ScheduleDialog
          key={`schedule-${scheduling.seq}`}
          open={scheduling.open}
          target={{ mode: "create", kind: def.kind, query: savedQueryOf(query) }}
          onClose={() => setScheduling((current) => ({ ...current, open: false }))}
          onSaved={() => undefined}
        />
      )}
      {detail && (
        <ReportDetailDrawer
          key={detail.seq}
          config={config}
          dateWindow={dateWindow}
          row={detail.row}
          dates={applied.dates}
          values={config.detailValues(detail.row, applied.values)}
          companyId={applied.companyId}
          choice={columns.choice}
          onClose={() => setDetail(null)}
        />
      )}
    </div>
  );
}
