/**
 * A report screen (docs/rules/screens.md#reports, docs/rules/reports.md#columns,
 * docs/rules/reports.md#dates): filters with a date range (and its presets) in the
 * server's 90-day window ending yesterday; reset (defaults, page 1, 10 rows), search, export, reset column
 * widths, custom columns; the trend of a chosen metric by day; the table with its total row and paging;
 * a detail drawer per row. What differs between the SDK and the affiliate report comes in `config`.
 */
import { ColumnWidthOutlined, DownloadOutlined, MailOutlined, SettingOutlined } from "@ant-design/icons";
import {
  exportFileName,
  type ReportDateWindowAnswer,
  type ReportViewRow,
  reportDateToIso,
} from "@pc/contract";
import { App, Button, Card, Form, Space, Tooltip } from "antd";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { reportViewsApi } from "../../../api/reportViews.ts";
import { useDeferredElement } from "../../../app/useDeferredElement.ts";
import { useStableCallback } from "../../../app/useStableCallback.ts";
import { useConfirmAction } from "../../../components/useConfirmDelete.tsx";
import { useContractText } from "../../../i18n/messages.ts";
import { prepareMetricFormats } from "../../../i18n/numbers.ts";
import { getUserInfo } from "../../../session/session.ts";
import { useReportExport } from "../export/useReportExport.ts";
import { defaultDates } from "../query/queryInput.ts";
import { ReportFilters } from "../query/ReportFilters.tsx";
import { savedQueryOf } from "../query/savedQuery.ts";
import { ReportRows } from "../table/ReportRows.tsx";
import { WaitingDaysAlert } from "../table/reportParts.tsx";
import type { ReportRowRecord } from "../table/reportRows.ts";
import { useReportColumns } from "../table/useReportColumns.ts";
import { ReportTrendCard } from "../trend/ReportTrendCard.tsx";
import { ReportViewsMenu, type ViewAction } from "../views/ReportViewsMenu.tsx";
import { differsFromView, openView, rangeToSave, selectionOfQuery } from "../views/reportViews.ts";
import { useReportViews } from "../views/useReportViews.ts";
import { choiceAsked, type ReportColumnChoice, withHourZone } from "./reportDefs.ts";
import { type FilterForm, type ReportScreenConfig, rangeOf, windowOf } from "./reportScreenConfig.ts";
import { useReportAccess } from "./useReportAccess.ts";
import { COMPARE_OFF, compareTextsOf, type ReportForm, useReportData } from "./useReportData.ts";
import { WithDateWindow } from "./WithDateWindow.tsx";
import { WithStartCompany } from "./WithStartCompany.tsx";
import "../../../components/listPage.css";
import "../reports.css";

