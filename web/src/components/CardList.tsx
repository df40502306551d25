/**
 * A list's rows as cards, for a phone (the phone layout, usePhoneLayout.ts), where a table's columns past the
 * first lay beyond the screen's edge: the cards (`<li className="pc-card">` each, the caller's), a spinner
 * over them while they load, what an empty list says, and the list's paging below. Styled in listPage.css.
 */
import { Pagination, type PaginationProps, Spin } from "antd";
import type { ReactNode } from "react";
import "./listPage.css";

export function CardList({
  count,
  empty,
  loading,
  pagination,
  testId,
  children,
}: {
  /** How many rows the cards show: none, and `empty` shows instead. */
  count: number;
  empty: ReactNode;
  loading: boolean;
  pagination: PaginationProps;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="pc-cards" data-testid={testId}>
      <Spin spinning={loading}>
        {count === 0 ? (
          <div className="pc-cards-empty">{empty}</div>
        ) : (
          <ol className="pc-card-list">{children}</ol>
        )}
      </Spin>
      {(pagination.total ?? 0) > 0 && <Pagination className="pc-cards-pages" showLessItems {...pagination} />}
    </div>
  );
}
