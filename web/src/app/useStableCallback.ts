import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * A function of one identity for the component's life that calls the latest `callback`: a handler handed to a
 * memoized child keeps the child from rendering again each time the parent does.
 */
export function useStableCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
