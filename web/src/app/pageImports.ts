/** Each page's module as a chunk of its own, by the name of its path (pageModules.ts). */
import type { ComponentType } from "react";
import { PAGE_MODULES } from "./pageModules.ts";

type PageImport = () => Promise<{ default: ComponentType }>;

/** Every page module, each its own chunk, keyed as this file sees them (`../pages/…`). */
const pageLoaders = import.meta.glob<{ default: ComponentType }>("../pages/**/*Page.tsx");

function loaderOf(module: string): PageImport {
  const load = pageLoaders[module.replace(/^src\//, "../")];
  if (!load) throw new Error(`${module} is not a page module (src/pages/**/*Page.tsx)`);
  return load;
}

export const PAGE_IMPORTS = Object.fromEntries(
  Object.entries(PAGE_MODULES).map(([name, module]) => [name, loaderOf(module)]),
) as Record<keyof typeof PAGE_MODULES, PageImport>;
