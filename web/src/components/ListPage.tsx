/** A list screen's frame: the filter card, the titled table card with its add button, then the dialogs. */
import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Table, type TableColumnsType, type TablePaginationConfig } from "antd";
import type { ReactNode } from "react";
import "./listPage.css";

/** The part of `usePagedList` the table shows. */
interface PagedRows<Row> {
  rows: Row[];
  pagination: TablePaginationConfig;
  query: { isFetching: boolean };
}

export function ListPage<Row extends object>({
  filters,
  title,
  add,
  rowKey,
  columns,
  list,
  scrollX,
  children,
}: {
  /** The filter form (a `FilterBar`). */
  filters: ReactNode;
  title: ReactNode;
  /** The add button, on lists that add. */
  add?: { label: ReactNode; testId: string; onClick: () => void };
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  list: PagedRows<Row>;
  /** The table's scroll width. */
  scrollX: number;
  /** The screen's dialogs. */
  children?: ReactNode;
}) {
  return (
    <div className="pc-list-page">
      <Card className="pc-list-card">{filters}</Card>
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <h2 className="pc-list-title">{title}</h2>
          {add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick} data-testid={add.testId}>
              {add.label}
            </Button>
          )}
        </div>
        <Table<Row>
          rowKey={rowKey}
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          scroll={{ x: scrollX }}
        />
      </Card>
      {children}
    </div>
  );
}
