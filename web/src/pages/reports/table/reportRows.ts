/**
 * What a report's table (ReportTable.tsx) and a phone's cards (ReportCards.tsx) show alike: the chosen
 * dimensions and metrics, the rows keyed, and the report paging (docs/rules/screens.md#shared-behaviours:
 * total, sizes 10/20/30/40, prev, pager, next, jumper).
 */
import { type DimensionInfo, type MetricInfo, REPORT_PAGE_SIZES } from "@pc/contract";
import type { PaginationProps } from "antd";
import type { TFunction } from "i18next";
import type { ReportPaging } from "../query/queryInput.ts";
import { metricsInTableOrder, type ReportColumnChoice, type ReportDef } from "../screen/reportDefs.ts";

/** A report row of either kind, read by field name. */
export type ReportRowRecord = Record<string, unknown>;
export type KeyedRow = ReportRowRecord & { __key: string };

/** The chosen dimensions in code order and the chosen metrics in table order (money first). */
export function chosenColumns(
  def: ReportDef,
  choice: ReportColumnChoice,
): { dimensions: DimensionInfo<string>[]; metrics: MetricInfo<string>[] } {
  return {
    dimensions: def.dimensions.filter((d) => choice.dimensions.includes(d.code)),
    metrics: metricsInTableOrder(def).filter((m) => choice.metrics.includes(m.key)),
  };
}

/**
 * The rows keyed by every dimension field (those not asked for are null): unique for the rows of any choice,
 * so the previous page shown while the next loads never repeats a key.
 */
export function keyedRows(def: ReportDef, rows: readonly ReportRowRecord[]): KeyedRow[] {
  return rows.map((row) => ({
    ...row,
    __key: def.dimensions.map((d) => String(row[d.field] ?? "")).join("|"),
  }));
}

/** The report paging of a page of `total` rows. */
export function reportPagination(
  paging: ReportPaging,
  total: number,
  onPage: (page: number, pageSize: number) => void,
  t: TFunction,
): PaginationProps {
  return {
    current: paging.pageIndex,
    pageSize: paging.pageSize,
    total,
    pageSizeOptions: REPORT_PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (count) => t("common.total", { total: count }),
    onChange: onPage,
  };
}
