/**
 * The app's script runs once the frame the server drew into the page has been painted (web/build/README.md).
 *
 * The served page carries a frame (web/build/staticShells.tsx) that needs only the stylesheets to paint.
 * A visitor's: the app's script (300 KB) loaded beside the stylesheets shared a phone's narrow connection with
 * them and held the first paint back, so the build writes a second page for visitors whose module scripts are
 * replaced by a small one that waits for that paint (a frame) and fetches and starts them then (at once in a
 * hidden tab, which paints no frames). A signed-in user's page (index.html) needs its 480 KB as early as it can
 * get them for the page and its data: it names the files as module preloads, which the browser's preload
 * scanner fetches at once beside the stylesheets, and the same small script runs them after the paint. Without
 * a drawn frame (a page served without its host's branding) it runs them at once.
 */
import { createHash } from "node:crypto";
import type { Plugin, Rolldown } from "vite";
// by path: Vite loads its configuration with Node, which runs no TypeScript from packages
import { STATIC_SHELL_ID, VISITOR_PAGE } from "../../contract/src/served-page.ts";

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;

/**
 * Runs the files one task each, dependencies first: a module's imports are evaluated with it, so each file's own
 * code runs in its own task and a phone's main thread is free in between. Where the server has drawn a frame,
 * it starts once the frame has been painted, and on the visitor's page (which names no files) it fetches them
 * side by side then; a signed-in page's preload links have fetched them already.
 */
function bootScript(files: string[]): string {
  return `const files = ${JSON.stringify(files)};
const nextTask = () => new Promise((resolve) => setTimeout(resolve));
const run = async () => {
  for (const file of files) {
    await import(file);
    await nextTask();
  }
};
const fetchAndRun = () => {
  for (const href of files) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
  return run();
};
const start = document.querySelector("link[rel=modulepreload]") ? run : fetchAndRun;
if (!document.getElementById(${JSON.stringify(STATIC_SHELL_ID)})) start();
else if (document.visibilityState === "visible") requestAnimationFrame(() => setTimeout(start));
else start();
`;
}

/** The entry's chunk and the chunks it imports, each after its own imports. */
function inEvaluationOrder(bundle: Rolldown.OutputBundle, entries: string[]): string[] {
  const order: string[] = [];
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunk?.type !== "chunk" || order.includes(fileName)) return;
    for (const imported of chunk.imports) visit(imported);
    order.push(fileName);
  };
  for (const entry of entries) visit(entry);
  return order;
}

export function paintFirst(): Plugin {
  return {
    name: "paint-first",
    apply: "build",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const page = bundle["index.html"];
        if (page?.type !== "asset" || typeof page.source !== "string") return;
        const entries = [...page.source.matchAll(MODULE_SCRIPT)].map((match) => (match[1] ?? "").slice(1));
        if (entries.length === 0)
          this.error("index.html has no module script of the form this plugin replaces");
        const files = inEvaluationOrder(bundle, entries).map((fileName) => `/${fileName}`);
        const source = bootScript(files);
        const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
        const fileName = `assets/boot-${hash}.js`;
        this.emitFile({ type: "asset", fileName, source });
        const boot = `    <script type="module" src="/${fileName}"></script>\n  </head>`;
        const withoutScripts = page.source.replace(MODULE_SCRIPT, "");
        // the preload scanner finds the files at once, as it found the scripts; at low priority, behind the
        // stylesheets that the first paint (the drawn frame) waits for
        const preloads = files
          .map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">\n`)
          .join("");
        page.source = withoutScripts.replace("  </head>", `${preloads}${boot}`);
        const visitorPage = withoutScripts.replace("  </head>", boot);
        this.emitFile({ type: "asset", fileName: VISITOR_PAGE, source: visitorPage });
      },
    },
  };
}
