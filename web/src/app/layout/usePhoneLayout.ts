import { useSyncExternalStore } from "react";

/** antd's breakpoints (its screenMD, screenLG, screenXL and screenXXL tokens). */
const SCREEN_MIN_WIDTH = { md: 768, lg: 992, xl: 1200, xxl: 1600 } as const;
export type Screen = keyof typeof SCREEN_MIN_WIDTH;

interface ScreenQuery {
  subscribe: (onChange: () => void) => () => void;
  matches: () => boolean;
}

const screenQueries = new Map<Screen, ScreenQuery>();

function screenQuery(screen: Screen): ScreenQuery {
  const known = screenQueries.get(screen);
  if (known) return known;
  const media = window.matchMedia(`(min-width: ${SCREEN_MIN_WIDTH[screen]}px)`);
  const query: ScreenQuery = {
    subscribe: (onChange) => {
      media.addEventListener("change", onChange);
      return () => media.removeEventListener("change", onChange);
    },
    matches: () => media.matches,
  };
  screenQueries.set(screen, query);
  return query;
}

/**
 * Whether the window is at least as wide as one of antd's breakpoints, read from its media query while
 * rendering. antd's Grid.useBreakpoint answers only in a layout effect: the frame rendered for a desktop first,
 * then again, whole and in one synchronous pass, for the real width (0.1 s of a phone's CPU on every load).
 */
export function useScreen(screen: Screen): boolean {
  const query = screenQuery(screen);
  return useSyncExternalStore(query.subscribe, query.matches);
}

/** Below antd's `md` breakpoint (768 px): the phone layout (menu in a drawer, tighter padding, fewer table columns). */
export function usePhoneLayout(): boolean {
  return !useScreen("md");
}

/** The phone layout now, outside a render (a loader deciding what to fetch). */
export const isPhoneLayout = (): boolean => !screenQuery("md").matches();
