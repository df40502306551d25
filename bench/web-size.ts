/**
 * The web's initial JavaScript (web/build/initialJs.ts measures it and holds its budget), of the build in
 * web/dist. Builds the web first when there is no build.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type InitialJs, measureInitialJs as measureBuild } from "../web/build/initialJs.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "web", "dist");

/** Builds the web when there is no build. */
export function ensureWebBuild(): void {
  if (existsSync(path.join(dist, "index.html"))) return;
  const build = spawnSync("npm", ["run", "build", "-w", "web"], { cwd: root, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`the web build failed:\n${build.stdout}${build.stderr}`);
}

export function measureInitialJs(): InitialJs {
  ensureWebBuild();
  return measureBuild(dist);
}
