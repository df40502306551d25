import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A page (or a part of one) split into its own chunk; `preload` fetches the chunk before it renders. */
export type LazyPage<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/** React.lazy over a chunk a loader fetches ahead (`preload`), fetched once whoever asks first. */
export function lazyPage<P extends object = object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyPage<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load();
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
