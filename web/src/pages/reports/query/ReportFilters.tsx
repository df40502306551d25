/**
 * A report screen's filters (docs/rules/screens.md#shared-behaviours; docs/rules/validation.md#report-dates):
 * the company (for an operator), the date range inside the server's window (one picker with presets,
 * ReportRangeField.tsx), the report's own filters and the comparison, with Search and Reset
 * (ReportFilterForm.tsx, fetched where it is first drawn: at once on a wider screen). Memoized with
 * handlers of one identity: the screen renders again for every answer of its queries, the form only when its
 * own state changes (on a phone's CPU a render of the form was a 50 ms task per answer).
 *
 * On a phone the form is folded to one line, the searched dates and a Filters button, so the report's numbers
 * are on the first screen (seven fields took all of it); it unfolds on the button and folds again after a search.
 * Built when first unfolded, it is kept (hidden) after, with what was typed.
 */
import { FilterOutlined } from "@ant-design/icons";
import { type ReportDateWindowAnswer, reportDateToIso } from "@pc/contract";
import { Button, Card, type FormInstance } from "antd";
import { memo, Suspense, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { isPhoneLayout, usePhoneLayout } from "../../../app/layout/usePhoneLayout.ts";
import { type LazyPage, lazyPage } from "../../../app/lazyPage.ts";
import type { FilterForm, ReportScreenConfig } from "../screen/reportScreenConfig.ts";
import type { CompareChoice } from "../screen/useReportData.ts";
import type { ReportDates } from "./queryInput.ts";

const ReportFilterFormChunk = lazyPage(async () => ({
  default: (await import("./ReportFilterForm.tsx")).ReportFilterForm,
}));
// React.lazy's component loses the form's type parameters; its own generic signature is put back
const ReportFilterForm =
  ReportFilterFormChunk as unknown as typeof import("./ReportFilterForm.tsx").ReportFilterForm;

/**
 * Starts fetching the filters' form and the report's own fields (`fields`) when the window is wide enough to
 * show them unfolded (a report's loader).
 */
export function preloadReportFilters(fields: LazyPage): void {
  if (isPhoneLayout()) return;
  void ReportFilterFormChunk.preload();
  void fields.preload();
}

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
            onClick={() => {
              // the fields' chunk beside the form's, not after it
              void config.FilterFields.preload();
              setUnfolded(!unfolded);
            }}
            data-testid="filter-fold"
          >
            {folded ? t("reports.showFilters") : t("reports.hideFilters")}
          </Button>
        </div>
      )}
      {built && (
        <div id={formId} className="pc-filter-fold-form" hidden={folded}>
          <Suspense fallback={null}>
            <ReportFilterForm
              config={config}
              form={form}
              dateWindow={dateWindow}
              initialForm={initialForm}
              onSearch={search}
              onReset={onReset}
              onCompare={onCompare}
            />
          </Suspense>
        </div>
      )}
    </Card>
  );
}

export const ReportFilters = memo(ReportFiltersForm) as typeof ReportFiltersForm;
