/**
 * A report on a phone: at 390 px the table showed the dimensions and the detail action
 * while its first metric began past the screen's edge, so the total row read empty. Here each row is a card:
 * its dimensions as the heading, the chosen metrics as label and value in the language's number format (with
 * the comparison's change when on, MetricWithChange.tsx); the total comes first, a card of its own; the
 * report paging follows. It takes the table's props (reportParts.tsx), so what the table is given reaches the
 * cards alike; the column widths are the table's only. A phone fetches none of the table's code
 * (ReportRows.tsx): the cards are antd's Spin and Pagination (CardList.tsx), a Select and the detail button.
 */
import { type LangValue, type MetricInfo, SORT_ORDERS, type SortOrder } from "@pc/contract";
import { Select } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CardList } from "../../../components/CardList.tsx";
import type { ReportSort } from "../screen/reportDefs.ts";
import { baseOf, metricCell } from "./MetricWithChange.tsx";
import { DetailButton, ReportEmpty, type ReportRowsProps } from "./reportParts.tsx";
import { chosenColumns, keyedRows, type ReportRowRecord, reportPagination } from "./reportRows.ts";
import "../reports.css";

export function ReportCards(props: ReportRowsProps) {
  const { lang, totals, days, loading, renderDimension, onDetail } = props;
  const { t } = useTranslation();
  const { dimensions, metrics } = chosenColumns(props.def, props.choice);
  const data = keyedRows(props.def, props.rows);
  return (
    <>
      {props.onSort && (
        <CardSort
          columns={[
            ...dimensions.map((d) => ({ key: d.field, title: d.title[lang] })),
            ...metrics.map((m) => ({ key: m.key, title: m.title[lang] })),
          ]}
          sort={props.sort ?? null}
          onSort={props.onSort}
        />
      )}
      <CardList
        testId={props.testId}
        count={data.length}
        empty={loading || !days ? null : <ReportEmpty days={days} />}
        loading={loading}
        pagination={reportPagination(props.paging, props.total, props.onPage, t)}
      >
        <li className="pc-card pc-report-card-total" data-testid="report-total">
          <div className="pc-card-head">
            <h3 className="pc-card-title">{t("reports.total")}</h3>
            {props.totalNote && (
              <span className="pc-muted" data-testid="report-total-note">
                {props.totalNote}
              </span>
            )}
          </div>
          <MetricPairs metrics={metrics} row={totals} lang={lang} />
        </li>
        {data.map((row) => (
          <li key={row.__key} className="pc-card" data-testid="report-card">
            <div className="pc-card-head">
              <h3 className="pc-card-title">
                {dimensions.map((d) => (
                  <span key={d.field} className="pc-card-part" data-dimension={d.field}>
                    {renderDimension(d.field, row)}
                  </span>
                ))}
              </h3>
              {onDetail && <DetailButton onClick={() => onDetail(row)} />}
            </div>
            <MetricPairs metrics={metrics} row={row} lang={lang} />
          </li>
        ))}
      </CardList>
    </>
  );
}

const DEFAULT_ORDER = "default";

/**
 * The cards' sort (they have no column headers to click): each chosen column, largest or smallest first,
 * or the default order, sent to the server like the table's.
 */
function CardSort({
  columns,
  sort,
  onSort,
}: {
  columns: readonly { key: string; title: string }[];
  sort: ReportSort | null;
  onSort: (sort: ReportSort | null) => void;
}) {
  const { t } = useTranslation();
  const options = [
    { value: DEFAULT_ORDER, label: t("reports.sortDefault") },
    ...columns.flatMap((column) =>
      SORT_ORDERS.map((order) => ({
        value: `${order}:${column.key}`,
        label: `${column.title} ${order === "desc" ? "↓" : "↑"}`,
      })),
    ),
  ];
  const id = useId();
  return (
    <div className="pc-card-sort">
      <label htmlFor={id}>{t("reports.sortBy")}</label>
      <Select
        id={id}
        size="small"
        value={sort ? `${sort.order}:${sort.orderBy}` : DEFAULT_ORDER}
        options={options}
        popupMatchSelectWidth={false}
        data-testid="report-card-sort"
        onChange={(value: string) => {
          const [order, orderBy] = value.split(":") as [SortOrder, string];
          onSort(value === DEFAULT_ORDER ? null : { orderBy, order });
        }}
      />
    </div>
  );
}

/** A card's metrics, each its title and its value (empty while the total loads). */
function MetricPairs({
  metrics,
  row,
  lang,
}: {
  metrics: readonly MetricInfo<string>[];
  row: ReportRowRecord | undefined;
  lang: LangValue;
}) {
  return (
    <dl className="pc-card-pairs">
      {metrics.map((m) => {
        const value = row?.[m.key];
        return (
          <div key={m.key} className="pc-card-pair" data-metric={m.key}>
            <dt>{m.title[lang]}</dt>
            <dd>{typeof value === "number" ? metricCell(m.format, value, baseOf(row, m.key), lang) : ""}</dd>
          </div>
        );
      })}
    </dl>
  );
}
