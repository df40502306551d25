/**
 * Writes the build's list of the files each page needs beyond the first load's (contract PageFiles): the
 * signed-in frame's and each page's chunks with everything they import, and their stylesheets. The server
 * names them in the page it serves at that path (server/src/plugins/web.ts).
 *
 * Without it the browser learns of a page's files only once the first load's scripts have run and the router
 * asks for the page: on a phone that is the report's 35 files starting half a second late (a round trip
 * after 300 KB), and the script adding one preload link per file took ~100 ms of the main thread (4x CPU).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";
// by path: Vite loads its configuration with Node, which runs no TypeScript from packages
import { PAGE_FILES, type PageFiles } from "../../contract/src/served-page.ts";
import { PATHS } from "../src/app/paths.ts";

const PAGE_IMPORTS_MODULE = "src/app/pageImports.ts";
const FRAME_MODULE = "src/app/layout/SignedInFrame.tsx";
/** One entry of PAGE_IMPORTS: `  sdkReports: () => import("../pages/reports/screen/SdkReportsPage.tsx"),`. */
const PAGE_IMPORT = /^ {2}(\w+): \(\) => import\("([^"]+)"\),$/gm;

function isPathName(name: string): name is keyof typeof PATHS {
  return Object.hasOwn(PATHS, name);
}

/** Each path's page module (relative to the web's root), as PAGE_IMPORTS lists them. */
function pageModules(root: string): [path: string, module: string][] {
  const source = readFileSync(path.join(root, PAGE_IMPORTS_MODULE), "utf8");
  const entries = [...source.matchAll(PAGE_IMPORT)];
  if (entries.length !== source.split("import(").length - 1) {
    throw new Error(`${PAGE_IMPORTS_MODULE} has an entry that is not \`  name: () => import("…"),\``);
  }
  return entries.map(([, name = "", specifier = ""]) => {
    if (!isPathName(name)) throw new Error(`${PAGE_IMPORTS_MODULE}: ${name} is not a path of paths.ts`);
    return [PATHS[name], path.join(path.dirname(PAGE_IMPORTS_MODULE), specifier)];
  });
}

export function pageFiles(): Plugin {
  let root = "";
  return {
    name: "page-files",
    apply: "build",
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is Rolldown.OutputChunk => output.type === "chunk",
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (file: string, into = new Set<string>()): Set<string> => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
        return into;
      };
      // the first load's files, which the page names already
      const firstLoad = new Set<string>();
      for (const chunk of chunks.filter((chunk) => chunk.isEntry)) withImports(chunk.fileName, firstLoad);

      // a chunk of stylesheets only, which Vite leaves out of the build once its stylesheets are linked
      const onlyStyles = (file: string) => {
        const ids = byFile.get(file)?.moduleIds ?? [];
        return ids.length > 0 && ids.every((id) => /\.css($|\?)/.test(id));
      };
      const filesOf = (module: string): string[] => {
        const id = path.join(root, module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) throw new Error(`${module} is not a chunk of its own in the build`);
        const closure = withImports(chunk.fileName);
        // the entry of a module the page holds, which other code imports by import() (a report's loader its
        // queries): a few bytes that would otherwise cost a round trip
        const modules = new Set([...closure].flatMap((file) => byFile.get(file)?.moduleIds ?? []));
        for (const entry of chunks) {
          if (entry.isDynamicEntry && entry.facadeModuleId && modules.has(entry.facadeModuleId)) {
            withImports(entry.fileName, closure);
          }
        }
        const needed = [...closure].filter((file) => !firstLoad.has(file));
        const styles = needed.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const scripts = needed.filter((file) => !onlyStyles(file));
        return [...scripts, ...new Set(styles)].map((file) => `/${file}`);
      };
      const files: PageFiles = {
        frame: filesOf(FRAME_MODULE),
        pages: Object.fromEntries(pageModules(root).map(([page, module]) => [page, filesOf(module)])),
      };
      this.emitFile({ type: "asset", fileName: PAGE_FILES, source: JSON.stringify(files) });
    },
  };
}
