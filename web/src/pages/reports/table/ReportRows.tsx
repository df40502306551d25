/**
 * A report's rows as the screen's width allows (the phone layout, usePhoneLayout.ts): cards on a phone
 * (ReportCards.tsx), where a table's metrics lay past the screen's edge, the table (ReportTable.tsx) wider.
 *
 * The table's code (antd's Table) is fetched only where it is drawn: a phone never needs it, and on a phone's
 * network its bytes held the report's first numbers back (web/build/README.md).
 */
import { Suspense } from "react";
import { isPhoneLayout, usePhoneLayout } from "../../../app/layout/usePhoneLayout.ts";
import { lazyPage } from "../../../app/lazyPage.ts";
import { ReportCards } from "./ReportCards.tsx";
import type { ReportRowsProps } from "./reportParts.tsx";

const ReportTable = lazyPage<ReportRowsProps>(async () => ({
  default: (await import("./ReportTable.tsx")).ReportTable,
}));

/** Starts fetching the table's code when the window is wide enough to draw it (a report route's loader). */
export function preloadReportRows(): void {
  if (!isPhoneLayout()) void ReportTable.preload();
}

export function ReportRows(props: ReportRowsProps) {
  return usePhoneLayout() ? (
    <ReportCards {...props} />
  ) : (
    <Suspense fallback={null}>
      <ReportTable {...props} />
    </Suspense>
  );
}
