/**
 * Report management on a phone: the batch table there showed the day and the actions fixed
 * at its right edge, the company, kind and status between them out of sight. A card a batch instead: the day
 * and company as its heading, the kind and status, and the batch's actions.
 */
import type { LangValue, ReportBatchRow } from "@pc/contract";
import { Empty, type PaginationProps } from "antd";
import { CardList } from "../../components/CardList.tsx";
import { RowActions } from "../../components/RowActions.tsx";
import type { RowAction } from "../../components/rowActions.ts";
import { KindTag, StatusTags } from "./batchTags.tsx";
import { batchKey } from "./useReportBatches.ts";

export function BatchCards({
  rows,
  loading,
  pagination,
  lang,
  actions,
}: {
  rows: readonly ReportBatchRow[];
  loading: boolean;
  pagination: PaginationProps;
  lang: LangValue;
  actions: (row: ReportBatchRow) => RowAction[];
}) {
  return (
    <CardList
      testId="batch-cards"
      count={rows.length}
      empty={loading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      loading={loading}
      pagination={pagination}
    >
      {rows.map((row) => (
        <li key={batchKey(row)} className="pc-card" data-testid="batch-card">
          <div className="pc-card-head">
            <h3 className="pc-card-title">
              <span className="pc-card-part">{row.dt}</span>
              <span className="pc-card-part">{row.company_name}</span>
            </h3>
          </div>
          <div className="pc-card-tags">
            <KindTag kind={row.kind} lang={lang} />
            <StatusTags row={row} lang={lang} />
          </div>
          <div className="pc-card-actions">
            <RowActions actions={actions(row)} />
          </div>
        </li>
      ))}
    </CardList>
  );
}
