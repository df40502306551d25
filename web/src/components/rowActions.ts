/**
 * Table row actions (docs/rules/screens.md#shared-behaviours; docs/rules/constants.md): the first 3 inline,
 * any more in a more-menu.
 */
import type { ReactNode } from "react";

export const MAX_INLINE_ACTIONS = 3;

export interface RowAction {
  key: string;
  label: ReactNode;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
  /** Not offered for this row. */
  hidden?: boolean;
}

/** The visible actions split into the inline ones and the more-menu's. */
export function splitActions<T extends Pick<RowAction, "hidden">>(
  actions: readonly T[],
  max = MAX_INLINE_ACTIONS,
): { inline: T[]; more: T[] } {
  const visible = actions.filter((action) => !action.hidden);
  return { inline: visible.slice(0, max), more: visible.slice(max) };
}
