/** A list screen's frame: the filter card, the titled table card with its add button, then the dialogs. */
import { PlusOutlined } from "@ant-design/icons";
import {
  type Breakpoint,
  Button,
  Card,
  Table,
  type TableColumnsType,
  type TablePaginationConfig,
} from "antd";
import type { ReactNode } from "react";
import { usePhoneLayout } from "../app/layout/usePhoneLayout.ts";
import "./listPage.css";

/**
 * A secondary column's `responsive`: shown from antd's md breakpoint up, hidden on a phone, where the name and
 * the actions stay.
 */
export const DESKTOP_ONLY: Breakpoint[] = ["md"];

/** The part of `usePagedList` the table shows. */
interface PagedRows<Row> {
  rows: Row[];
  pagination: TablePaginationConfig;
  query: { isFetching: boolean };
}

/**
 * A column as a phone shows it: as wide as its content (the desktop widths leave the name too little), the name
 * column (the one fixed at the left) at most about a third of the screen, cut with an ellipsis.
 */
function phoneColumn<Row>(column: TableColumnsType<Row>[number]): TableColumnsType<Row>[number] {
  const className =
    column.fixed === "left" ? `${column.className ?? ""} pc-list-name-cell`.trim() : column.className;
  return { ...column, width: undefined, className };
}

export function ListPage<Row extends object>({
  before,
  filters,
  title,
  intro,
  add,
  rowKey,
  columns,
  list,
  scrollX,
  children,
}: {
  /** A card above the filters (a setting of the whole list, e.g. Account Management's sign-in rule). */
  before?: ReactNode;
  /** The filter form (a `FilterBar`); a list without filters has no filter card. */
  filters?: ReactNode;
  title: ReactNode;
  /** A line under the title saying what the list is for. */
  intro?: ReactNode;
  /** The add button, on lists that add. */
  add?: { label: ReactNode; testId: string; onClick: () => void };
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  list: PagedRows<Row>;
  /**
   * The table's scroll width on a desktop. On a phone the secondary columns hide (their `responsive`) and the
   * table is as wide as the columns left, scrolling inside its card when wider than the screen.
   */
  scrollX: number;
  /** The screen's dialogs. */
  children?: ReactNode;
}) {
  const phone = usePhoneLayout();
  return (
    <div className="pc-list-page">
      {before}
      {filters !== undefined && <Card className="pc-list-card">{filters}</Card>}
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <h2 className="pc-list-title">{title}</h2>
          {add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick} data-testid={add.testId}>
              {add.label}
            </Button>
          )}
        </div>
        {intro}
        <Table<Row>
          rowKey={rowKey}
          columns={phone ? columns.map(phoneColumn) : columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          scroll={{ x: phone ? "max-content" : scrollX }}
          size={phone ? "middle" : undefined}
        />
      </Card>
      {children}
    </div>
  );
}
