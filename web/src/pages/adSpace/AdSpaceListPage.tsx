/**
 * The placement list (spec §2 Placement list, §4 Filters and paging, §5 Search inputs): filters placement
 * id (integers only), name, ad type and application name (pre-filled from the `name` query), add, a paged
 * table of id, name, app name and ad type, and row actions edit, delete and bottom price.
 */
import { PlusOutlined } from "@ant-design/icons";
import { type AdStyleValue, isAdStyle, type PlacementRow, placementListQuery } from "@pc/contract";
import { Button, Card, Form, Input, Select, Table, type TableColumnsType, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { placementsApi } from "../../api/placements.ts";
import { FilterBar } from "../../components/FilterBar.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { schemaRule } from "../../components/schemaRule.ts";
import { useConfirmDelete } from "../../components/useConfirmDelete.tsx";
import { usePagedList } from "../../components/usePagedList.ts";
import { useContractText } from "../../i18n/messages.ts";
import { BottomPriceDialog } from "./BottomPriceDialog.tsx";
import { PlacementDialog } from "./PlacementDialog.tsx";
import { AD_STYLES } from "./placementForm.ts";
import "../../components/listPage.css";

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

type DialogState = { kind: "placement" | "floor"; open: boolean; row: PlacementRow | null; seq: number };

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
  const [form] = Form.useForm<FilterValues>();
  const initialValues: FilterValues = { id: "", name: "", ad_style: undefined, app_name: appName };
  const emptyValues: FilterValues = { id: "", name: "", ad_style: undefined, app_name: "" };
  const [dialog, setDialog] = useState<DialogState>({ kind: "placement", open: false, row: null, seq: 0 });
  const list = usePagedList({
    queryKey: "placements",
    initialFilters: placementFilters(initialValues),
    fetch: (params) => placementsApi.list(params),
  });

  const open = (kind: DialogState["kind"], row: PlacementRow | null) =>
    setDialog((current) => ({ kind, open: true, row, seq: current.seq + 1 }));
  const close = () => setDialog((current) => ({ ...current, open: false }));

  const styleName = (style: number) => (isAdStyle(style) ? t(`placements.adStyles.${style}`) : String(style));

  const onSearch = () => {
    const values = form.getFieldsValue();
    const filters = placementFilters(values);
    form.setFieldsValue({
      id: values.id.trim(),
      name: filters.name ?? "",
      app_name: filters.app_name ?? "",
    });
    list.search(filters);
  };

  const onReset = () => {
    form.setFields(
      (Object.keys(emptyValues) as (keyof FilterValues)[]).map((name) => ({
        name,
        value: emptyValues[name],
        errors: [],
      })),
    );
    list.reset(placementFilters(emptyValues));
  };

  const columns: TableColumnsType<PlacementRow> = [
    { title: t("placements.columns.id"), dataIndex: "id", width: 90 },
    { title: t("placements.columns.name"), dataIndex: "name", ellipsis: true },
    { title: t("placements.columns.appName"), dataIndex: "app_name", ellipsis: true },
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
            { key: "edit", label: t("common.edit"), onClick: () => open("placement", row) },
            {
              key: "delete",
              label: t("common.delete"),
              danger: true,
              onClick: () => confirmDelete(() => placementsApi.remove(row.id), list.afterDelete),
            },
            { key: "bottomPrice", label: t("placements.bottomPrice"), onClick: () => open("floor", row) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="pc-list-page">
      <Card className="pc-list-card">
        <FilterBar form={form} initialValues={initialValues} onSearch={onSearch} onReset={onReset}>
          <Form.Item
            name="id"
            label={t("placements.id")}
            rules={[schemaRule(placementListQuery.shape.id, text.lang)]}
          >
            <Input
              placeholder={t("placements.idPlaceholder")}
              allowClear
              inputMode="numeric"
              id="filter-id"
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t("placements.name")}
            rules={[schemaRule(placementListQuery.shape.name, text.lang)]}
          >
            <Input placeholder={t("placements.namePlaceholder")} allowClear id="filter-name" />
          </Form.Item>
          <Form.Item name="ad_style" label={t("placements.adStyle")}>
            <Select
              id="filter-ad-style"
              allowClear
              placeholder={t("placements.adStylePlaceholder")}
              options={AD_STYLES.map((style) => ({ value: style, label: styleName(style) }))}
            />
          </Form.Item>
          <Form.Item
            name="app_name"
            label={t("placements.appName")}
            rules={[schemaRule(placementListQuery.shape.app_name, text.lang)]}
          >
            <Input placeholder={t("placements.appNamePlaceholder")} allowClear id="filter-app-name" />
          </Form.Item>
        </FilterBar>
      </Card>
      <Card className="pc-list-card">
        <div className="pc-list-toolbar">
          <h2 className="pc-list-title">{t("route.adSpaceList")}</h2>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => open("placement", null)}
            data-testid="add-placement"
          >
            {t("placements.add")}
          </Button>
        </div>
        <Table<PlacementRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.query.isFetching}
          pagination={list.pagination}
          scroll={{ x: 800 }}
        />
      </Card>
      {dialog.kind === "placement" ? (
        <PlacementDialog
          key={dialog.seq}
          open={dialog.open}
          placement={dialog.row}
          onClose={close}
          onSaved={() => void list.query.refetch()}
        />
      ) : (
        dialog.row && (
          <BottomPriceDialog
            key={dialog.seq}
            open={dialog.open}
            placement={dialog.row}
            onClose={close}
            onSaved={() => void list.query.refetch()}
          />
        )
      )}
    </div>
  );
}
