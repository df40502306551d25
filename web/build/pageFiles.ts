/**
 * Writes the build's list of the files each page needs beyond the first load's (contract PageFiles): the
 * signed-in frame's and each page's chunks with everything they import, and their stylesheets, read from Vite's
 * manifest. The server names them in the page it serves at that path (server/src/plugins/web.ts).
 *
 * Without it the browser learns of a page's files only once the first load's scripts have run and the router
 * asks for the page (see web/build/README.md).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest, Plugin } from "vite";
// by path: Vite loads its configuration with Node, which runs no TypeScript from packages
import { PAGE_FILES, type PageFiles } from "../../contract/src/served-page.ts";
import { PAGE_MODULES } from "../src/app/pageModules.ts";
import { PATHS } from "../src/app/paths.ts";
import { initialScripts } from "./initialJs.ts";

/** Where Vite writes its manifest (build.manifest: true), within the build. */
export const MANIFEST = ".vite/manifest.json";
const FRAME_MODULE = "src/app/layout/SignedInFrame.tsx";

const PATH_BY_NAME = new Map<string, string>(Object.entries(PATHS));

function pathOf(name: string): string {
  const found = PATH_BY_NAME.get(name);
  if (!found) throw new Error(`pageModules.ts: ${name} is not a path of paths.ts`);
  return found;
}

/**
 * The files of each page, from the manifest of a build whose first load is `firstLoad` (paths from the root);
 * `modulesOf` names the modules a file holds (as the manifest names them), which the manifest does not say.
 */
export function filesByPage(
  manifest: Manifest,
  firstLoad: readonly string[],
  modulesOf: (file: string) => readonly string[],
): PageFiles {
  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) withImports(imported, into);
    return into;
  };
  // the first load's chunks, which the page names already
  const firstLoadFiles = new Set(firstLoad.map((file) => file.replace(/^\//, "")));
  const inFirstLoad = (key: string) => firstLoadFiles.has(manifest[key]?.file ?? "");

  const dynamicEntries = Object.entries(manifest).filter(([, chunk]) => chunk.isDynamicEntry && chunk.src);

  const filesOf = (module: string): string[] => {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of its own in the build`);
    const closure = withImports(module);
    // the entry of a module the page holds, which other code imports by import() (a report's loader its
    // queries): a few bytes that would otherwise cost a round trip
    const held = new Set([...closure].flatMap((key) => modulesOf(manifest[key]?.file ?? "")));
    for (const [key, entry] of dynamicEntries) {
      if (entry.src && !closure.has(key) && held.has(entry.src)) withImports(key, closure);
    }
    const needed = [...closure].filter((key) => !inFirstLoad(key));
    const scripts = needed.flatMap((key) => manifest[key]?.file ?? []);
    const styles = needed.flatMap((key) => manifest[key]?.css ?? []);
    return [...scripts, ...new Set(styles)].map((file) => `/${file}`);
  };
  return {
    frame: filesOf(FRAME_MODULE),
    pages: Object.fromEntries(
      Object.entries(PAGE_MODULES).map(([name, module]) => [pathOf(name), filesOf(module)]),
    ),
  };
}

export function pageFiles(): Plugin {
  let outDir = "";
  let root = "";
  return {
    name: "page-files",
    apply: "build",
    config: () => ({ build: { manifest: MANIFEST } }),
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const manifest = bundle[MANIFEST];
      const page = bundle["index.html"];
      if (manifest?.type !== "asset" || page?.type !== "asset") {
        return this.error(`the build has no ${MANIFEST} or index.html`);
      }
      const firstLoad = initialScripts(page.source.toString());
      const modules = new Map(
        Object.values(bundle).flatMap((output) =>
          output.type === "chunk"
            ? [[output.fileName, output.moduleIds.map((id) => path.relative(root, id))] as const]
            : [],
        ),
      );
      const modulesOf = (file: string) => modules.get(file) ?? [];
      const files = filesByPage(JSON.parse(manifest.source.toString()) as Manifest, firstLoad, modulesOf);
      writeFileSync(path.join(outDir, PAGE_FILES), JSON.stringify(files));
    },
  };
}
