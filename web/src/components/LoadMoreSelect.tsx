/**
 * A select over a paged server list: searches on the server as you type and loads the next page when
 * the dropdown is scrolled within 30px of its bottom (docs/rules/screens.md#shared-behaviours).
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { Select, type SelectProps, Spin } from "antd";
import { type UIEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isNearBottom, LOAD_MORE_THRESHOLD_PX, mergeOptions, nextPageNo, type Page } from "./loadMore.ts";

const SEARCH_DEBOUNCE_MS = 300;

export interface LoadMoreOption {
  value: number;
  label: string;
}

export interface LoadMoreSelectProps<T>
  extends Omit<SelectProps<number, LoadMoreOption>, "options" | "onPopupScroll" | "showSearch" | "mode"> {
  /** Identifies the list in the query cache; the search text is added to it. */
  queryKey: readonly unknown[];
  /** One page of the list filtered by the search text (null = no filter). */
  fetchPage: (search: string | null, pageNo: number, pageSize: number) => Promise<Page<T>>;
  toOption: (item: T) => LoadMoreOption;
  pageSize?: number;
  /** Options to show even before (or without) loading them, e.g. the current value's. */
  pinnedOptions?: readonly LoadMoreOption[];
  threshold?: number;
}

export function LoadMoreSelect<T>({
  queryKey,
  fetchPage,
  toOption,
  pageSize = 20,
  pinnedOptions = [],
  threshold = LOAD_MORE_THRESHOLD_PX,
  onOpenChange,
  disabled,
  ...rest
}: LoadMoreSelectProps<T>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState("");
  const [search, setSearch] = useState<string | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim() || null), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);

  const query = useInfiniteQuery({
    queryKey: [...queryKey, { search, pageSize }],
    queryFn: ({ pageParam }) => fetchPage(search, pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextPageNo(pages),
    enabled: open && !disabled,
  });

  const options = useMemo(
    () =>
      mergeOptions(
        // a search shows what matched, not the pinned value
        search ? [] : pinnedOptions,
        (query.data?.pages ?? []).flatMap((page) => page.list.map(toOption)),
      ),
    [query.data, pinnedOptions, search, toOption],
  );

  const onPopupScroll = (event: UIEvent<HTMLDivElement>) => {
    if (!isNearBottom(event.currentTarget, threshold)) return;
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };

  return (
    <Select<number, LoadMoreOption>
      {...rest}
      disabled={disabled}
      options={options}
      showSearch={{
        filterOption: false,
        searchValue: input,
        onSearch: setInput,
      }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setInput("");
        onOpenChange?.(next);
      }}
      onPopupScroll={onPopupScroll}
      loading={query.isFetching}
      notFoundContent={query.isFetching ? <Spin size="small" /> : undefined}
      popupRender={(menu) => (
        <>
          {menu}
          {query.isFetchingNextPage && (
            <div className="pc-load-more" role="status">
              <Spin size="small" /> {t("common.loading")}
            </div>
          )}
        </>
      )}
    />
  );
}
