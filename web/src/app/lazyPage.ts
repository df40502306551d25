import { type ComponentType, createElement, lazy, useState } from "react";

/** A component split into its own chunk; `preload` fetches the chunk before the component renders. */
export type LazyPage<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<unknown>;
};

/**
 * Once preloaded (the route loader does), the page renders its component directly, in the pass that first
 * meets it: React.lazy suspends that pass even for a settled promise, shows the fallback and renders the page
 * hidden behind it until a retry (on the SDK report a dozen renders of the whole page). A page met before its
 * chunk is in renders through React.lazy. Which of the two is chosen once per mount, so a later render never
 * swaps one for the other (which would remount the page).
 */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  const Lazy = lazy(preload);
  function Page(props: P) {
    const [component] = useState<ComponentType<P>>(() => loaded?.default ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload });
}
