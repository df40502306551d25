/**
 * The report batches of report management (days × kind × company): the filtered, paged list, what an operator
 * may do with each batch, and those actions, after which the list reloads.
 */
import {
  addReportDays,
  isoToReportDate,
  type ReportActionValue,
  type ReportBatchListParams,
  type ReportBatchRow,
  type ReportDateWindowAnswer,
  type ReportKindValue,
  type ReportManageAnswer,
  ReportStatus,
  type ReportStatusValue,
} from "@pc/contract";
import type { Dayjs } from "dayjs";
import { queryKeys } from "../../api/queryKeys.ts";
import { reportManagementApi } from "../../api/reports.ts";
import { usePagedList } from "../../components/usePagedList.ts";
import { dayOf, toDayjs } from "../reports/screen/reportScreenConfig.ts";

/** The list starts with the last 14 days ending yesterday. */
const MANAGEMENT_DEFAULT_DAYS = 14;

/** What the operator may do with a batch of each status ("recalculate" is calculate on a day with a report). */
export type ManageAction = ReportActionValue | "recalculate";

export function batchActions(row: Pick<ReportBatchRow, "status" | "stale">): ManageAction[] {
  switch (row.status) {
    case ReportStatus.Pending:
    case ReportStatus.Error:
      return ["calculate"];
    case ReportStatus.Calculated:
      return ["publish", "recalculate", "delete"];
    case ReportStatus.Published:
      return ["recalculate", "delete"];
    default:
      return [];
  }
}

/** A batch's key: one a day, kind and company. */
export const batchKey = (row: Pick<ReportBatchRow, "company_id" | "kind" | "dt">): string =>
  `${row.company_id}|${row.kind}|${row.dt}`;

/** The call an action makes. */
export const apiAction = (action: ManageAction): ReportActionValue =>
  action === "recalculate" ? "calculate" : action;

interface Filters {
  start_date: string;
  end_date: string;
  company_id: number | null;
  kind: ReportKindValue | null;
  status: ReportStatusValue | null;
}

/** The filter form's values. */
export interface BatchFilterValues {
  range: [Dayjs, Dayjs] | null;
  company_id: number | undefined;
  kind: ReportKindValue | undefined;
  status: ReportStatusValue | undefined;
}

export function useReportBatches(dateWindow: ReportDateWindowAnswer) {
  const defaults: Filters = {
    start_date: addReportDays(dateWindow.maxDate, 1 - MANAGEMENT_DEFAULT_DAYS),
    end_date: dateWindow.maxDate,
    company_id: null,
    kind: null,
    status: null,
  };
  const list = usePagedList<Filters, ReportBatchRow>({
    queryKey: queryKeys.reportBatches.list,
    initialFilters: defaults,
    fetch: (params: ReportBatchListParams) => reportManagementApi.batches(params),
  });
  const initialValues: BatchFilterValues = {
    range: [toDayjs(defaults.start_date), toDayjs(defaults.end_date)],
    company_id: undefined,
    kind: undefined,
    status: undefined,
  };
  const reload = () => void list.query.refetch();

  return {
    list,
    initialValues,
    /** Searches the form's values; an emptied date keeps the default. */
    search: (values: BatchFilterValues) => {
      const [start, end] = values.range ?? [null, null];
      list.search({
        start_date: dayOf(start) ?? defaults.start_date,
        end_date: dayOf(end) ?? defaults.end_date,
        company_id: values.company_id ?? null,
        kind: values.kind ?? null,
        status: values.status ?? null,
      });
    },
    reset: () => list.reset(defaults),
    /**
     * An action on a batch, answering the batches it changed; a refusal (already shown by the client) rejects
     * and leaves the list.
     */
    manage: async (action: ManageAction, row: ReportBatchRow): Promise<ReportManageAnswer> => {
      const answer = await reportManagementApi.manage(
        row.kind,
        apiAction(action),
        isoToReportDate(row.dt),
        row.company_id,
      );
      reload();
      return answer;
    },
    /**
     * Calculates a day (yyyyMMdd) that may have no batch yet, for one company or every publisher (null),
     * answering the batches it changed.
     */
    calculateDay: async (kind: ReportKindValue, day: string, companyId: number | null) => {
      const answer = await reportManagementApi.manage(kind, "calculate", day, companyId);
      reload();
      return answer;
    },
  };
}
