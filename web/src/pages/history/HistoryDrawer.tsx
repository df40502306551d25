/** One app's or placement's changes, newest first, in a drawer beside its list. */
import { Drawer, Table } from "antd";
import { useTranslation } from "react-i18next";
import { type HistoryRecord, historyApi } from "../../api/history.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { usePagedList } from "../../components/usePagedList.ts";
import { historyColumns } from "./historyColumns.tsx";

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
      columns={historyColumns(t, false)}
      dataSource={list.rows}
      loading={list.query.isFetching}
      pagination={list.pagination}
      scroll={{ x: 720 }}
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
      size="large"
      destroyOnHidden
    >
      {target && <RecordHistory key={`${target.entity}-${target.id}`} target={target} />}
    </Drawer>
  );
}
