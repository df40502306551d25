/**
 * Companies (operator admins; docs/rules/screens.md#companies): every company with its hosts, theme colour,
 * logo, type and creation date, searched by name; create a company with its first super admin, edit its
 * hosts, and set its branding (theme colour with a live preview, logo, favicon).
 */
import { type CompanyManageRow, companyManageListQuery, Flag } from "@pc/contract";
import { type TableColumnsType, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { companiesApi } from "../../api/companies.ts";
import { queryKeys } from "../../api/queryKeys.ts";
import { queryClient } from "../../app/queryClient.ts";
import { FilterBar, TextFilter } from "../../components/FilterBar.tsx";
import { ListPage } from "../../components/ListPage.tsx";
import { normalizeFilters } from "../../components/listState.ts";
import { RowActions } from "../../components/RowActions.tsx";
import { useFilteredList } from "../../components/useFilteredList.ts";
import { useListDialog } from "../../components/useListDialog.ts";
import { clearCompanyCache } from "../../session/session.ts";
import { datePart } from "../account/accountForm.ts";
import { BrandingDrawer } from "./BrandingDrawer.tsx";
import { CompanyCreateDialog, CompanyHostsDialog } from "./CompanyDialogs.tsx";
import "./companies.css";

interface FilterValues {
  name: string;
}

const EMPTY_FILTERS: FilterValues = { name: "" };

/** This browser's own branding is read again (it may be the company just changed). */
function refreshOwnBranding(): void {
  clearCompanyCache();
  void queryClient.invalidateQueries({ queryKey: queryKeys.company });
}

export default function CompaniesPage() {
  const { t } = useTranslation();
  const create = useListDialog<null>(null);
  const hosts = useListDialog<CompanyManageRow | null>(null);
  const [branding, setBranding] = useState<{ row: CompanyManageRow; seq: number } | null>(null);
  const { list, filterBar } = useFilteredList({
    queryKey: queryKeys.companies.list,
    fetch: (params) => companiesApi.list(params),
    toFilters: normalizeFilters<FilterValues>,
    emptyValues: EMPTY_FILTERS,
  });

  const openBranding = (row: CompanyManageRow) =>
    setBranding((current) => ({ row, seq: (current?.seq ?? 0) + 1 }));
  const changed = (row: CompanyManageRow) => {
    setBranding((current) => (current && current.row.id === row.id ? { ...current, row } : current));
    refreshOwnBranding();
    void list.query.refetch();
  };

  const columns: TableColumnsType<CompanyManageRow> = [
    {
      title: t("companies.columns.logo"),
      dataIndex: "logo",
      width: 120,
      render: (logo: string, row) =>
        logo ? (
          <img src={logo} alt={row.name} className="pc-company-logo" />
        ) : (
          <span className="pc-muted">-</span>
        ),
    },
    { title: t("companies.columns.name"), dataIndex: "name", ellipsis: true },
    {
      title: t("companies.columns.hosts"),
      dataIndex: "hosts",
      render: (values: string[]) =>
        values.length > 0 ? (
          <span className="pc-company-hosts">
            {values.map((host) => (
              <Tag key={host}>{host}</Tag>
            ))}
          </span>
        ) : (
          <span className="pc-muted">{t("companies.noHosts")}</span>
        ),
    },
    {
      title: t("companies.columns.theme"),
      dataIndex: "theme",
      width: 130,
      render: (theme: string) => (
        <span className="pc-company-theme" data-theme={theme}>
          <span className="pc-company-swatch" style={{ background: theme }} aria-hidden />
          <Typography.Text code>{theme}</Typography.Text>
        </span>
      ),
    },
    {
      title: t("companies.columns.type"),
      key: "type",
      width: 140,
      render: (_, row) => (
        <span>
          {row.is_operator === Flag.On && <Tag color="purple">{t("companies.type.operator")}</Tag>}
          {row.is_publisher === Flag.On && <Tag color="blue">{t("companies.type.publisher")}</Tag>}
        </span>
      ),
    },
    {
      title: t("companies.columns.createTime"),
      dataIndex: "create_time",
      width: 120,
      render: (time: string) => <span className="pc-nowrap">{datePart(time)}</span>,
    },
    {
      title: t("common.actions"),
      key: "actions",
      width: 170,
      render: (_, row) => (
        <RowActions
          actions={[
            { key: "hosts", label: t("companies.editHosts"), onClick: () => hosts.show(row) },
            { key: "branding", label: t("companies.branding"), onClick: () => openBranding(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <ListPage<CompanyManageRow>
      filters={
        <FilterBar {...filterBar}>
          <TextFilter
            name="name"
            label={t("companies.name")}
            schema={companyManageListQuery.shape.name}
            id="filter-company-name"
            placeholder={t("companies.namePlaceholder")}
          />
        </FilterBar>
      }
      title={t("route.companies")}
      add={{ label: t("companies.add"), testId: "add-company", onClick: () => create.show(null) }}
      rowKey="id"
      columns={columns}
      list={list}
      scrollX={1000}
    >
      <CompanyCreateDialog
        key={`create-${create.seq}`}
        open={create.open}
        onClose={create.close}
        onSaved={(created) =>
          void list.query.refetch().then((result) => {
            const row = result.data?.list.find((item) => item.id === created.company_id);
            if (row) openBranding(row);
          })
        }
      />
      <CompanyHostsDialog
        key={`hosts-${hosts.seq}`}
        open={hosts.open}
        company={hosts.target}
        onClose={hosts.close}
        onSaved={changed}
      />
      {branding && (
        <BrandingDrawer
          key={`${branding.row.id}-${branding.seq}`}
          company={branding.row}
          onClose={() => setBranding(null)}
          onChanged={changed}
        />
      )}
    </ListPage>
  );
}
