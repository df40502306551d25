/**
 * A report screen's filters (docs/rules/screens.md#shared-behaviours; docs/rules/validation.md#report-dates):
 * the company (for an operator), the date range inside the server's window (one picker with presets,
 * ReportRangeField.tsx), the report's own filters and the comparison, with Search and Reset. Memoized with
 * handlers of one identity: the screen renders again for every answer of its queries, the form only when its
 * own state changes (on a phone's CPU a render of the form was a 50 ms task per answer).
 *
 * On a phone the form is folded to one line, the searched dates and a Filters button, so the report's numbers
 * are on the first screen (seven fields took all of it); it unfolds on the button and folds again after a search.
 * Built when first unfolded, it is kept (hidden) after, with what was typed.
 */
import { FilterOutlined } from "@ant-design/icons";
import {
  REPORT_COMPARE_TITLES,
  REPORT_COMPARES,
  type ReportDateWindowAnswer,
  reportDateToIso,
} from "@pc/contract";
import { Button, Card, Form, type FormInstance, Select } from "antd";
import { memo, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePhoneLayout } from "../../../app/layout/usePhoneLayout.ts";
import { FilterBar } from "../../../components/FilterBar.tsx";
import { useContractText } from "../../../i18n/messages.ts";
import { CompanySelect } from "../screen/CompanySelect.tsx";
import type { FilterForm, ReportScreenConfig } from "../screen/reportScreenConfig.ts";
import { useReportAccess } from "../screen/useReportAccess.ts";
import { useReportCompanies } from "../screen/useReportCompanies.ts";
import { COMPARE_OFF, type CompareChoice } from "../screen/useReportData.ts";
import type { ReportDates } from "./queryInput.ts";
import { ReportRangeField } from "./ReportRangeField.tsx";

interface ReportFiltersProps<V extends object, F, Q extends object> {
  config: ReportScreenConfig<V, F, Q>;
  form: FormInstance<FilterForm<V>>;
  dateWindow: ReportDateWindowAnswer;
  initialForm: FilterForm<V>;
  /** The dates of the report shown and how many filters it was searched with (the folded form's line). */
  searchedDates: ReportDates;
  searchedFilters: number;
  onSearch: () => void;
  onReset: () => void;
  onCompare: (choice: CompareChoice) => void;
}

function ReportFiltersForm<V extends object, F, Q extends object>({
  config,
  form,
  dateWindow,
  initialForm,
  searchedDates,
  searchedFilters,
  onSearch,
  onReset,
  onCompare,
}: ReportFiltersProps<V, F, Q>) {
  const { t } = useTranslation();
  const text = useContractText();
  const { operator } = useReportAccess();
  const companies = useReportCompanies(operator);
  const FilterFields = config.FilterFields;
  const phone = usePhoneLayout();
  const [unfolded, setUnfolded] = useState(false);
  // once shown (unfolded on a phone, or on a wider screen), the form stays built with what was typed
  const [built, setBuilt] = useState(false);
  if (!built && (!phone || unfolded)) setBuilt(true);
  const formId = useId();
  const folded = phone && !unfolded;
  const search = () => {
    onSearch();
    setUnfolded(false);
  };
  return (
    <Card className="pc-list-card">
      {phone && (
        <div className="pc-filter-fold">
          <span data-testid="filter-dates">
            <span className="pc-filter-fold-part">
              {reportDateToIso(searchedDates.startDate)} ~ {reportDateToIso(searchedDates.endDate)}
            </span>
            {searchedFilters > 0 && (
              <>
                {" "}
                <span className="pc-filter-fold-part">
                  · {t("reports.filtersOn", { count: searchedFilters })}
                </span>
              </>
            )}
          </span>
          <Button
            icon={<FilterOutlined />}
            aria-expanded={!folded}
            aria-controls={formId}
            onClick={() => setUnfolded(!unfolded)}
            data-testid="filter-fold"
          >
            {folded ? t("reports.showFilters") : t("reports.hideFilters")}
          </Button>
        </div>
      )}
      {built && (
        <div id={formId} className="pc-filter-fold-form" hidden={folded}>
          <FilterBar<FilterForm<V>>
            form={form}
            name="report"
            initialValues={initialForm}
            onSearch={search}
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
        </div>
      )}
    </Card>
  );
}

export const ReportFilters = memo(ReportFiltersForm) as typeof ReportFiltersForm;
