/** A searchable pick of one of the companies an operator reads and manages reports of (useReportCompanies). */
import { Select, type SelectProps } from "antd";
import type { CompanyOption, ReportCompanies } from "./useReportCompanies.ts";

export function CompanySelect({
  companies,
  ...props
}: Omit<SelectProps<number, CompanyOption>, "options" | "loading"> & { companies: ReportCompanies }) {
  return (
    <Select<number, CompanyOption>
      allowClear
      showSearch={{ optionFilterProp: "label" }}
      loading={companies.loading}
      options={companies.options}
      {...props}
    />
  );
}
