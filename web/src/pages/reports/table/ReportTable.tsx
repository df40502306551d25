/**
 * A report table (docs/rules/screens.md#reports; docs/rules/screens.md#shared-behaviours): the chosen
 * dimensions, then the chosen data columns, money first, in the language's number format
 * (docs/internals.md#numbers), resizable columns (when the screen keeps widths), a max height of 500px, the
 * total row of the same query, the report pagination (total, sizes 10/20/30/40, prev, pager, next, jumper),
 * and an empty state that tells "no data for this range" from "not published yet".
 *
 * One table in a scrolling box (reports.css): its header, total row and detail column stay in view by CSS
 * (`position: sticky`). antd's own scrolling (`scroll`, fixed columns and summary) splits the table in three
 * and measures every column's width after each render, which forced the page's layout inside React's commit
 * and rendered the table again: 0.3–0.4 s of a phone's CPU each time rows arrived.
 */
import { Table, type TableColumnsType } from "antd";
import type { SorterResult, SortOrder as SortOrderAntd } from "antd/es/table/interface";
import { useTranslation } from "react-i18next";
import type { ReportDef, ReportSort } from "../screen/reportDefs.ts";
import { baseOf, metricCell } from "./MetricWithChange.tsx";
import type { ResizableHeaderCellProps } from "./ResizableHeaderCell.tsx";
import { ResizableHeaderCell } from "./ResizableHeaderCell.tsx";
import { DetailButton, ReportEmpty, type ReportRowsProps } from "./reportParts.tsx";
import { chosenColumns, type KeyedRow, keyedRows, reportPagination } from "./reportRows.ts";

const DETAIL_COLUMN = "__detail";
const SORT_DESCENDING_FIRST: SortOrderAntd[] = ["descend", "ascend"];
const SORT_ASCENDING_FIRST: SortOrderAntd[] = ["ascend", "descend"];

/** antd's sort order of a column under a report's sort. */
const sortOrderOf = (sort: ReportSort | null | undefined, column: string): SortOrderAntd =>
  sort?.orderBy === column ? (sort.order === "asc" ? "ascend" : "descend") : null;

/** A report's sort from antd's sorter (one column; none when it went back to unsorted). */
function sortOfSorter(sorter: SorterResult<KeyedRow> | SorterResult<KeyedRow>[]): ReportSort | null {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || typeof single.columnKey !== "string") return null;
  return { orderBy: single.columnKey, order: single.order === "ascend" ? "asc" : "desc" };
}

const DIMENSION_WIDTHS: Record<string, number> = {
  dt: 120,
  appName: 170,
  adId: 220,
  country: 100,
  adStyle: 130,
  subChannel: 140,
  offerId: 120,
  pkgName: 210,
};
const METRIC_WIDTH = 120;
const MONEY_WIDTH = 150;
/** Money columns whose English title is long ("Settlement amount (USD)"). */
const WIDE_MONEY: Record<string, number> = { settleAmount: 190 };

function defaultColumnWidth(def: ReportDef, column: string): number {
  const metric = def.metrics.find((m) => m.key === column);
  if (metric) {
    if (metric.format === "money" || metric.format === "ratio") return WIDE_MONEY[column] ?? MONEY_WIDTH;
    return METRIC_WIDTH;
  }
  return DIMENSION_WIDTHS[column] ?? METRIC_WIDTH;
}

export function ReportTable({
  def,
  choice,
  lang,
  rows,
  total,
  totals,
  days,
  loading,
  paging,
  onPage,
  renderDimension,
  widths,
  onWidth,
  onDetail,
  totalNote,
  sort,
  onSort,
  testId,
}: ReportRowsProps) {
  const { t } = useTranslation();
  const { dimensions, metrics } = chosenColumns(def, choice);
  const width = (column: string) => widths?.[column] ?? defaultColumnWidth(def, column);

  const headerCell = (column: string) => (): ResizableHeaderCellProps =>
    onWidth
      ? {
          resizeWidth: width(column),
          resizeKey: column,
          onResizeWidth: (next) => onWidth(column, next, false),
          onResizeDone: (next) => onWidth(column, next, true),
        }
      : {};

  // sorted by the server: a click asks again; numbers start from the largest, names from A
  const sorting = (column: string, first: "ascend" | "descend") =>
    onSort
      ? {
          sorter: true,
          sortOrder: sortOrderOf(sort, column),
          sortDirections: first === "ascend" ? SORT_ASCENDING_FIRST : SORT_DESCENDING_FIRST,
        }
      : {};
  const columns: TableColumnsType<KeyedRow> = [
    ...dimensions.map((d) => ({
      key: d.field,
      dataIndex: d.field,
      title: d.title[lang],
      width: width(d.field),
      ellipsis: true,
      render: (_: unknown, row: KeyedRow) => renderDimension(d.field, row),
      onHeaderCell: headerCell(d.field),
      ...sorting(d.field, d.field === "dt" ? "descend" : "ascend"),
    })),
    ...metrics.map((m) => ({
      key: m.key,
      dataIndex: m.key,
      title: m.title[lang],
      width: width(m.key),
      align: "right" as const,
      render: (value: unknown, row: KeyedRow) =>
        typeof value === "number" ? metricCell(m.format, value, baseOf(row, m.key), lang) : "",
      onHeaderCell: headerCell(m.key),
      ...sorting(m.key, "descend"),
    })),
  ];
  if (onDetail) {
    columns.push({
      key: DETAIL_COLUMN,
      title: t("common.actions"),
      width: 90,
      className: "pc-report-detail-col",
      render: (_: unknown, row: KeyedRow) => <DetailButton onClick={() => onDetail(row)} />,
    });
  }
  const data = keyedRows(def, rows);
  const pagination = reportPagination(paging, total, onPage, t);

  return (
    <Table<KeyedRow>
      className="pc-report-table"
      data-testid={testId}
      rowKey="__key"
      size="middle"
      bordered
      columns={columns}
      dataSource={data}
      loading={loading}
      locale={{ emptyText: loading || !days ? " " : <ReportEmpty days={days} /> }}
      pagination={pagination}
      tableLayout="fixed"
      components={onWidth ? { header: { cell: ResizableHeaderCell } } : undefined}
      onChange={(_paging, _filters, sorter, { action }) => {
        if (action === "sort" && onSort) onSort(sortOfSorter(sorter));
      }}
      summary={() =>
        data.length === 0 ? null : (
          <Table.Summary>
            <Table.Summary.Row className="pc-report-total" data-testid="report-total">
              {columns.map((column, index) => {
                const metric = metrics.find((m) => m.key === column.key);
                const value = metric && totals ? totals[metric.key] : undefined;
                return (
                  <Table.Summary.Cell
                    key={String(column.key)}
                    index={index}
                    align={metric ? "right" : "left"}
                    className={column.className}
                  >
                    {index === 0 ? (
                      <>
                        <div>{t("reports.total")}</div>
                        {totalNote && (
                          <div className="pc-muted" data-testid="report-total-note">
                            {totalNote}
                          </div>
                        )}
                      </>
                    ) : (
                      metric &&
                      typeof value === "number" &&
                      metricCell(metric.format, value, baseOf(totals, metric.key), lang)
                    )}
                  </Table.Summary.Cell>
                );
              })}
            </Table.Summary.Row>
          </Table.Summary>
        )
      }
    />
  );
}
