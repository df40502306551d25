/** The columns a user chose for a report and their widths, both remembered in this browser. */
import { useState } from "react";
import { loadColumnChoice, saveColumnChoice } from "./columnChoice.ts";
import { type ColumnWidths, clearWidths, loadWidths, saveWidths, withWidth } from "./columnWidths.ts";
import type { ReportColumnChoice, ReportDef } from "./reportDefs.ts";

export function useReportColumns(def: ReportDef) {
  const [choice, setChoice] = useState<ReportColumnChoice>(() => loadColumnChoice(def));
  const [widths, setWidths] = useState<ColumnWidths>(() => loadWidths(def.widthsKey));

  /** A column dragged to a width; kept once the drag is done. */
  const onWidth = (column: string, width: number, done: boolean) => {
    setWidths((current) => {
      const next = withWidth(current, column, width);
      if (done) saveWidths(def.widthsKey, next);
      return next;
    });
  };

  const resetWidths = () => {
    clearWidths(def.widthsKey);
    setWidths({});
  };

  const choose = (next: ReportColumnChoice) => {
    saveColumnChoice(def, next);
    setChoice(next);
  };

  return { choice, widths, onWidth, resetWidths, choose };
}
