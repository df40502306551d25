/**
 * A report screen (spec §2 SDK reports, Affiliate reports, Custom-column dialog, Shared behaviours; §4
 * Column preferences, Filters and paging; §5 Report dates): filters with start and end dates inside the
 * server's 90-day window ending yesterday; reset (defaults, page 1, 10 rows), search, export, reset column
 * widths, custom columns; the trend of a chosen metric by day; the table with its total row and paging;
 * a detail drawer per row. What differs between the SDK and the affiliate report comes in `config`.
 */
import { ColumnWidthOutlined, DownloadOutlined, MailOutlined, SettingOutlined } from "@ant-design/icons";
import {
  compareRangeOf,
  exportFileName,
  REPORT_COMPARE_TITLES,
  REPORT_COMPARES,
  type ReportCompareValue,
  type ReportDateWindowAnswer,
  type ReportKindValue,
  reportDateToIso,
} from "@pc/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Button, Card, DatePicker, Form, Progress, Select, Space, Spin, Tooltip } from "antd";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys.ts";
import { reportManagementApi } from "../../api/reports.ts";
import { PageLoading } from "../../app/layout/PageSlot.tsx";
import { menuQuery } from "../../app/queryClient.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { useContractText } from "../../i18n/messages.ts";
import { getToken, getUserInfo } from "../../session/session.ts";
import { CustomColumnsDialog } from "./CustomColumnsDialog.tsx";
import { loadColumnChoice, saveColumnChoice } from "./columnChoice.ts";
import { type ColumnWidths, clearWidths, loadWidths, saveWidths, withWidth } from "./columnWidths.ts";
import { baseOf } from "./MetricWithChange.tsx";
import { ReportDetailDrawer } from "./ReportDetailDrawer.tsx";
import { ReportEmpty, type ReportRowRecord, ReportTable, WaitingDaysAlert } from "./ReportTable.tsx";
import { metricsInTableOrder, type ReportColumnChoice } from "./reportDefs.ts";
import {
  defaultDates,
  FIRST_REPORT_PAGE,
  isSelectableDay,
  nextReportPaging,
  type ReportDates,
  type ReportPaging,
  trendQuery,
} from "./reportQuery.ts";
import {
  dayOf,
  type FilterForm,
  fromDayjs,
  type ReportScreenConfig,
  reportDateRule,
  toDayjs,
  windowOf,
} from "./reportScreenConfig.ts";
import { ScheduleDialog, savedQueryOf } from "./ScheduleDialog.tsx";
import { useReportExport } from "./useReportExport.ts";
import { WithDateWindow } from "./WithDateWindow.tsx";
import "../../components/listPage.css";
import "./reports.css";

const TrendChart = lazy(() => import("./TrendChart.tsx"));

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

/**
 * An operator (who picks the company whose reports to read) opens on a company that has published data,
 * not on the operator's own empty one: the server names the first such company. Null for everyone else,
 * and when no company has any (the screen then reads the own company).
 */
function WithStartCompany({
  kind,
  children,
}: {
  kind: ReportKindValue;
  children: (startCompanyId: number | null) => ReactNode;
}) {
  const menu = useQuery(menuQuery(getToken()));
  const operator = menu.data?.includes("reportManagement") ?? false;
  const start = useQuery({
    queryKey: queryKeys.report.startCompany(kind),
    queryFn: () => reportManagementApi.startCompany(kind),
    enabled: operator,
    staleTime: 60_000,
    retry: false,
  });
  if (menu.isPending || (operator && start.isPending)) return <PageLoading />;
  return children(operator ? (start.data?.company_id ?? null) : null);
}

interface Applied<V> {
  dates: ReportDates;
  values: V;
  companyId: number | null;
  compare: ReportCompareValue | null;
}

