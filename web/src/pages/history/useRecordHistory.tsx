/** A list's record history: the row action that opens a record's changes, and the drawer that shows them. */
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RowAction } from "../../components/rowActions.ts";
import { HistoryDrawer, type HistoryTarget } from "./HistoryDrawer.tsx";

export function useRecordHistory(): { action: (target: HistoryTarget) => RowAction; drawer: ReactNode } {
  const { t } = useTranslation();
  const [shown, setShown] = useState<HistoryTarget | null>(null);
  return {
    action: (target) => ({ key: "history", label: t("history.action"), onClick: () => setShown(target) }),
    drawer: <HistoryDrawer target={shown} onClose={() => setShown(null)} />,
  };
}
