/**
 * An operator (who picks the company whose reports to read) opens on a company that has published data,
 * not on the operator's own empty one: the server names the first such company. Null for everyone else,
 * and when no company has any (the screen then reads the own company).
 */
import type { ReportKindValue } from "@pc/contract";
import type { ReactNode } from "react";
import { PageLoading } from "../../../app/layout/PageSlot.tsx";
import { useReportAccess } from "./useReportAccess.ts";
import { useStartCompany } from "./useReportCompanies.ts";

export function WithStartCompany({
  kind,
  children,
}: {
  kind: ReportKindValue;
  children: (startCompanyId: number | null) => ReactNode;
}) {
  const access = useReportAccess();
  const start = useStartCompany(kind, access.operator);
  if (access.pending || (access.operator && start.pending)) return <PageLoading />;
  return children(access.operator ? start.companyId : null);
}
