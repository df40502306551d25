/** A list's filter form and the paged list it drives: Search sends the trimmed filters, Reset empties all. */
import type { QueryKey } from "@tanstack/react-query";
import { Form } from "antd";
import type { Paging } from "./listState.ts";
import { type PagedAnswer, usePagedList } from "./usePagedList.ts";

export function useFilteredList<V extends object, F extends object, Row>({
  queryKey,
  fetch,
  toFilters,
  emptyValues,
  initialValues = emptyValues,
}: {
  queryKey: (filters: F, paging: Paging) => QueryKey;
  fetch: (params: F & Paging) => Promise<PagedAnswer<Row>>;
  /** The filters as sent for the form's values. */
  toFilters: (values: V) => F;
  emptyValues: V;
  /** The form's values on arrival, when some filter is pre-filled. */
  initialValues?: V;
}) {
  const [form] = Form.useForm<V>();
  const list = usePagedList({ queryKey, initialFilters: toFilters(initialValues), fetch });

  const onSearch = () => {
    const values = form.getFieldsValue();
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? value.trim() : value]),
    );
    form.setFieldsValue(trimmed as Partial<V>);
    list.search(toFilters(values));
  };

  const onReset = () => {
    form.resetFields();
    // back to the initial values, which may hold a pre-filled filter, then to empty
    form.setFieldsValue(emptyValues);
    list.reset(toFilters(emptyValues));
  };

  return { list, filterBar: { form, initialValues, onSearch, onReset } };
}
