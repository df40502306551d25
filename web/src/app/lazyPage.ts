import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A component split into its own chunk; `preload` fetches the chunk before the component renders. */
export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

export function lazyPage<P = object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  return Object.assign(lazy(load), { preload: load });
}
