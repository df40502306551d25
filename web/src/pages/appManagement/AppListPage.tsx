/**
 * The application list (spec §2 Application list, §4 Filters and paging, §5 Search inputs): name and
 * package filters, add, a paged table of id, name, pkg, app_key (copyable) and adpos_count, and row
 * actions placement management, edit and delete.
 */
import { PlusOutlined } from "@ant-design/icons";
import { type AppRow, appListQuery } from "@pc/contract";
import { Button, Card, Form, Input, Table, type TableColumnsType, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { appsApi } from "../../api/apps.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { schemaRule } from "../../components/schemaRule.ts";
import { useConfirmDelete } from "../../components/useConfirmDelete.tsx";
import { usePagedList } from "../../components/usePagedList.ts";
import { useContractText } from "../../i18n/messages.ts";
import { AppDialog } from "./AppDialog.tsx";
import "../../components/listPage.css";

interface FilterValues {
  name: string;
  pkg: string;
}

const EMPTY_FILTERS: FilterValues = { name: "", pkg: "" };
const NO_FILTERS = normalizeFilters(EMPTY_FILTERS);

/** Where the placement-management action goes: the placement list filtered by the app's name. */
export const placementsPathOf = (app: Pick<AppRow, "name">) =>
  `/adSpace/index?${new URLSearchParams({ name: app.name }).toString()}`;

export default function AppListPage() {
  const { t } = useTranslation();
  const text = useContractText();
  const navigate = useNavigate();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<FilterValues>();
  const [dialog, setDialog] = useState<{ open: boolean; app: AppRow | null; seq: number }>({
    open: false,
    app: null,
    seq: 0,
  });
  const list = usePagedList({
    queryKey: "apps",
    initialFilters: NO_FILTERS,
    fetch: (params) => appsApi.list(params),
  });

  const openDialog = (app: AppRow | null) =>
    setDialog((current) => ({ open: true, app, seq: current.seq + 1 }));

  const onSearch = () => {
    const filters = normalizeFilters(form.getFieldsValue());
    form.setFieldsValue({ name: filters.name ?? "", pkg: filters.pkg ?? "" });
    list.search(filters);
  };

  const onReset = () => {
    form.resetFields();
    list.reset(NO_FILTERS);
  };

  const columns: TableColumnsType<AppRow> = [
    { title: t("apps.columns.id"), dataIndex: "id", width: 90 },
    { title: t("apps.columns.name"), dataIndex: "name", ellipsis: true },
    { title: t("apps.columns.pkg"), dataIndex: "pkg", ellipsis: true },
    {
      title: t("apps.columns.appKey"),
      dataIndex: "app_key",
      width: 350,
      render: (key: string) => (
        <Typography.Text copyable={{ text: key }} className="pc-mono pc-nowrap">
          {key}
        </Typography.Text>
      ),
    },
    { title: t("apps.columns.adposCount"), dataIndex: "adpos_count", width: 120, align: "right" },
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
              onClick: () => navigate(placementsPathOf(app)),
            },
            { key: "edit", label: t("common.edit"), onClick: () => openDialog(app) },
            {
              key: "delete",
              label: t("common.delete"),
              danger: true,
              onClick: () => confirmDelete(() => appsApi.remove(app.id), list.afterDelete),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="pc-list-page">
      <Card className="pc-list-card">
        <FilterBar form={form} initialValues={EMPTY_FILTERS} onSearch={onSearch} onReset={onReset}>
          <Form.Item
            name="name"
            label={t("apps.name")}
            rules={[schemaRule(appListQuery.shape.name, text.lang)]}
          >
            <Input placeholder={t("apps.namePlaceholder")} allowClear id="filter-name" />
          </Form.Item>
          <Form.Item name="pkg" label={t("apps.pkg")} rules={[schemaRule(appListQuery.shape.pkg, text.lang)]}>
            <Input placeholder={t("apps.pkgPlaceholder")} allowClear id="filter-pkg" />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <h2 className="pc-list-title">{t("route.appManagementList")}</h2>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openDialog(null)}
            data-testid="add-app"
          >
            {t("apps.add")}
          </Button>
        </div>
        <Table<AppRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          scroll={{ x: 900 }}
        />
      </Card>
      <AppDialog
        key={dialog.seq}
        open={dialog.open}
        app={dialog.app}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
        onSaved={() => void list.query.refetch()}
      />
    </div>
  );
}
