/**
 * The web's initial JavaScript and its budget (300 KB gzip): the module scripts and module preloads that the
 * build's index.html names, which every first load fetches before the app can draw. The build fails past the
 * budget (initialJsBudget), and `npm run bench` reports the figure.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Logger, Plugin } from "vite";

export const INITIAL_JS_BUDGET_GZIP_BYTES = 300 * 1024;

export interface InitialJs {
  files: number;
  rawBytes: number;
  gzipBytes: number;
  /** What is sent: the build's brotli copy of each file (or the file itself, too small to be compressed). */
  brotliBytes: number;
}

/** The scripts (paths from the site's root) that a page of the build loads first: its module scripts and preloads. */
export function initialScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]);
  return [...new Set([...scripts, ...preloads])].filter((file): file is string => Boolean(file));
}

/** The initial JavaScript of the build in `dist`. */
export function measureInitialJs(dist: string): InitialJs {
  const files = initialScripts(readFileSync(path.join(dist, "index.html"), "utf8"));
  const measured = { files: files.length, rawBytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const file of files) {
    const onDisk = path.join(dist, file.replace(/^\//, ""));
    const content = readFileSync(onDisk);
    measured.rawBytes += content.length;
    measured.gzipBytes += gzipSync(content).length;
    measured.brotliBytes += existsSync(`${onDisk}.br`) ? readFileSync(`${onDisk}.br`).length : content.length;
  }
  return measured;
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

/** Fails the build when its initial JavaScript is past the budget; runs after the compressed copies are written. */
export function initialJsBudget(): Plugin {
  let dist = "";
  let logger: Logger | undefined;
  return {
    name: "initial-js-budget",
    apply: "build",
    configResolved(config) {
      dist = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    closeBundle: {
      order: "post",
      handler() {
        // also called when the build failed: its own error is the one to show
        if (!existsSync(path.join(dist, "index.html"))) return;
        const { gzipBytes, brotliBytes, files } = measureInitialJs(dist);
        const figure = `${kilobytes(gzipBytes)} gzip (${kilobytes(brotliBytes)} brotli, ${files} files)`;
        if (gzipBytes > INITIAL_JS_BUDGET_GZIP_BYTES) {
          this.error(
            `initial JavaScript ${figure} is past its budget of ${kilobytes(INITIAL_JS_BUDGET_GZIP_BYTES)}`,
          );
        }
        logger?.info(`initial JavaScript ${figure}`);
      },
    },
  };
}
