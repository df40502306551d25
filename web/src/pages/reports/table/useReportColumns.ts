/** The columns a user chose for a report, its sort and the widths, remembered in this browser. */
import { useState } from "react";
import type { ReportColumnChoice, ReportDef, ReportSort } from "../screen/reportDefs.ts";
import { loadColumnChoice, orderedChoice, saveColumnChoice } from "./columnChoice.ts";
import { type ColumnWidths, clearWidths, loadWidths, saveWidths, withWidth } from "./columnWidths.ts";

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

  /** New columns; the sort stays unless told, and goes with its column. */
  const choose = (next: ReportColumnChoice) => {
    const chosen = orderedChoice(def, { ...next, sort: next.sort === undefined ? choice.sort : next.sort });
    saveColumnChoice(def, chosen);
    setChoice(chosen);
  };

  const sortBy = (sort: ReportSort | null) => choose({ ...choice, sort });

  return { choice, widths, onWidth, resetWidths, choose, sortBy };
}
