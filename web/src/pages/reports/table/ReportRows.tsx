/**
 * A report's rows as the screen's width allows (the phone layout, usePhoneLayout.ts): cards on a phone
 * (ReportCards.tsx), where a table's metrics lay past the screen's edge, the table (ReportTable.tsx) wider.
 */
import { usePhoneLayout } from "../../../app/layout/usePhoneLayout.ts";
import { ReportCards } from "./ReportCards.tsx";
import { ReportTable, type ReportTableProps } from "./ReportTable.tsx";

export function ReportRows(props: ReportTableProps) {
  return usePhoneLayout() ? <ReportCards {...props} /> : <ReportTable {...props} />;
}
