/**
 * Column preferences (docs/rules/reports.md#columns; docs/rules/validation.md#column-customisation): the
 * dimensions and data columns chosen in the custom-column dialog and the column the table is sorted by, saved
 * per report in localStorage and restored on load. A stored choice is read defensively: unknown codes and
 * keys are dropped, the report's own order is kept, and anything unusable (not saved, unreadable, or breaking
 * the at-least-one rule) gives the defaults.
 */
import { checkColumnChoice } from "@pc/contract";
import { type ReportColumnChoice, type ReportDef, sortOfChoice } from "../screen/reportDefs.ts";

/**
 * The choice in the report's order (dimension codes, then data columns as the contract lists them),
 * deduplicated, with its sort when that sorts a chosen column.
 */
export function orderedChoice(def: ReportDef, choice: ReportColumnChoice): ReportColumnChoice {
  const columns = {
    dimensions: def.dimensions.map((d) => d.code).filter((code) => choice.dimensions.includes(code)),
    metrics: def.metrics.map((m) => m.key).filter((key) => choice.metrics.includes(key)),
  };
  const sort = sortOfChoice(def, columns, choice.sort);
  return sort ? { ...columns, sort } : columns;
}

/** A stored value as a choice of this report, or null when it is not one. */
export function parseColumnChoice(def: ReportDef, value: unknown): ReportColumnChoice | null {
  if (typeof value !== "object" || value === null) return null;
  const { dimensions, metrics, sort } = value as { dimensions?: unknown; metrics?: unknown; sort?: unknown };
  if (!Array.isArray(dimensions) || !Array.isArray(metrics)) return null;
  const columns = {
    dimensions: dimensions.filter((code): code is number => typeof code === "number"),
    metrics: metrics.filter((key): key is string => typeof key === "string"),
  };
  const choice = orderedChoice(def, { ...columns, sort: sortOfChoice(def, columns, sort) });
  return checkColumnChoice(choice) === null ? choice : null;
}

export function loadColumnChoice(def: ReportDef, storage: Storage = localStorage): ReportColumnChoice {
  let stored: unknown = null;
  try {
    const text = storage.getItem(def.columnsKey);
    stored = text ? JSON.parse(text) : null;
  } catch {
    stored = null;
  }
  return parseColumnChoice(def, stored) ?? orderedChoice(def, def.defaults);
}

export function saveColumnChoice(
  def: ReportDef,
  choice: ReportColumnChoice,
  storage: Storage = localStorage,
) {
  try {
    storage.setItem(def.columnsKey, JSON.stringify(orderedChoice(def, choice)));
  } catch {
    // storage unavailable: the choice holds for this visit only
  }
}
