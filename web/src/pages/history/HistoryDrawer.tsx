/**
 * One app's or placement's changes, newest first, in a drawer beside its list: antd's large drawer, or the
 * window's width where that is narrower; its table is as wide as the drawer.
 */
import { Drawer, Table } from "antd";
import { useTranslation } from "react-i18next";
import { type HistoryRecord, historyApi } from "../../api/history.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { usePagedList } from "../../components/usePagedList.ts";
import { recordHistoryColumns } from "./historyColumns.tsx";
import "./history.css";

/** antd's "large" drawer, at most the window's width. */
const DRAWER_WIDTH = "min(736px, 100vw)";

export interface HistoryTarget extends HistoryRecord {
  name: string;
}

function RecordHistory({ target }: { target: HistoryTarget }) {
  const { t } = useTranslation();
  const list = usePagedList({
    queryKey: queryKeys.recordHistory.list,
    initialFilters: { entity: target.entity, id: target.id },
    fetch: ({ page_no, page_size, ...record }) => historyApi.record(record, { page_no, page_size }),
  });
  return (
    <Table
      rowKey="id"
      size="small"
      columns={recordHistoryColumns(t)}
      tableLayout="fixed"
      dataSource={list.rows}
      loading={list.query.isFetching}
      pagination={list.pagination}
      data-testid="record-history"
    />
  );
}

export function HistoryDrawer({ target, onClose }: { target: HistoryTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      title={target ? t("history.recordTitle", { name: target.name }) : ""}
      size={DRAWER_WIDTH}
      className="pc-history-drawer"
      destroyOnHidden
    >
      {target && <RecordHistory key={`${target.entity}-${target.id}`} target={target} />}
    </Drawer>
  );
}
