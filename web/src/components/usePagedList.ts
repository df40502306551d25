/**
 * A list screen's state: the filters last searched, the paging and the query of the current page
 * (docs/rules/screens.md#shared-behaviours). The previous page stays on screen while the next one loads.
 */
import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import type { TablePaginationConfig } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FIRST_PAGE, nextPaging, PAGE_SIZE_OPTIONS, type Paging, pageAfterDelete } from "./listState.ts";

export interface PagedAnswer<Row> {
  list: Row[];
  total: number;
}

export function usePagedList<F extends object, Row>(options: {
  /** The list's key for these filters and page (`queryKeys.<resource>.list`). */
  queryKey: (filters: F, paging: Paging) => QueryKey;
  initialFilters: F;
  fetch: (params: F & Paging) => Promise<PagedAnswer<Row>>;
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<F>(options.initialFilters);
  const [paging, setPaging] = useState<Paging>(FIRST_PAGE);
  const query = useQuery({
    queryKey: options.queryKey(filters, paging),
    queryFn: () => options.fetch({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const total = query.data?.total ?? 0;

  /** Searches with these filters from page 1 (the page size stays); the same search again reloads. */
  const search = (next: F) => {
    const nextPagingValue = { ...paging, page_no: 1 };
    if (JSON.stringify(next) === JSON.stringify(filters) && paging.page_no === 1) {
      void query.refetch();
      return;
    }
    setFilters(next);
    setPaging(nextPagingValue);
  };

  /** Back to the default filters, page 1, 10 rows. */
  const reset = (defaults: F) => {
    if (
      JSON.stringify(defaults) === JSON.stringify(filters) &&
      JSON.stringify(paging) === JSON.stringify(FIRST_PAGE)
    ) {
      void query.refetch();
      return;
    }
    setFilters(defaults);
    setPaging(FIRST_PAGE);
  };

  /** After a row was deleted: reload, one page back if it was alone on the last page. */
  const afterDelete = () => {
    const next = pageAfterDelete(paging, total);
    if (next.page_no !== paging.page_no) setPaging(next);
    else void query.refetch();
  };

  const pagination: TablePaginationConfig = {
    current: paging.page_no,
    pageSize: paging.page_size,
    total,
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (count) => t("common.total", { total: count }),
    onChange: (page, pageSize) => setPaging((current) => nextPaging(current, page, pageSize)),
  };

  return {
    filters,
    paging,
    query,
    rows: query.data?.list ?? [],
    total,
    search,
    reset,
    afterDelete,
    pagination,
  };
}
