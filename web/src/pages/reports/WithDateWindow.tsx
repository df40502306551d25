/** Renders a report page once the server's date window is known: a spinner meanwhile, a retry if it fails. */
import type { ReportDateWindowAnswer } from "@pc/contract";
import { useQuery } from "@tanstack/react-query";
import { Button, Result } from "antd";
import { type ReactNode, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { PageLoading } from "../../app/layout/PageSlot.tsx";
import { dateWindowQuery } from "./reportScreenConfig.ts";

export function WithDateWindow({
  children,
}: {
  children: (dateWindow: ReportDateWindowAnswer) => ReactNode;
}) {
  const { t } = useTranslation();
  const window = useQuery(dateWindowQuery);
  // the screen mounts in time slices once the window is known, not in one task (see useDeferredElement)
  const dateWindow = useDeferredValue(window.data);
  if (window.isError) {
    return (
      <Result
        status="warning"
        title={t("error.loadFailed")}
        extra={<Button onClick={() => void window.refetch()}>{t("error.retry")}</Button>}
      />
    );
  }
  if (!dateWindow) return <PageLoading />;
  return children(dateWindow);
}