/** The compare select's value when the comparison is off. */
const COMPARE_OFF = "off";
type CompareChoice = ReportCompareValue | typeof COMPARE_OFF;
const compareOf = (choice: CompareChoice | undefined): ReportCompareValue | null =>
  choice === undefined || choice === COMPARE_OFF ? null : choice;

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
  const [applied, setApplied] = useState<Applied<V>>({
    dates: initialDates,
    values: config.emptyValues,
    companyId: startCompanyId,
    compare: null,
  });
  const [paging, setPaging] = useState<ReportPaging>(FIRST_REPORT_PAGE);
  const [choice, setChoice] = useState<ReportColumnChoice>(() => loadColumnChoice(def));
  const [widths, setWidths] = useState<ColumnWidths>(() => loadWidths(def.widthsKey));
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [scheduling, setScheduling] = useState<{ open: boolean; seq: number }>({ open: false, seq: 0 });
  const [trendMetric, setTrendMetric] = useState(def.trendMetric);
  const [detail, setDetail] = useState<{ row: ReportRowRecord; seq: number } | null>(null);
  const startDate = Form.useWatch("startDate", form);
  const endDate = Form.useWatch("endDate", form);

  const menu = useQuery(menuQuery(getToken()));
  const operator = menu.data?.includes("reportManagement") ?? false;
  const maySchedule = menu.data?.includes("reportSchedules") ?? false;
  const companies = useQuery({
    queryKey: queryKeys.report.companies,
    queryFn: () => reportManagementApi.companies(),
    enabled: operator,
    staleTime: 60_000,
  });

  const filters = config.toFilters(applied.values);
  const parts = {
    dates: applied.dates,
    filters,
    choice,
    paging,
    companyId: applied.companyId,
    compare: applied.compare,
  };
  const query = config.buildQuery(parts);
  const list = useQuery({
    queryKey: queryKeys.report.list(def.kind, query),
    queryFn: () => config.api.list(query),
    placeholderData: keepPreviousData,
  });
  const summaryKey = {
    dates: applied.dates,
    filters,
    companyId: applied.companyId,
    compare: applied.compare,
  };
  const summary = useQuery({
    queryKey: queryKeys.report.summary(def.kind, summaryKey),
    queryFn: () => config.api.summary(query),
    placeholderData: keepPreviousData,
  });
  const trend = useQuery({
    queryKey: queryKeys.report.trend(def.kind, summaryKey),
    queryFn: () => config.api.list(trendQuery(query)),
    placeholderData: keepPreviousData,
  });
  const exporter = useReportExport(config.api.download, () =>
    exportFileName(def.kind, applied.companyId ?? getUserInfo()?.company_id ?? 0, Date.now()),
  );

  const initialValues = {
    ...config.emptyValues,
    startDate: toDayjs(initialDates.startDate),
    endDate: toDayjs(initialDates.endDate),
    companyId: startCompanyId ?? undefined,
    compare: COMPARE_OFF,
  } as FilterForm<V> & { compare: CompareChoice };

  const onSearch = () => {
    const all = form.getFieldsValue(true) as FilterForm<V> & { compare?: CompareChoice };
    const dates = { startDate: dayOf(all.startDate), endDate: dayOf(all.endDate) };
    if (!dates.startDate || !dates.endDate) return; // the fields' rules show why
    const next: Applied<V> = {
      dates: { startDate: dates.startDate, endDate: dates.endDate },
      values: all,
      companyId: all.companyId ?? null,
      compare: compareOf(all.compare),
    };
    const sameQuestion =
      JSON.stringify([next.dates, config.toFilters(next.values), next.companyId, next.compare]) ===
      JSON.stringify([applied.dates, filters, applied.companyId, applied.compare]);
    if (sameQuestion && paging.pageIndex === 1) {
      // the same search again reloads
      void list.refetch();
      void summary.refetch();
      void trend.refetch();
      return;
    }
    setApplied(next);
    setPaging((current) => ({ ...current, pageIndex: 1 }));
  };

  const onReset = () => {
    form.resetFields();
    setApplied({ dates: initialDates, values: config.emptyValues, companyId: startCompanyId, compare: null });
    setPaging(FIRST_REPORT_PAGE);
  };

  const onWidth = (column: string, width: number, done: boolean) => {
    setWidths((current) => {
      const next = withWidth(current, column, width);
      if (done) saveWidths(def.widthsKey, next);
      return next;
    });
  };

  const resetWidths = () => {
    clearWidths(def.widthsKey);
    setWidths({});
  };

  const applyColumns = (next: ReportColumnChoice) => {
    saveColumnChoice(def, next);
    setChoice(next);
    setPaging((current) => ({ ...current, pageIndex: 1 }));
    setColumnsOpen(false);
  };

  const openDetail = (row: ReportRowRecord) =>
    setDetail((current) => ({ row, seq: (current?.seq ?? 0) + 1 }));

  // days of this query's range (not the previous one's, shown while it loads) with data not to be seen yet
  const days = summary.isPlaceholderData ? undefined : summary.data?.days;
  const metric = def.metrics.find((m) => m.key === trendMetric) ?? def.metrics[0];
  const trendPoints = (trend.data?.list ?? []).flatMap((row) =>
    typeof row.dt === "string" && metric && typeof row[metric.key] === "number"
      ? [{ dt: row.dt, value: row[metric.key] as number, base: baseOf(row, metric.key) }]
      : [],
  );
  const compareRange = applied.compare ? compareRangeOf(applied.compare, applied.dates) : null;
  const rangeText = compareRange
    ? { start: reportDateToIso(compareRange.startDate), end: reportDateToIso(compareRange.endDate) }
    : null;
  const FilterFields = config.FilterFields;

  return (
    <div className="pc-list-page pc-report-page" data-report={def.kind}>
      <Card className="pc-list-card">
        <FilterBar<FilterForm<V>>
          form={form}
          name="report"
          initialValues={initialValues}
          onSearch={onSearch}
          onReset={onReset}
        >
          {operator && (
            <Form.Item name="companyId" label={t("reports.company")}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: "label" }}
                placeholder={t("reports.ownCompany")}
                loading={companies.isLoading}
                options={(companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
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
              onChange={(choice) => setApplied((current) => ({ ...current, compare: compareOf(choice) }))}
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

      <Card
        className="pc-list-card pc-trend-card"
        title={t("reports.trend")}
        extra={
          <Select
            size="small"
            value={metric?.key}
            onChange={setTrendMetric}
            className="pc-trend-metric"
            data-testid="trend-metric"
            popupMatchSelectWidth={false}
            options={metricsInTableOrder(def).map((m) => ({ value: m.key, label: m.title[text.lang] }))}
          />
        }
      >
        <Suspense fallback={<div className="pc-trend-empty" />}>
          {metric && (
            <Spin spinning={trend.isFetching}>
              <TrendChart
                points={trendPoints}
                format={metric.format}
                label={metric.title[text.lang]}
                lang={text.lang}
                legend={
                  rangeText
                    ? {
                        current: t("reports.currentSeries"),
                        comparison: t("reports.compareSeries", rangeText),
                      }
                    : undefined
                }
                empty={
                  days && !trend.isFetching ? <ReportEmpty days={days} testId="trend-empty" /> : undefined
                }
              />
            </Spin>
          )}
        </Suspense>
      </Card>

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
              <Button icon={<ColumnWidthOutlined />} onClick={resetWidths} data-testid="report-reset-widths">
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
          choice={choice}
          lang={text.lang}
          rows={list.data?.list ?? []}
          total={list.data?.total ?? 0}
          totals={summary.data?.total}
          days={days}
          loading={list.isFetching}
          paging={paging}
          onPage={(page, pageSize) => setPaging((current) => nextReportPaging(current, page, pageSize))}
          renderDimension={(field, row) =>
            config.renderDimension(field, row, { lang: text.lang, openDetail: () => openDetail(row) })
          }
          widths={widths}
          onWidth={onWidth}
          onDetail={openDetail}
        />
      </Card>

      <CustomColumnsDialog
        key={columnsOpen ? "open" : "closed"}
        open={columnsOpen}
        def={def}
        choice={choice}
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
          choice={choice}
          onClose={() => setDetail(null)}
        />
      )}
    </div>
  );
}
