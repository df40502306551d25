/**
 * The fields of a report screen's filters (ReportFilters.tsx): the company (for an operator), the date range
 * inside the server's window (ReportRangeField.tsx), the report's own filters and the comparison, with Search
 * and Reset. A chunk of its own: a phone shows the filters folded and fetches their code (antd's date picker
 * among it) only when they are first unfolded.
 */
import { REPORT_COMPARE_TITLES, REPORT_COMPARES, type ReportDateWindowAnswer } from "@pc/contract";
import { Form, type FormInstance, Select } from "antd";
import { useTranslation } from "react-i18next";
import { FilterBar } from "../../../components/FilterBar.tsx";
import { useContractText } from "../../../i18n/messages.ts";
import { CompanySelect } from "../screen/CompanySelect.tsx";
import type { FilterForm, ReportScreenConfig } from "../screen/reportScreenConfig.ts";
import { useReportAccess } from "../screen/useReportAccess.ts";
import { useReportCompanies } from "../screen/useReportCompanies.ts";
import { COMPARE_OFF, type CompareChoice } from "../screen/useReportData.ts";
import { ReportRangeField } from "./ReportRangeField.tsx";

export interface ReportFilterFormProps<V extends object, F, Q extends object> {
  config: ReportScreenConfig<V, F, Q>;
  form: FormInstance<FilterForm<V>>;
  dateWindow: ReportDateWindowAnswer;
  initialForm: FilterForm<V>;
  onSearch: () => void;
  onReset: () => void;
  onCompare: (choice: CompareChoice) => void;
}

export function ReportFilterForm<V extends object, F, Q extends object>({
  config,
  form,
  dateWindow,
  initialForm,
  onSearch,
  onReset,
  onCompare,
}: ReportFilterFormProps<V, F, Q>) {
  const { t } = useTranslation();
  const text = useContractText();
  const { operator } = useReportAccess();
  const companies = useReportCompanies(operator);
  const FilterFields = config.FilterFields;
  return (
    <FilterBar<FilterForm<V>>
      form={form}
      name="report"
      initialValues={initialForm}
      onSearch={onSearch}
      onReset={onReset}
    >
      {operator && (
        <Form.Item name="companyId" label={t("reports.company")}>
          <CompanySelect
            companies={companies}
            placeholder={t("reports.ownCompany")}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
      )}
      <ReportRangeField dateWindow={dateWindow} />
      <FilterFields />
      <Form.Item name="compare" label={t("reports.compare")}>
        <Select<CompareChoice>
          className="pc-compare-select"
          data-testid="report-compare"
          popupMatchSelectWidth={false}
          onChange={onCompare}
          options={[
            { value: COMPARE_OFF, label: t("reports.compareOff") },
            ...REPORT_COMPARES.map((compare) => ({
              value: compare,
              label: REPORT_COMPARE_TITLES[compare][text.lang],
            })),
          ]}
        />
      </Form.Item>
    </FilterBar>
  );
}