// chunks of their own, loaded when first shown: not a report's first load
// (docs/performance.md#the-first-load), which on a phone's network waits for every byte before it (the
// schedule dialog brings its contract schemas, the progress bar antd's Progress and Divider, the columns
// dialog antd's Checkbox, a row's detail antd's Drawer and the date picker)
const CustomColumnsDialog = lazy(async () => ({
  default: (await import("../table/CustomColumnsDialog.tsx")).CustomColumnsDialog,
}));
const ScheduleDialog = lazy(async () => ({
  default: (await import("../../reportSchedules/ScheduleDialog.tsx")).ScheduleDialog,
}));
const ExportProgress = lazy(async () => ({
  default: (await import("../export/ExportProgress.tsx")).ExportProgress,
}));
const ReportViewDialog = lazy(async () => ({
  default: (await import("../views/ReportViewDialog.tsx")).ReportViewDialog,
}));
// React.lazy's component loses the drawer's type parameters; its own generic signature is put back
const ReportDetailDrawer = lazy(async () => ({
  default: (await import("../table/ReportDetailDrawer.tsx")).ReportDetailDrawer,
})) as unknown as typeof import("../table/ReportDetailDrawer.tsx").ReportDetailDrawer;

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
  // the hour is titled with the time zone of its hours (the report days')
  const def = useMemo(() => withHourZone(config.def, dateWindow.timeZone), [config.def, dateWindow.timeZone]);
  const [form] = Form.useForm<FilterForm<V>>();
  const initialDates = defaultDates(windowOf(dateWindow));
  const { maySchedule } = useReportAccess();
  const columns = useReportColumns(def);
  const data = useReportData(config, { initialDates, startCompanyId, choice: columns.choice });
  const { applied, query, days } = data;
  const window = windowOf(dateWindow);
  const { message } = App.useApp();
  const confirm = useConfirmAction();
  const views = useReportViews(def.kind);
  const [openViewId, setOpenViewId] = useState<number | null>(null);
  const [viewDialog, setViewDialog] = useState<{ mode: "create" | "rename"; seq: number } | null>(null);
  const shownView = views.views.find((view) => view.id === openViewId) ?? null;
  const compareTexts = data.compareRange && compareTextsOf(data.compareRange, text.lang);
  useEffect(() => prepareMetricFormats(text.lang), [text.lang]);
  // seq 0: never opened, so not mounted (a closed dialog's render builds its styles on the first screen)
  const [columnsDialog, setColumnsDialog] = useState({ open: false, seq: 0 });
  const [scheduling, setScheduling] = useState<{ open: boolean; seq: number }>({ open: false, seq: 0 });
  const [detail, setDetail] = useState<{ row: ReportRowRecord; seq: number } | null>(null);
  const exporter = useReportExport(config.api.download, () =>
    exportFileName(def.kind, applied.companyId ?? getUserInfo()?.company_id ?? 0, Date.now()),
  );

  const onSearch = useStableCallback(() => data.search(form.getFieldsValue(true) as ReportForm<V>));
  const onReset = useStableCallback(() => {
    form.resetFields();
    data.reset();
    setOpenViewId(null);
  });

  /** A view's question on screen: its filters in the form, its columns and sort, its dates in today's window. */
  const showView = (view: ReportViewRow) => {
    const opened = openView(def, config.emptyValues, view, window);
    const values = {
      ...opened.values,
      range: rangeOf(opened.dates),
      companyId: applied.companyId ?? undefined,
      compare: opened.compare ?? COMPARE_OFF,
    } as ReportForm<V>;
    form.setFieldsValue(values);
    columns.choose(opened.choice);
    data.show(values);
    setOpenViewId(view.id);
    if (opened.opened !== "asSaved") {
      const shown = {
        start: reportDateToIso(opened.dates.startDate),
        end: reportDateToIso(opened.dates.endDate),
      };
      void message.warning(t(opened.opened === "clipped" ? "views.clipped" : "views.replaced", shown));
    }
  };

  const saveIntoView = async (view: ReportViewRow) => {
    const range = rangeToSave(applied.dates, window, view.selection.range.type === "preset");
    try {
      await reportViewsApi.update(def.kind, { id: view.id, selection: selectionOfQuery(query, range) });
    } catch {
      return; // the client has shown the refusal
    }
    void message.success(t("views.updated", { name: view.name }));
    void views.refresh();
  };

  const onViewAction = (action: ViewAction) => {
    if (action === "saveNew" || action === "rename") {
      setViewDialog((current) => ({
        mode: action === "saveNew" ? "create" : "rename",
        seq: (current?.seq ?? 0) + 1,
      }));
      return;
    }
    if (!shownView) return;
    if (action === "update") {
      void saveIntoView(shownView);
      return;
    }
    confirm({
      content: t("views.deleteConfirm", { name: shownView.name }),
      cancelled: t("common.deleteCancelled"),
      danger: true,
      run: () => reportViewsApi.remove(def.kind, shownView.id),
      onDone: () => {
        setOpenViewId(null);
        void views.refresh();
      },
    });
  };
  const onCompare = useStableCallback(data.setCompare);

  const closeColumns = () => setColumnsDialog((current) => ({ ...current, open: false }));
  const applyColumns = (next: ReportColumnChoice) => {
    columns.choose(next);
    data.firstPage();
    closeColumns();
  };

  const openDetail = (row: ReportRowRecord) =>
    setDetail((current) => ({ row, seq: (current?.seq ?? 0) + 1 }));

  // the question whose rows are on screen; none while a new question's rows are on their way (the previous
  // answer shown meanwhile is not what the filters now ask)
  const shownQuery = data.list.isPlaceholderData ? undefined : data.list.data?.query;
  const results = useDeferredElement(
    <>
      <ReportTrendCard
        def={def}
        trend={data.trend}
        days={days}
        compareTexts={compareTexts}
        timeZone={dateWindow.timeZone}
      />

      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <Space wrap size="middle">
            <h2 className="pc-list-title">
              {t(def.kind === "online" ? "route.sdkReports" : "route.affiliateReports")}
            </h2>
            <ReportViewsMenu
              views={views.views}
              openView={shownView}
              edited={shownView !== null && differsFromView(shownView, query, window)}
              onOpen={showView}
              onAction={onViewAction}
            />
            {compareTexts && (
              <span className="pc-compare-range" data-testid="compare-range">
                {t("reports.compareRange", { ...compareTexts })}
              </span>
            )}
          </Space>
          <Space wrap>
            {exporter.running && (
              <Suspense fallback={null}>
                <ExportProgress percent={exporter.percent ?? 0} />
              </Suspense>
            )}
            <Button
              type="primary"
              icon={<DownloadOutlined />}
              loading={exporter.running}
              disabled={!shownQuery}
              onClick={() => shownQuery && void exporter.run(shownQuery)}
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
                className="pc-reset-widths"
                onClick={columns.resetWidths}
                data-testid="report-reset-widths"
              >
                {t("reports.resetWidths")}
              </Button>
            </Tooltip>
            <Button
              icon={<SettingOutlined />}
              onClick={() => setColumnsDialog((current) => ({ open: true, seq: current.seq + 1 }))}
              data-testid="report-columns"
            >
              {t("reports.customColumns")}
            </Button>
          </Space>
        </div>
        <WaitingDaysAlert days={days} />
        <ReportRows
          testId="report-table"
          def={def}
          choice={choiceAsked(def, columns.choice, data.byHour)}
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
          totalNote={compareTexts && t("reports.totalDays", { count: compareTexts.count })}
          sort={columns.choice.sort}
          onSort={(sort) => {
            columns.sortBy(sort);
            data.firstPage();
          }}
        />
      </Card>
    </>,
  );

  return (
    <div className="pc-list-page pc-report-page" data-report={def.kind}>
      <ReportFilters
        config={config}
        form={form}
        dateWindow={dateWindow}
        initialForm={data.initialForm}
        searchedDates={applied.dates}
        searchedFilters={data.filtersOn}
        onSearch={onSearch}
        onReset={onReset}
        onCompare={onCompare}
      />

      {results}

      {columnsDialog.seq > 0 && (
        <Suspense fallback={null}>
          <CustomColumnsDialog
            key={columnsDialog.seq}
            open={columnsDialog.open}
            def={def}
            timeZone={dateWindow.timeZone}
            choice={columns.choice}
            onCancel={closeColumns}
            onApply={applyColumns}
          />
        </Suspense>
      )}
      {scheduling.seq > 0 && (
        <Suspense fallback={null}>
          <ScheduleDialog
            key={`schedule-${scheduling.seq}`}
            open={scheduling.open}
            target={{ mode: "create", kind: def.kind, query: savedQueryOf(query) }}
            onClose={() => setScheduling((current) => ({ ...current, open: false }))}
            onSaved={() => undefined}
          />
        </Suspense>
      )}
      {viewDialog && (
        <Suspense fallback={null}>
          <ReportViewDialog
            key={`view-${viewDialog.seq}`}
            open
            target={
              viewDialog.mode === "rename" && shownView
                ? { mode: "rename", kind: def.kind, view: shownView }
                : { mode: "create", kind: def.kind, query, window }
            }
            onClose={() => setViewDialog(null)}
            onSaved={(saved) => {
              setOpenViewId(saved.id);
              void views.refresh();
            }}
          />
        </Suspense>
      )}
      {detail && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </div>
  );
}
