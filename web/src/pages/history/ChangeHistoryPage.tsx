/**
 * The company's change history (docs/rules/screens.md#change-history), for its administrators: who changed
 * what and when, each changed field before and after; filtered by kind of record and by days.
 */
import { HISTORY_ENTITIES, type HistoryEntityValue, type HistoryRow } from "@pc/contract";
import { DatePicker, Form, Select } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { type HistoryListParams, historyApi } from "../../api/history.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { ListPage } from "../../components/ListPage.tsx";
import { useFilteredList } from "../../components/useFilteredList.ts";
import { entityLabel, historyColumns } from "./historyColumns.tsx";

interface FilterValues {
  entity: HistoryEntityValue | undefined;
  days: [Dayjs | null, Dayjs | null] | null | undefined;
}

const EMPTY_FILTERS: FilterValues = { entity: undefined, days: undefined };
const DAY = "YYYYMMDD";

const toFilters = ({ entity, days }: FilterValues): Omit<HistoryListParams, "page_no" | "page_size"> => ({
  entity: entity ?? null,
  start_date: days?.[0]?.format(DAY) ?? null,
  end_date: days?.[1]?.format(DAY) ?? null,
});

export default function ChangeHistoryPage() {
  const { t } = useTranslation();
  const { list, filterBar } = useFilteredList({
    queryKey: queryKeys.history.list,
    fetch: (params) => historyApi.list(params),
    toFilters,
    emptyValues: EMPTY_FILTERS,
  });

  return (
    <ListPage<HistoryRow>
      filters={
        <FilterBar {...filterBar}>
          <Form.Item name="entity" label={t("history.entity")}>
            <Select
              allowClear
              id="filter-entity"
              style={{ width: 180 }}
              placeholder={t("common.pleaseSelect")}
              options={HISTORY_ENTITIES.map((entity) => ({ value: entity, label: entityLabel(entity, t) }))}
            />
          </Form.Item>
          <Form.Item name="days" label={t("history.days")}>
            <DatePicker.RangePicker id="filter-days" allowEmpty={[true, true]} />
          </Form.Item>
        </FilterBar>
      }
      title={t("route.changeHistory")}
      rowKey="id"
      columns={historyColumns(t)}
      list={list}
      scrollX={1000}
    />
  );
}
