/**
 * The detail view of a report row (docs/rules/screens.md#reports: a date range, app, country and ad-type
 * filters; the same calls serve the detail views): the row's numbers day by day over its own date range and
 * filters, with the total row and paging of the report table.
 */
import type { ReportDateWindowAnswer } from "@pc/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Drawer, Form } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../../api/queryKeys.ts";
import { FilterBar } from "../../../components/FilterBar.tsx";
import { useContractText } from "../../../i18n/messages.ts";
import {
  FIRST_REPORT_PAGE,
  nextReportPaging,
  type ReportDates,
  type ReportPaging,
} from "../query/queryInput.ts";
import { ReportRangeField } from "../query/ReportRangeField.tsx";
import { DATE_DIMENSION, type ReportColumnChoice } from "../screen/reportDefs.ts";
import { type DateRange, datesOf, type ReportScreenConfig, rangeOf } from "../screen/reportScreenConfig.ts";
import { ReportRows } from "./ReportRows.tsx";
import { WaitingDaysAlert } from "./reportParts.tsx";
import type { ReportRowRecord } from "./reportRows.ts";

const DETAIL_DRAWER_WIDTH = 1080;

type DetailForm<V> = V & { range: DateRange };

export function ReportDetailDrawer<V extends object, F, Q extends object>({
  config,
  dateWindow,
  row,
  dates,
  values,
  companyId,
  choice,
  onClose,
}: {
  config: ReportScreenConfig<V, F, Q>;
  dateWindow: ReportDateWindowAnswer;
  row: ReportRowRecord;
  dates: ReportDates;
  values: V;
  companyId: number | null;
  choice: ReportColumnChoice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = useContractText();
  const { def } = config;
  const [form] = Form.useForm<DetailForm<V>>();
  const [open, setOpen] = useState(true);
  const [applied, setApplied] = useState({ dates, values });
  const [paging, setPaging] = useState<ReportPaging>(FIRST_REPORT_PAGE);
  const detailChoice: ReportColumnChoice = { dimensions: [DATE_DIMENSION], metrics: choice.metrics };
  const query = config.buildQuery({
    dates: applied.dates,
    filters: config.toFilters(applied.values),
    choice: detailChoice,
    paging,
    companyId,
  });
  const list = useQuery({
    queryKey: queryKeys.report.detail(def.kind, query),
    queryFn: () => config.api.list(query),
    placeholderData: keepPreviousData,
  });
  const summary = useQuery({
    queryKey: queryKeys.report.detailSummary(
      def.kind,
      applied.dates,
      config.toFilters(applied.values),
      companyId,
    ),
    queryFn: () => config.api.summary(query),
    placeholderData: keepPreviousData,
  });

  const initialValues = {
    ...values,
    range: rangeOf(dates),
  } as DetailForm<V>;

  const onSearch = () => {
    const all = form.getFieldsValue(true) as DetailForm<V>;
    const next = datesOf(all.range);
    if (!next) return; // the field's rule shows why
    setApplied({ dates: next, values: all });
    setPaging((current) => ({ ...current, pageIndex: 1 }));
  };

  const onReset = () => {
    form.resetFields();
    setApplied({ dates, values });
    setPaging(FIRST_REPORT_PAGE);
  };

  const FilterFields = config.FilterFields;
  return (
    <Drawer
      open={open}
      size={DETAIL_DRAWER_WIDTH}
      title={`${t("reports.detailTitle")} · ${config.detailTitle(row, text.lang)}`}
      onClose={() => setOpen(false)}
      afterOpenChange={(visible) => {
        if (!visible) onClose();
      }}
      destroyOnHidden
      data-testid="report-detail"
      className="pc-report-detail"
    >
      <div className="pc-list-page">
        <FilterBar<DetailForm<V>>
          form={form}
          name="detail"
          initialValues={initialValues}
          onSearch={onSearch}
          onReset={onReset}
        >
          <ReportRangeField dateWindow={dateWindow} />
          <FilterFields />
        </FilterBar>
        <WaitingDaysAlert days={summary.isPlaceholderData ? undefined : summary.data?.days} />
        <ReportRows
          testId="detail-table"
          def={def}
          choice={detailChoice}
          lang={text.lang}
          rows={list.data?.list ?? []}
          total={list.data?.total ?? 0}
          totals={summary.data?.total}
          days={summary.isPlaceholderData ? undefined : summary.data?.days}
          loading={list.isFetching}
          paging={paging}
          onPage={(page, pageSize) => setPaging((current) => nextReportPaging(current, page, pageSize))}
          renderDimension={(field, detailRow) =>
            config.renderDimension(field, detailRow, { lang: text.lang })
          }
        />
      </div>
    </Drawer>
  );
}
