/**
 * What a report's table and its cards share: the props of the rows, the alert of the days left out, the empty
 * state and a row's drill-in action.
 */
import type { LangValue, ReportDayStatus } from "@pc/contract";
import { Alert, Button, Empty } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { type ReportPaging, waitingDays } from "../query/queryInput.ts";
import type { ReportColumnChoice, ReportDef, ReportSort } from "../screen/reportDefs.ts";
import type { ColumnWidths } from "./columnWidths.ts";
import type { ReportRowRecord } from "./reportRows.ts";

/** Above a table: the days of the range left out because their data is not published (or calculated) yet. */
export function WaitingDaysAlert({ days }: { days: readonly ReportDayStatus[] | undefined }) {
  const { t } = useTranslation();
  const waiting = waitingDays(days ?? []);
  if (waiting.length === 0) return null;
  return (
    <Alert
      className="pc-report-alert"
      type="info"
      showIcon
      data-testid="report-waiting"
      title={t("reports.unpublishedDays", { count: waiting.length, days: waiting.join(", ") })}
    />
  );
}

/** What an empty table says: nothing in the range, or days with data that the reader cannot see yet. */
export function ReportEmpty({
  days,
  testId = "report-empty",
}: {
  days: readonly ReportDayStatus[];
  testId?: string;
}) {
  const { t } = useTranslation();
  const waiting = waitingDays(days);
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid={testId}
      data-empty={waiting.length > 0 ? "unpublished" : "none"}
      description={
        waiting.length > 0
          ? t("reports.emptyUnpublished", { count: waiting.length, days: waiting.join(", ") })
          : t("reports.emptyRange")
      }
    />
  );
}

/** A row's drill-in action. */
export function DetailButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button type="link" size="small" className="pc-link-cell" onClick={onClick} data-action="detail">
      {t("reports.detail")}
    </Button>
  );
}

export interface ReportRowsProps {
  def: ReportDef;
  choice: ReportColumnChoice;
  lang: LangValue;
  rows: readonly ReportRowRecord[];
  total: number;
  /** The total row (from the summary call); none while it loads. */
  totals: ReportRowRecord | undefined;
  /** Each day's status in range (from the summary call of this query), for the empty state; none while it loads. */
  days: readonly ReportDayStatus[] | undefined;
  loading: boolean;
  paging: ReportPaging;
  onPage: (page: number, pageSize: number) => void;
  renderDimension: (field: string, row: ReportRowRecord) => ReactNode;
  /** Resizable columns: the widths, a live change and the width to keep when released. */
  widths?: ColumnWidths;
  onWidth?: (column: string, width: number, done: boolean) => void;
  /** A drill-in action per row. */
  onDetail?: (row: ReportRowRecord) => void;
  /** Under the total's title: what it covers (the days each side of a comparison counts). */
  totalNote?: string | null;
  /** Sortable columns (by the server, across pages): the column sorted by, and a new sort (null: default). */
  sort?: ReportSort | null;
  onSort?: (sort: ReportSort | null) => void;
  testId?: string;
}
