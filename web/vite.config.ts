import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/** The server (port 8080) answers these paths; everything else is the single-page app. */
const BACKEND = "http://127.0.0.1:8080";
const CONTRACT_SOURCE = /[\\/]contract[\\/]src[\\/]/;
const PROXIED = ["/v1", "/api", "/common", "/sdk", "/external_api", "/docs", "/healthz"];

export default defineConfig({
  plugins: [react()],
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
