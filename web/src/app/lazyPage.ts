import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A component split into its own chunk; `preload` fetches the chunk before the component renders. */
export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * A loaded module as a thenable that hands it over at once. React.lazy given a promise suspends the first
 * render even when the promise has settled: the nearest fallback is shown and the page renders hidden behind
 * it until a retry reveals it. On the SDK report that was a dozen renders of the whole page (each hidden pass
 * deferred its results again). React takes any thenable here (its types say Promise).
 */
function handedOver<T>(value: T): Promise<T> {
  const thenable = {
    // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes, and this one settles at once
    then(onFulfilled: (loaded: T) => void) {
      onFulfilled(value);
      return thenable;
    },
  };
  return thenable as unknown as Promise<T>;
}

export function lazyPage<P = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  // once preloaded (the route loader does), the component renders in the pass that first meets it
  return Object.assign(
    lazy(() => (loaded ? handedOver(loaded) : preload())),
    { preload },
  );
}
