import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from "vite";

/** The server (port 8080) answers these paths; everything else is the single-page app. */
const BACKEND = "http://127.0.0.1:8080";
const CONTRACT_SOURCE = /[\\/]contract[\\/]src[\\/]/;
const PROXIED = ["/v1", "/api", "/common", "/sdk", "/external_api", "/docs", "/healthz"];

/** Smaller files gain nothing from compression (and the server sends them as they are). */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at the highest
 * levels since it happens once; the server sends the one the browser accepts (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    closeBundle() {
      const dir = path.resolve(import.meta.dirname, "dist", "assets");
      for (const name of readdirSync(dir).filter((file) => COMPRESSIBLE.test(file))) {
        const file = path.join(dir, name);
        const content = readFileSync(file);
        if (content.length < COMPRESS_FROM_BYTES) continue;
        const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: quality }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** The sign-in page's module: where a visit without a session lands (the guard sends every path there). */
const SIGN_IN_PAGE = /[\\/]src[\\/]pages[\\/]login[\\/]LoginPage\.tsx$/;

/** The chunk and every chunk it imports statically, depth first. */
function staticGraph(bundle: Rollup.OutputBundle, file: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[file];
  if (seen.has(file) || chunk?.type !== "chunk") return seen;
  seen.add(file);
  for (const imported of chunk.imports) staticGraph(bundle, imported, seen);
  return seen;
}

/**
 * Links the sign-in page's chunks and styles from index.html. The route table loads the page lazily, so
 * without this they are only requested once the entry has run and the guard has matched /login: a second
 * round trip on a slow network before the page can paint (issue 12 item 1). A signed-in visit fetches them
 * too; most of them (form, inputs) are chunks its own pages share, and the styles are a few KB.
 */
function preloadSignInPage(): Plugin {
  return {
    name: "preload-sign-in-page",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle }) {
        if (!bundle) return html;
        const page = Object.values(bundle).find(
          (output) => output.type === "chunk" && SIGN_IN_PAGE.test(output.facadeModuleId ?? ""),
        );
        if (!page) throw new Error("preload-sign-in-page: no chunk of the sign-in page");
        const chunks = [...staticGraph(bundle, page.fileName)];
        const css = chunks.flatMap((file) => {
          const chunk = bundle[file];
          return chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
        });
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: "link",
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: "head",
        });
        const absent = (file: string) => !html.includes(`/${file}"`);
        return {
          html,
          tags: [
            ...chunks.filter(absent).map((file) => link("modulepreload", file)),
            ...css.filter(absent).map((file) => link("stylesheet", file)),
          ],
        };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), preloadSignInPage()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @pc/contract declares no side effects, so its zod schemas (and zod itself) reach only the
        // chunks that use them instead of the initial bundle
        moduleSideEffects: (id) => (CONTRACT_SOURCE.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: BACKEND }])),
  },
});
