/** The companies an operator reads reports of: the list to pick from, and the one a report screen opens on. */
import type { ReportKindValue } from "@pc/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../api/queryKeys.ts";
import { reportManagementApi } from "../../../api/reports.ts";

export interface CompanyOption {
  value: number;
  label: string;
}

export interface ReportCompanies {
  loading: boolean;
  options: CompanyOption[];
}

export function useReportCompanies(enabled = true): ReportCompanies {
  const companies = useQuery({
    queryKey: queryKeys.report.companies,
    queryFn: () => reportManagementApi.companies(),
    enabled,
    staleTime: 60_000,
  });
  return {
    loading: companies.isLoading,
    options: (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.name })),
  };
}

/** The first company with published data of a kind. */
export const startCompanyQuery = (kind: ReportKindValue) =>
  queryOptions({
    queryKey: queryKeys.report.startCompany(kind),
    queryFn: () => reportManagementApi.startCompany(kind),
    staleTime: 60_000,
    retry: false,
  });

/** The company an operator's report screen opens on (asked only for an operator). */
export function useStartCompany(kind: ReportKindValue, operator: boolean) {
  const start = useQuery({ ...startCompanyQuery(kind), enabled: operator });
  return { pending: start.isPending, companyId: start.data?.company_id ?? null };
}
