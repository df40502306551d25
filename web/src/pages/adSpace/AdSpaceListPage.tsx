/**
 * The placement list (docs/rules/screens.md#placement-list; docs/rules/screens.md#shared-behaviours): filters
 * placement id (integers only), name, ad type and application name (pre-filled from the `name` query), add, a
 * paged table of id, name, app name and ad type, and row actions edit, delete and bottom price.
 */
import { AD_STYLES, type AdStyleValue, isAdStyle, type PlacementRow, placementListQuery } from "@pc/contract";
import { Form, Select, type TableColumnsType, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { placementsApi } from "../../api/placements.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { FilterBar, TextFilter } from "../../components/FilterBar.tsx";
import { DESKTOP_ONLY, ListPage } from "../../components/ListPage.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { useConfirmDelete } from "../../components/useConfirmDelete.tsx";
import { useFilteredList } from "../../components/useFilteredList.ts";
import { useListDialog } from "../../components/useListDialog.ts";
import { useContractText } from "../../i18n/messages.ts";
import { useRecordHistory } from "../history/useRecordHistory.tsx";
import { BottomPriceDialog } from "./BottomPriceDialog.tsx";
import { PlacementDialog } from "./PlacementDialog.tsx";

interface FilterValues {
  id: string;
  name: string;
  ad_style: AdStyleValue | undefined;
  app_name: string;
}

/** The filters as sent: the id as a number, empty ones null. */
export function placementFilters(values: FilterValues) {
  const filters = normalizeFilters(values);
  return { ...filters, id: filters.id === null ? null : Number(filters.id) };
}

const EMPTY_FILTERS: FilterValues = { id: "", name: "", ad_style: undefined, app_name: "" };

/** The placement dialog (add when no row) or the bottom-price dialog of a row. */
type DialogTarget = { kind: "placement" | "floor"; row: PlacementRow | null };

/** The page under a key of the `name` query, so another app's link starts it afresh. */
export default function AdSpaceListRoute() {
  const [searchParams] = useSearchParams();
  const appName = searchParams.get("name") ?? "";
  return <AdSpaceListPage key={appName} appName={appName} />;
}

const STYLE_COLORS: Record<AdStyleValue, string> = { 1: "blue", 2: "green", 3: "purple", 4: "orange" };

function AdSpaceListPage({ appName }: { appName: string }) {
  const { t } = useTranslation();
  const text = useContractText();
  const confirmDelete = useConfirmDelete();
  const dialog = useListDialog<DialogTarget>({ kind: "placement", row: null });
  const history = useRecordHistory();
  const { list, filterBar } = useFilteredList({
    queryKey: queryKeys.placements.list,
    fetch: (params) => placementsApi.list(params),
    toFilters: placementFilters,
    emptyValues: EMPTY_FILTERS,
    initialValues: { ...EMPTY_FILTERS, app_name: appName },
  });

  const styleName = (style: number) => text.title("adStyle", style);

  const columns: TableColumnsType<PlacementRow> = [
    {
      title: t("placements.columns.id"),
      dataIndex: "id",
      width: 90,
      fixed: "left",
      responsive: DESKTOP_ONLY,
    },
    { title: t("placements.columns.name"), dataIndex: "name", ellipsis: true, fixed: "left" },
    {
      title: t("placements.columns.appName"),
      dataIndex: "app_name",
      ellipsis: true,
    },
    {
      title: t("placements.columns.adStyle"),
      dataIndex: "ad_style",
      width: 200,
      render: (style: number) => (
        <Tag color={isAdStyle(style) ? STYLE_COLORS[style] : undefined} variant="outlined">
          {styleName(style)}
        </Tag>
      ),
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 220,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: "edit", label: t("common.edit"), onClick: () => dialog.show({ kind: "placement", row }) },
            {
              key: "delete",
              label: t("common.delete"),
              danger: true,
              onClick: () => confirmDelete(() => placementsApi.remove(row.id), list.afterDelete),
            },
            {
              key: "bottomPrice",
              label: t("placements.bottomPrice"),
              onClick: () => dialog.show({ kind: "floor", row }),
            },
            history.action({ entity: "ad_position", id: row.id, name: row.name }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<PlacementRow>
      filters={
        <FilterBar {...filterBar}>
          <TextFilter
            name="id"
            label={t("placements.id")}
            schema={placementListQuery.shape.id}
            id="filter-id"
            placeholder={t("placements.idPlaceholder")}
            inputMode="numeric"
          />
          <TextFilter
            name="name"
            label={t("placements.name")}
            schema={placementListQuery.shape.name}
            id="filter-name"
            placeholder={t("placements.namePlaceholder")}
          />
          <Form.Item name="ad_style" label={t("placements.adStyle")}>
            <Select
              id="filter-ad-style"
              allowClear
              placeholder={t("placements.adStylePlaceholder")}
              options={AD_STYLES.map((style) => ({ value: style, label: styleName(style) }))}
            />
          </Form.Item>
          <TextFilter
            name="app_name"
            label={t("placements.appName")}
            schema={placementListQuery.shape.app_name}
            id="filter-app-name"
            placeholder={t("placements.appNamePlaceholder")}
          />
        </FilterBar>
      }
      title={t("route.adSpaceList")}
      add={{
        label: t("placements.add"),
        testId: "add-placement",
        onClick: () => dialog.show({ kind: "placement", row: null }),
      }}
      rowKey="id"
      columns={columns}
      list={list}
      scrollX={800}
    >
      {dialog.target.kind === "placement" ? (
        <PlacementDialog
          key={dialog.seq}
          open={dialog.open}
          placement={dialog.target.row}
          onClose={dialog.close}
          onSaved={() => void list.query.refetch()}
        />
      ) : (
        dialog.target.row && (
          <BottomPriceDialog
            key={dialog.seq}
            open={dialog.open}
            placement={dialog.target.row}
            onClose={dialog.close}
            onSaved={() => void list.query.refetch()}
          />
        )
      )}
      {history.drawer}
    </ListPage>
  );
}
