import { type ReactElement, useDeferredValue } from "react";

/**
 * Renders a heavy part of a screen (a report's trend and table) in a background pass that yields to the
 * browser every few milliseconds, and mounts it after the rest of the screen (nothing until then).
 *
 * Query answers arrive through useSyncExternalStore, whose updates React always renders at once: a page of
 * report rows arriving mounted the whole table in one task of 0.3–0.6 s on a phone's CPU, a time in which the
 * page took no input. Given as a deferred element, the urgent render stops at the previous element (React skips
 * an element it has already rendered) and the new one renders in time slices.
 */
export function useDeferredElement(element: ReactElement): ReactElement | null {
  return useDeferredValue<ReactElement | null>(element, null);
}
