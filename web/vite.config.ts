import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { antdFirstScreenStyles } from "./build/antdStyles.tsx";
import { initialJsBudget } from "./build/initialJs.ts";
import { pageFiles } from "./build/pageFiles.ts";
import { paintFirst } from "./build/paintFirst.ts";
import { staticShells } from "./build/staticShells.tsx";

const requireHere = createRequire(import.meta.url);

/** The server (port 8080) answers these paths; everything else is the single-page app. */
const BACKEND = "http://127.0.0.1:8080";
const CONTRACT_SOURCE = /[\\/]contract[\\/]src[\\/]/;
const ANTD_AND_ITS_PARTS =
  /node_modules[\\/](antd|@rc-component|@ant-design|@emotion|stylis|dayjs|@babel|clsx)[\\/]/;
const PROXIED = ["/v1", "/api", "/common", "/sdk", "/external_api", "/docs", "/healthz"];

/** Smaller files gain nothing from compression (and the server sends them as they are). */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at the highest
 * levels since it happens once; the server sends the one the browser accepts (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let assetsDir = "";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle() {
      // also called when the build failed: its own error is the one to show, not a missing folder
      if (!existsSync(assetsDir)) return;
      for (const name of readdirSync(assetsDir).filter((file) => COMPRESSIBLE.test(file))) {
        const file = path.join(assetsDir, name);
        const content = readFileSync(file);
        if (content.length < COMPRESS_FROM_BYTES) continue;
        const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: quality }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * react-router 7 publishes only its development build in its exports (remix-run/react-router#14102): dev
 * warnings and checks on every navigation. A build takes the production one beside it.
 */
const REACT_ROUTER_PRODUCTION_DIR = path.join(
  path.dirname(requireHere.resolve("react-router/package.json")),
  "dist",
  "production",
);
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: path.join(REACT_ROUTER_PRODUCTION_DIR, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: path.join(REACT_ROUTER_PRODUCTION_DIR, "dom-export.mjs") },
];

function reactRouterProduction(): Plugin {
  return {
    name: "react-router-production",
    apply: "build",
    config: () => ({ resolve: { alias: REACT_ROUTER_PRODUCTION } }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    antdFirstScreenStyles(requireHere),
    staticShells(),
    paintFirst(),
    pageFiles(),
    precompress(),
    initialJsBudget(),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // @pc/contract declares no side effects, so its zod schemas (and zod itself) reach only the
        // chunks that use them instead of the initial bundle
        moduleSideEffects: (id) => (CONTRACT_SOURCE.test(id) ? false : undefined),
      },
      output: {
        // What every first load needs goes out in four files, not the ~30 chunks it would be split into: on a
        // phone's network (HTTP/1.1, six connections) each cost a round trip before the first paint. Four, not
        // one, so that the pages' boot module can run them one task each (web/build/paintFirst.ts): evaluated as
        // one file they were one long task of a phone's main thread.
        codeSplitting: {
          groups: [
            {
              name: "react",
              tags: ["$initial"],
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            { name: "antd", tags: ["$initial"], test: ANTD_AND_ITS_PARTS, priority: 2 },
            { name: "libs", tags: ["$initial"], test: /node_modules[\\/]/, priority: 1 },
            { name: "initial", tags: ["$initial"] },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(PROXIED.map((path) => [path, { target: BACKEND }])),
  },
});
