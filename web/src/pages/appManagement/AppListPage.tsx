/**
 * The application list (docs/rules/screens.md#application-list; docs/rules/screens.md#shared-behaviours):
 * name and package filters, add, a paged table of id, name, pkg, app_key (copyable) and adpos_count, and row
 * actions placement management, edit and delete.
 */
import { type AppRow, appListQuery } from "@pc/contract";
import { type TableColumnsType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { appsApi } from "../../api/apps.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { placementsOfApp } from "../../app/paths.ts";
import { FilterBar, TextFilter } from "../../components/FilterBar.tsx";
import { DESKTOP_ONLY, ListPage } from "../../components/ListPage.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { useConfirmDelete } from "../../components/useConfirmDelete.tsx";
import { useFilteredList } from "../../components/useFilteredList.ts";
import { useListDialog } from "../../components/useListDialog.ts";
import { useRecordHistory } from "../history/useRecordHistory.tsx";
import { AppDialog } from "./AppDialog.tsx";

interface FilterValues {
  name: string;
  pkg: string;
}

const EMPTY_FILTERS: FilterValues = { name: "", pkg: "" };

export default function AppListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const dialog = useListDialog<AppRow | null>(null);
  const history = useRecordHistory();
  const { list, filterBar } = useFilteredList({
    queryKey: queryKeys.apps.list,
    fetch: (params) => appsApi.list(params),
    toFilters: normalizeFilters<FilterValues>,
    emptyValues: EMPTY_FILTERS,
  });

  const columns: TableColumnsType<AppRow> = [
    { title: t("apps.columns.id"), dataIndex: "id", width: 90, fixed: "left", responsive: DESKTOP_ONLY },
    { title: t("apps.columns.name"), dataIndex: "name", ellipsis: true, fixed: "left" },
    { title: t("apps.columns.pkg"), dataIndex: "pkg", ellipsis: true },
    {
      title: t("apps.columns.appKey"),
      dataIndex: "app_key",
      width: 350,
      responsive: DESKTOP_ONLY,
      render: (key: string) => (
        <Typography.Text copyable={{ text: key }} className="pc-mono pc-nowrap">
          {key}
        </Typography.Text>
      ),
    },
    {
      title: t("apps.columns.adposCount"),
      dataIndex: "adpos_count",
      width: 120,
      align: "right",
      responsive: DESKTOP_ONLY,
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 260,
      render: (_, app) => (
        <RowActions
          actions={[
            {
              key: "placements",
              label: t("apps.placementManagement"),
              onClick: () => navigate(placementsOfApp(app.name)),
            },
            { key: "edit", label: t("common.edit"), onClick: () => dialog.show(app) },
            {
              key: "delete",
              label: t("common.delete"),
              danger: true,
              onClick: () =>
                confirmDelete(
                  () => appsApi.remove(app.id),
                  list.afterDelete,
                  app.adpos_count > 0 ? "appHasPlacements" : null,
                ),
            },
            history.action({ entity: "app", id: app.id, name: app.name }),
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<AppRow>
      filters={
        <FilterBar {...filterBar}>
          <TextFilter
            name="name"
            label={t("apps.name")}
            schema={appListQuery.shape.name}
            id="filter-name"
            placeholder={t("apps.namePlaceholder")}
          />
          <TextFilter
            name="pkg"
            label={t("apps.pkg")}
            schema={appListQuery.shape.pkg}
            id="filter-pkg"
            placeholder={t("apps.pkgPlaceholder")}
          />
        </FilterBar>
      }
      title={t("route.appManagementList")}
      add={{ label: t("apps.add"), testId: "add-app", onClick: () => dialog.show(null) }}
      rowKey="id"
      columns={columns}
      list={list}
      scrollX={1140}
    >
      <AppDialog
        key={dialog.seq}
        open={dialog.open}
        app={dialog.target}
        onClose={dialog.close}
        onSaved={() => void list.query.refetch()}
      />
      {history.drawer}
    </ListPage>
  );
}
