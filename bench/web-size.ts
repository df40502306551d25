/**
 * The web's initial JavaScript (at most 300 KB gzip; docs/performance.md): the module scripts and module
 * preloads that web/dist/index.html loads before anything else, gzipped, and as the server sends them to a
 * browser that takes brotli (the build's .br copies). Builds the web first when there is no build.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "web", "dist");

export interface InitialJs {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** What is sent: the build's brotli copy of each file (or the file itself, too small to be compressed). */
  brotliBytes: number;
}

const index = path.join(dist, "index.html");

/** Builds the web when there is no build. */
export function ensureWebBuild(): void {
  if (existsSync(index)) return;
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}${build.stderr}`);
}

export function measureInitialJs(): InitialJs {
  ensureWebBuild();
  const html = readFileSync(index, "utf8");
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  let rawBytes = 0;
  let gzipBytes = 0;
  let brotliBytes = 0;
  const files = [...new Set([...scripts, ...preloads])].filter((file): file is string => Boolean(file));
  for (const file of files) {
    const content = readFileSync(path.join(dist, file.replace(/^\//, "")));
    rawBytes += content.length;
    gzipBytes += gzipSync(content).length;
    const brotli = `${path.join(dist, file.replace(/^\//, ""))}.br`;
    brotliBytes += existsSync(brotli) ? readFileSync(brotli).length : content.length;
  }
  return { files: files.length, rawBytes, gzipBytes, brotliBytes };
}
