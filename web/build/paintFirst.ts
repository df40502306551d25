/**
 * The app's script starts loading once the served sign-in frame has been painted (issue 12).
 *
 * A visitor's page carries the sign-in frame (server/src/plugins/signInShell.ts) and needs only the stylesheets
 * to paint it; the script (300 KB) loaded beside them shared a phone's narrow connection with them and held the
 * first paint back. The build replaces the page's module scripts by a small one that waits for that paint
 * (a frame) when the page has the frame, and starts the app's scripts then. Without the frame (a signed-in
 * user's page, nothing to paint before the app) or in a hidden tab (no frames), they start at once.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";
// by path: Vite loads its configuration with Node, which runs no TypeScript from packages
import { SIGN_IN_SHELL_ID } from "../../contract/src/servedPage.ts";

const MODULE_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g;

function bootScript(entries: string[]): string {
  return `const start = () => { for (const src of ${JSON.stringify(entries)}) import(src); };
if (document.getElementById(${JSON.stringify(SIGN_IN_SHELL_ID)}) && document.visibilityState === "visible") {
  requestAnimationFrame(() => setTimeout(start));
} else {
  start();
}
`;
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
        const entries = [...page.source.matchAll(MODULE_SCRIPT)].map((match) => match[1] ?? "");
        const source = bootScript(entries);
        const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
        const fileName = `assets/boot-${hash}.js`;
        this.emitFile({ type: "asset", fileName, source });
        page.source = page.source
          .replace(MODULE_SCRIPT, "")
          .replace("  </head>", `    <script type="module" src="/${fileName}"></script>\n  </head>`);
      },
    },
  };
}
